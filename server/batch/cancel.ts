import type { CancelResult } from '../../src/domain/batch'
import { CANCELLED_CODE } from '../../src/domain/carrier-codes'
import { MT_STATUS_CANCELLED, MT_STATUS_REVIEW, MT_STATUS_WAITING } from '../../src/domain/lists/records'
import { applyEntry } from '../customers/money'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { queueReports } from '../push/outbox'
import type { SessionUser } from '../users/repo'
import { visibleBatch } from './read'

/** Recharge type 1 of the specification: an automatic refund. */
const AUTOMATIC_REFUND = 1

/**
 * Cancels what a batch has not yet handed to the carrier (records held for review, 100, or waiting, 500): each ends
 * as cancelled (MT_STATUS_CANCELLED, code CANCELLED, price 0, its report pushed like any other), and what they had
 * cost is credited back in the same transaction as one automatic-refund recharge record.
 *
 * Against the carrier job (send/carrier-sim.ts), which claims waiting records `for update skip locked`: the cancel's
 * `for update` (no skip) waits for a record the job holds, then sees its new status and leaves it (the job's report
 * stands, nothing is refunded for it); a record the cancel holds is skipped by the job, and once the cancel commits
 * it is no longer waiting, so no job sends it. Every record is either reported or cancelled and refunded, never both.
 * Lock order: the account row first (as a send's debit takes it), then the records, then (their triggers) the rollups
 * and the batch row, as the carrier job's statement takes them; so neither a send nor the job can close a circle.
 */
export async function cancelBatch(db: Db, user: SessionUser, batchId: string): Promise<CancelResult> {
  const b = await visibleBatch(db, user, batchId)
  return db.transaction(async (tx) => {
    await tx.query('select 1 from customer where cus_id = $1 for update', [b.cus_id])
    const { rows } = await tx.query<{ sn: string; price: string }>(
      `with open as (
         select sn, price from mt_record where batch_id = $1 and mt_status in (${MT_STATUS_REVIEW}, ${MT_STATUS_WAITING}) for update
       )
       update mt_record m set mt_status = ${MT_STATUS_CANCELLED}, report_result = null, report_result_desc = '${CANCELLED_CODE}',
         report_time = now(), price = 0
       from open o where m.sn = o.sn
       returning m.sn::text as sn, o.price::text as price`, [batchId])
    if (!rows.length) throw new ApiError(409, 'cancelNothing')
    const { rows: sum } = await tx.query<{ refund: string }>('select coalesce(sum(p), 0)::numeric(14, 3)::text as refund from unnest($1::numeric[]) p',
      [rows.map((r) => r.price)])
    const refund = sum[0].refund
    await queueReports(tx, rows.map((r) => Number(r.sn)))
    const post = Number(refund) > 0
      ? await applyEntry(tx, {
        cusId: b.cus_id, delta: refund, prodType: b.prod_type, rechargeType: AUTOMATIC_REFUND,
        remark: `${batchId} 取消 ${rows.length} 条 / cancelled ${rows.length}`, operator: user.cusId, isEnterprise: false,
      })
      : (await tx.query<{ b: string }>('select balance::text as b from customer where cus_id = $1', [b.cus_id])).rows[0].b
    return { batch_id: batchId, cancelled: rows.length, refund: Number(refund), balance_after: Number(post) }
  })
}
