import { Hono } from 'hono'
import { measureContent } from '../../../src/domain/billing'
import { PROD_TYPE } from '../../../src/domain/constants'
import { fillInteract, hasInteract, INTERACT_CODE_LENGTH, interactUrl } from '../../../src/domain/interact'
import { PREVIEW_LIMIT } from '../../../src/domain/send'
import type { Deps } from '../../deps'
import { ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { previewGroup, readNumbers } from '../../send/group-send'
import { sendSameContent } from '../../send/interact-send'
import { chargeFor } from '../../../src/domain/money'
import { priceOf } from '../../send/store'
import { partBytes, sendBodyLimit, senderOf, sendMemory } from './form'
import { cspSendRoutes } from './csp'
import { intlSendRoutes } from './intl'
import { baseOf, linkSendRoutes } from './link'
import { p2pPreview, p2pSendRoutes } from './p2p'
import { videoSendRoutes } from './video'

export function sendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const limit = sendBodyLimit()
  r.use('/user/groupSend', limit, requireUser(db), sendMemory(deps))
  r.use('/user/groupPreview', limit, requireUser(db), sendMemory(deps))

  operation(r, '/user/groupSend', async (c, input) => {
    const { payload, form } = await input()
    const file = await partBytes(form, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    return ok(c, await sendSameContent(db, cusId, payload, readNumbers(file), baseOf(deps)))
  })

  operation(r, '/user/groupPreview', async (c, input) => {
    const { payload, form } = await input()
    if (form.rows !== undefined) return p2pPreview(c, db, payload, form)
    const file = await partBytes(form, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    const typed = payload.content ?? payload.template ?? ''
    // With {interact}, each recipient's message carries its page address: shown and counted with an example one.
    const content = hasInteract(typed) ? fillInteract(typed, interactUrl(baseOf(deps), 'x'.repeat(INTERACT_CODE_LENGTH))) : typed
    const numbers = readNumbers(file)
    const price = await priceOf(db, cusId, PROD_TYPE.ordinary)
    const total = measureContent(content).messages * numbers.mobiles.length
    return ok(c, {
      messages: previewGroup(content, numbers.mobiles, PREVIEW_LIMIT),
      numbers: numbers.mobiles.length,
      invalid: numbers.invalid,
      duplicates: numbers.duplicates,
      total_messages: total,
      cost: chargeFor(total, price),
    })
  })
  // "Save as template" (/user/templateAdd) lives with the other template writes: server/templates/content-routes.ts.
  // One router per send kind (p2p, link, video, csp, international), each mounting its own paths and limits.
  for (const kind of [p2pSendRoutes, linkSendRoutes, videoSendRoutes, cspSendRoutes, intlSendRoutes]) r.route('/', kind(deps))
  return r
}
