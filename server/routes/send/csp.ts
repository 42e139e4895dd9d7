import { Hono } from 'hono'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { chatbotsOf, cspSend, cspSendContentOf } from '../../send/csp-send'
import { readNumbers } from '../../send/group-send'
import { withMedia } from '../../templates/media'
import { partBytes, sendBodyLimit, senderOf, sendMemory } from './form'

/**
 * 5G (csp) send, the chatbots it sends from and the template preview it shows (src/domain/send-csp.ts). Each call
 * acts for the caller, one of its sub-accounts, or (administrator) any account: senderOf's rule, else 403.
 */
export function cspSendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  r.use('/cspTemplate/cspSmsGroupSend', sendBodyLimit(), requireUser(db), sendMemory(deps))
  r.use('/cspTemplate/getSendContentByCusTemplateId', requireUser(db))
  r.use('/user/getChatbotList', requireUser(db))

  operation(r, '/user/getChatbotList', async (c, input) => {
    const q = await input()
    const cusId = await senderOf(db, c.get('user'), q.cus_id || undefined)
    return ok(c, await chatbotsOf(db, cusId))
  })

  // Any status: the template screens preview pending templates too; the send itself requires approval.
  operation(r, '/cspTemplate/getSendContentByCusTemplateId', async (c, input) => {
    const q = await input()
    const cusId = await senderOf(db, c.get('user'), q.cus_id)
    const content = await cspSendContentOf(db, cusId, q.template_id)
    if (!content) throw new ApiError(404, 'notFound')
    return ok(c, { ...content, cspCardList: await withMedia(db, deps.mediaUrls, cusId, content.cspCardList) })
  })

  operation(r, '/cspTemplate/cspSmsGroupSend', async (c, input) => {
    const { payload, form } = await input()
    const file = await partBytes(form, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    return ok(c, await cspSend(db, cusId, payload, readNumbers(file)))
  })
  return r
}
