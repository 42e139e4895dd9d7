import { Hono } from 'hono'
import { measureContent } from '../../../src/domain/billing'
import { PROD_TYPE } from '../../../src/domain/constants'
import { fillInteract, hasInteract, INTERACT_CODE_LENGTH, interactUrl } from '../../../src/domain/interact'
import { groupPreviewSchema, groupSendSchema, PREVIEW_LIMIT, templateAddSchema } from '../../../src/domain/send'
import type { Deps } from '../../config'
import { ApiError, body, ok } from '../../http/envelope'
import { requireUser, type AppEnv } from '../../http/session'
import { consumeRate } from '../../security/rate-limit'
import { previewGroup, readNumbers } from '../../send/group-send'
import { sendSameContent } from '../../send/interact-send'
import { priceOf, roundMoney } from '../../send/store'
import { readForm, sendBodyLimit, senderOf } from './form'
import { cspSendRoutes } from './csp'
import { intlSendRoutes } from './intl'
import { baseOf, linkSendRoutes } from './link'
import { isP2pPreview, p2pPreview, p2pSendRoutes } from './p2p'
import { videoSendRoutes } from './video'

export function sendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const limit = sendBodyLimit()
  r.use('/user/groupSend', limit, requireUser(db))
  r.use('/user/groupPreview', limit, requireUser(db))

  r.post('/user/groupSend', async (c) => {
    const { payload, file } = await readForm(c, groupSendSchema, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    return ok(c, await sendSameContent(db, cusId, payload, readNumbers(file), baseOf(c, deps)))
  })

  r.post('/user/groupPreview', async (c) => {
    if (await isP2pPreview(c)) return p2pPreview(c, db)
    const { payload, file } = await readForm(c, groupPreviewSchema, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    const typed = payload.content ?? payload.template ?? ''
    // With {interact}, each recipient's message carries its page address: shown and counted with an example one.
    const content = hasInteract(typed) ? fillInteract(typed, interactUrl(baseOf(c, deps), 'x'.repeat(INTERACT_CODE_LENGTH))) : typed
    const numbers = readNumbers(file)
    const price = await priceOf(db, cusId, PROD_TYPE.ordinary)
    const total = measureContent(content).messages * numbers.mobiles.length
    return ok(c, {
      messages: previewGroup(content, numbers.mobiles, PREVIEW_LIMIT),
      numbers: numbers.mobiles.length,
      invalid: numbers.invalid,
      duplicates: numbers.duplicates,
      total_messages: total,
      cost: roundMoney(total * price),
    })
  })
  // "Save as template" on the bulk and point-to-point pages: one pending template per distinct text and account
  // (a rejected one may be submitted again). The row lock on the account serialises two clicks of the same text.
  r.post('/user/templateAdd', requireUser(db), async (c) => {
    const p = await body(c, templateAddSchema)
    const cusId = await senderOf(db, c.get('user'), p.cus_id)
    await consumeRate(deps, 'templateAdd', cusId)
    const saved = await db.transaction(async (tx) => {
      await tx.query('select 1 from customer where cus_id = $1 for update', [cusId])
      const { rows: same } = await tx.query(
        'select 1 from content_template where cus_id = $1 and template_content = $2 and check_status in (0, 1, 2)', [cusId, p.template_content])
      if (same.length) throw new ApiError(409, 'templateExists')
      const { rows } = await tx.query<{ id: number; check_status: number }>(
        `insert into content_template (cus_id, template_content, check_status, create_time) values ($1, $2, 0, now())
         returning id, check_status::int as check_status`, [cusId, p.template_content])
      return rows[0]
    })
    return ok(c, saved)
  })
  // One router per send kind (p2p, link, video, csp, international), each mounting its own paths and limits.
  for (const kind of [p2pSendRoutes, linkSendRoutes, videoSendRoutes, cspSendRoutes, intlSendRoutes]) r.route('/', kind(deps))
  return r
}
