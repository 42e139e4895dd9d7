import { Hono, type Context } from 'hono'
import { PROD_TYPE } from '../../../src/domain/constants'
import { groupPreviewSchema, P2P_SEND_PATH, p2pSendSchema, PREVIEW_LIMIT } from '../../../src/domain/send'
import type { Deps } from '../../deps'
import type { Db } from '../../db'
import { ok } from '../../http/envelope'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { p2pSend, previewP2p, readP2pMessages } from '../../send/p2p-send'
import { chargeFor } from '../../../src/domain/money'
import { priceOf } from '../../send/store'
import { readForm, sendBodyLimit, senderOf } from './form'

export function p2pSendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  r.use(P2P_SEND_PATH, sendBodyLimit(), requireUser(db))

  r.post(P2P_SEND_PATH, async (c) => {
    const { payload, file } = await readForm(c, p2pSendSchema, 'rows')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    // An account without the product is refused before its rows are read.
    await priceOf(db, cusId, PROD_TYPE.ordinary)
    return ok(c, await p2pSend(db, cusId, payload, readP2pMessages(file, payload.template)))
  })
  return r
}

/**
 * /user/groupPreview of a point-to-point send: its form carries a `rows` part (and payload.template). Hono caches
 * the parsed form, so the group route can ask first and read the form afterwards either way.
 */
export async function isP2pPreview(c: Context): Promise<boolean> {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) return false
  const form = await c.req.parseBody().catch(() => null)
  return form?.rows !== undefined
}

export async function p2pPreview(c: Context<AppEnv>, db: Db) {
  const { payload, file } = await readForm(c, groupPreviewSchema, 'rows')
  const cusId = await senderOf(db, c.get('user'), payload.cus_id)
  const price = await priceOf(db, cusId, PROD_TYPE.ordinary)
  const preview = previewP2p(file, payload.template ?? payload.content ?? '', PREVIEW_LIMIT)
  return ok(c, { ...preview, cost: chargeFor(preview.total_messages, price) })
}
