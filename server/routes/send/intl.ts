import { Hono } from 'hono'
import { measureContent } from '../../../src/domain/billing'
import { PROD_TYPE } from '../../../src/domain/constants'
import { PREVIEW_LIMIT } from '../../../src/domain/send'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation, type Refusal } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { previewGroup } from '../../send/group-send'
import { costByCountry, countryList, intlSend, readIntlNumbers } from '../../send/intl-send'
import { costOf, priceOf } from '../../send/store'
import { partBytes, sendBodyLimit, senderOf, sendMemory } from './form'

/**
 * A refused payload named by the rule of spec section 5 it breaks (account not selected, sender id not letters and
 * digits) rather than the general badRequest, so the console can show the server's words.
 */
const bySection5: Refusal = (error) => {
  const fields = new Set(error.issues.map((i) => i.path[0]))
  if (fields.has('cus_id')) return new ApiError(400, 'accountRequired')
  if (fields.has('sender_id')) return new ApiError(400, 'invalidSenderId')
  return new ApiError(400, 'badRequest')
}

/** International send: /user/intlGroupSend and its preview (src/domain/send-intl.ts). */
export function intlSendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const limit = sendBodyLimit()
  r.use('/user/intlGroupSend', limit, requireUser(db), sendMemory(deps))
  r.use('/user/intlGroupPreview', limit, requireUser(db), sendMemory(deps))

  operation(r, '/user/intlGroupSend', async (c, input) => {
    const { payload, form } = await input(bySection5)
    const file = await partBytes(form, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    const numbers = readIntlNumbers(file, await countryList(db, cusId))
    return ok(c, await intlSend(db, cusId, payload, numbers))
  })

  operation(r, '/user/intlGroupPreview', async (c, input) => {
    const { payload, form } = await input(bySection5)
    const file = await partBytes(form, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    await priceOf(db, cusId, PROD_TYPE.international)
    const content = payload.content ?? ''
    const countries = await countryList(db, cusId)
    const numbers = readIntlNumbers(file, countries)
    const byCountry = costByCountry(numbers, content, countries)
    return ok(c, {
      messages: previewGroup(content, numbers.mobiles, PREVIEW_LIMIT),
      numbers: numbers.mobiles.length,
      invalid: numbers.invalid,
      duplicates: numbers.duplicates,
      total_messages: measureContent(content).messages * numbers.mobiles.length,
      cost: costOf({ mobiles: numbers.mobiles, contents: content, unitPrices: numbers.unitPrices }, 0),
      by_country: byCountry,
    })
  })
  return r
}
