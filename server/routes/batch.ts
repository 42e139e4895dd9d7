import { madeWith } from '../audit/diff'
import { audit } from '../audit/write'
import { Hono } from 'hono'
import { carrierCodeText, FAILURE_KIND_WORDS, failureKind } from '../../src/domain/carrier-codes'
import type { Deps } from '../deps'
import { cancelBatch } from '../batch/cancel'
import { batchDetail, FAILED, failureGroups, visibleBatch } from '../batch/read'
import { recordDetail } from '../batch/record-detail'
import { previewResend, resend } from '../batch/resend'
import { localeOf, ok } from '../http/envelope'
import type { AppEnv } from '../http/env'
import { operation } from '../http/operation'
import { requireUser } from '../http/session'
import { countRows, downloadResponse, keysetBatches, Where } from '../lists'
import { consumeRate } from '../security/rate-limit'
import { col, fileColumns, wallTime, type Row } from './lists/common'

const FAILED_FILE = [
  col('decodeMobile', 'mobile'), col('report_result_desc', 'statusDesc'), col('kind', 'failureKind'),
  col('receive_time', 'submitTime'), col('report_time', 'reportTime'),
]

/**
 * A batch after its send (src/domain/batch.ts): its page's reads, answered from its row and counters (detail) and its
 * undelivered records' index (failures), the resends and the cancel (each spends the account's batchAction budget),
 * the failed numbers' file, and a sent record in full. Every call resolves the batch or record within the caller's
 * tenant scope first: another tenant's is 404, as a missing one.
 */
export function batchRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const auth = requireUser(db)
  /** showClientStatus 0: a batch's outcomes are not shown, as the lists hide their status columns. */
  const hidesStatus = (c: { get: (k: 'user') => { showClientStatus: number } }) => c.get('user').showClientStatus === 0

  operation(r, '/batch/detail', auth, async (c, input) => {
    const q = await input()
    const d = await batchDetail(db, c.get('user'), q.batch_id)
    if (!hidesStatus(c)) return ok(c, { ...d, status_hidden: false })
    return ok(c, { ...d, success_count: 0, failure_count: 0, unknown_count: 0, timeout_count: 0, status_hidden: true })
  })

  operation(r, '/batch/failures', auth, async (c, input) => {
    const q = await input()
    await visibleBatch(db, c.get('user'), q.batch_id)
    if (hidesStatus(c)) return ok(c, { codes: [], operators: [] })
    return ok(c, await failureGroups(db, q.batch_id))
  })

  operation(r, '/batch/resendPreview', auth, async (c, input) => {
    const q = await input()
    return ok(c, await previewResend(db, c.get('user'), q.batch_id, q.target))
  })

  operation(r, '/batch/resend', auth, async (c, input) => {
    const q = await input()
    await consumeRate(deps, 'batchAction', c.get('user').cusId)
    return ok(c, await resend(db, c.get('user'), q.batch_id, q.target, q.idempotency_key))
  })

  operation(r, '/batch/cancel', auth, async (c, input) => {
    const q = await input()
    await consumeRate(deps, 'batchAction', c.get('user').cusId)
    const done = await db.transaction(async (tx) => {
      const r = await cancelBatch(tx, c.get('user'), q.batch_id)
      const { rows } = await tx.query<{ cus_id: string }>('select cus_id from sms_batch where batch_id = $1', [q.batch_id])
      await audit(tx, c, { action: 'batchCancelled', account: rows[0]?.cus_id, target: { id: q.batch_id }, changes: madeWith({ cancelled: r.cancelled, refund: r.refund, balance_after: r.balance_after }) })
      return r
    })
    return ok(c, done)
  })

  // Every failed number of the batch, whatever its age (the record lists' downloads keep to their time window).
  operation(r, '/batch/failedDownload', auth, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    await visibleBatch(db, user, q.batch_id)
    const w = new Where()
    w.and(`m.batch_id = ${w.bind(q.batch_id)}`).and(FAILED('m'))
    const locale = localeOf(c)
    const hidden = user.showClientStatus === 0
    if (hidden) w.and('false')
    return downloadResponse<Row>(c, {
      format: q.format, filename: `失败号码-${q.batch_id}`, total: await countRows(db, 'mt_record m', w),
      columns: fileColumns<Row>(FAILED_FILE, {
        kind: (row) => {
          const k = failureKind(String(row.report_result_desc ?? ''))
          return k ? FAILURE_KIND_WORDS[k][locale] : ''
        },
        report_result_desc: (row) => carrierCodeText(row.report_result_desc as string | null, locale),
        report_time: (row) => wallTime(row.report_time),
      }),
      batches: keysetBatches<Row>(db, {
        select: 'm.mobile as "decodeMobile", m.report_result_desc, m.receive_time, m.report_time, m.sn',
        from: 'mt_record m', where: w, order: 'asc', key: [{ sql: 'm.sn', type: 'bigint' }],
      }),
    })
  })

  operation(r, '/mtRecord/detail', auth, async (c, input) => {
    const q = await input()
    return ok(c, await recordDetail(db, c.get('user'), q.sn))
  })
  return r
}
