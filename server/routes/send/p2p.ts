import { Hono, type Context } from 'hono'
import { PROD_TYPE } from '../../../src/domain/constants'
import { P2P_SEND_PATH, PREVIEW_LIMIT, type GroupPreviewPayload } from '../../../src/domain/send'
import type { Deps } from '../../deps'
import type { Db } from '../../db'
import { ok } from '../../http/envelope'
import { operation, type FormInput } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { p2pSend, previewP2p, readP2pMessages } from '../../send/p2p-send'
import { chargeFor } from '../../../src/domain/money'
import { priceOf } from '../../send/store'
import { partBytes, sendBodyLimit, senderOf, sendMemory } from './form'

export function p2pSendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  r.use(P2P_SEND_PATH, sendBodyLimit(), requireUser(db), sendMemory(deps))

  operation(r, P2P_SEND_PATH, async (c, input) => {
    const { payload, form } = await input()
    const file = await partBytes(form, 'rows')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    // An account without the product is refused before its rows are read.
    await priceOf(db, cusId, PROD_TYPE.ordinary)
    return ok(c, await p2pSend(db, cusId, payload, readP2pMessages(file, payload.template)))
  })
  return r
}

/** /user/groupPreview of a point-to-point send: its form carries a `rows` part (and payload.template). */
export async function p2pPreview(c: Context<AppEnv>, db: Db, payload: GroupPreviewPayload, form: FormInput<GroupPreviewPayload>['form']) {
  const file = await partBytes(form, 'rows')
  const cusId = await senderOf(db, c.get('user'), payload.cus_id)
  const price = await priceOf(db, cusId, PROD_TYPE.ordinary)
  const preview = previewP2p(file, payload.template ?? payload.content ?? '', PREVIEW_LIMIT)
  return ok(c, { ...preview, cost: chargeFor(preview.total_messages, price) })
}
