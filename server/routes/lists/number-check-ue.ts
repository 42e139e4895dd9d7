import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { UE_UPLOAD_LIMIT_BYTES } from '../../../src/domain/number-check-ue'
import type { Deps } from '../../deps'
import { ApiError, fail, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { downloadResponse, Where } from '../../lists'
import { aimOf } from '../../number-check/ue-checker'
import { chinaDay } from '../../number-check/online'
import { confirmUeUpload, storeUeUpload } from '../../number-check/ue-store'
import { consumeRate } from '../../security/rate-limit'
import { readNumbers } from '../../send/group-send'
import { partBytes, senderOf } from '../send/form'
import { col, fileColumns, type Row } from './common'

/** The multipart overhead on top of the 15 MB of numbers (payload field, boundaries). */
const FORM_SLACK = 64 * 1024

/** The 5G terminal (UE) file check and the read-message capability check (src/domain/number-check-ue.ts). */
export function ueCheckRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  /**
   * Stores the file's distinct valid numbers as an unconfirmed UE file and answers what checking it costs. The
   * console sends the numbers worker's output (txt, csv and spreadsheets are read in the page's worker); the server
   * parses the part again with the same parser, so an API caller may send any text of numbers.
   */
  operation(r, '/file/uploadMobileUe', auth,
    bodyLimit({ maxSize: UE_UPLOAD_LIMIT_BYTES + FORM_SLACK, onError: (c) => fail(c, new ApiError(413, 'badRequest')) }),
    async (c, input) => {
      const { payload, form } = await input()
      const file = await partBytes(form, 'numbers')
      const cusId = await senderOf(db, c.get('user'), payload.cus_id)
      await consumeRate(deps, 'numberCheckUe', cusId)
      return ok(c, await storeUeUpload(db, c, cusId, payload.file_name, readNumbers(file)))
    })

  /** Confirms and pays an upload of the caller's scope; the background checker takes it from there. */
  operation(r, '/mobileUe/uploadCheck', auth, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 'u.cus_id')
    w.and(`u.batch_id = ${w.bind(q.batch_id)}`)
    const { rows } = await db.query<{ cus_id: string }>(`select u.cus_id from mobile_ue_file u ${w.sql}`, w.params)
    if (!rows[0]) throw new ApiError(404, 'notFound')
    const cusId = await senderOf(db, user, rows[0].cus_id)
    return ok(c, await confirmUeUpload(db, c, cusId, q.batch_id, q.idempotency_key))
  })

  /**
   * Which of the numbers can receive read messages, as a file (mobile, 1 or 0), in the order given, duplicates
   * answered once. A lookup before a read-message send, free of charge like the operator lookup; rate limited.
   */
  operation(r, '/aim/onlineMobileCheck', auth, async (c, input) => {
    const q = await input()
    const { cusId } = c.get('user')
    await consumeRate(deps, 'numberCheckAim', cusId)
    const mobiles = [...new Set(q.mobiles)]
    const day = chinaDay()
    const PART = 5_000
    async function* batches() {
      for (let i = 0; i < mobiles.length; i += PART) yield mobiles.slice(i, i + PART).map((mobile): Row => ({ mobile, aim: aimOf(mobile, day) ? 1 : 0 }))
    }
    return downloadResponse<Row>(c, {
      format: q.format, filename: `阅信能力-${day}`, total: mobiles.length, batches: batches(),
      columns: fileColumns<Row>([col('mobile', 'mobile'), col('aim', 'readMessages')]),
    })
  })

  return r
}
