import { FAILURE_ALERT_DAYS, FAILURE_ALERT_DEFAULT, type FailureAlert } from '../../src/domain/failure-alert'
import type { Db } from '../db'
import type { Deps } from '../deps'
import { cappedDepth, defineJob } from '../jobs/define'
import { addNotice } from '../notices/store'
import { enterpriseOf } from '../opt-outs/store'
import { queueFailureAlerts } from '../push/outbox'

const BATCH = 50

/** Where the notice leads: the failure analysis of the product's statistics. */
export const FAILURE_NOTICE_LINK = '/home-sms/failure-stats'

/**
 * The batches due a notice: not yet told, of the last FAILURE_ALERT_DAYS days, at least the enterprise's
 * min_records, more than its threshold failed of those sent, the alert on (no setting row: FAILURE_ALERT_DEFAULT).
 * From the batch's counters (the record triggers keep them), never its records.
 */
const DUE = `from sms_batch b
  join customer c on c.cus_id = b.cus_id
  left join failure_alert_setting s on s.cus_id = coalesce(c.parent_id, c.cus_id)
  where b.failure_alerted is null and b.create_time > now() - interval '${FAILURE_ALERT_DAYS} days'
    and coalesce(s.enabled, ${FAILURE_ALERT_DEFAULT.enabled}) and b.receive_count >= coalesce(s.min_records, ${FAILURE_ALERT_DEFAULT.min_records})
    and b.sent_count > 0 and b.failure_count * 100 > coalesce(s.threshold, ${FAILURE_ALERT_DEFAULT.threshold}) * b.sent_count`

/**
 * One run: each batch due a notice gets one on its account's bell (and its enterprise's, for a sub-account's batch)
 * and a push item when the account has a push address (type failure_alert), and is marked told, in one transaction per fifty (rows another process holds are skipped), so a batch is told once
 * whatever the number of processes. Returns how many batches were told.
 */
export async function alertFailures(db: Db): Promise<number> {
  let told = 0
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ batch_id: string; cus_id: string; parent_id: string | null; sent: number; failed: number; threshold: number }>(
        `select b.batch_id, b.cus_id, c.parent_id, b.sent_count as sent, b.failure_count as failed,
           coalesce(s.threshold, ${FAILURE_ALERT_DEFAULT.threshold})::float8 as threshold
         ${DUE} order by b.create_time limit ${BATCH} for update of b skip locked`)
      for (const r of rows) {
        const params = { cusId: r.cus_id, batchId: r.batch_id, sent: r.sent, failed: r.failed, rate: ((r.failed * 100) / r.sent).toFixed(2), threshold: String(r.threshold) }
        const notice = { kind: 'failureRate', title: 'noticeFailureRateTitle', body: 'noticeFailureRateBody', params, link: FAILURE_NOTICE_LINK } as const
        for (const to of [r.cus_id, ...(r.parent_id ? [r.parent_id] : [])]) await addNotice(tx, to, notice)
      }
      if (rows.length) {
        const ids = rows.map((r) => r.batch_id)
        await tx.query('update sms_batch set failure_alerted = now() where batch_id = any($1::text[])', [ids])
        await queueFailureAlerts(tx, ids, new Map(rows.map((r) => [r.batch_id, r.threshold])))
      }
      return rows.length
    })
    told += n
    if (n < BATCH) return told
  }
}

/** The alert an account's batches follow (its enterprise's, else the default). */
export async function readFailureAlert(db: Db, cusId: string): Promise<FailureAlert> {
  const { rows } = await db.query<FailureAlert>(
    'select enabled, threshold::float8 as threshold, min_records from failure_alert_setting where cus_id = $1', [await enterpriseOf(db, cusId)])
  return rows[0] ?? { ...FAILURE_ALERT_DEFAULT }
}

/** An enterprise sets its own alert (upsert). */
export async function writeFailureAlert(db: Db, cusId: string, a: FailureAlert): Promise<void> {
  await db.query(
    `insert into failure_alert_setting (cus_id, enabled, threshold, min_records) values ($1, $2, $3, $4)
     on conflict (cus_id) do update set enabled = excluded.enabled, threshold = excluded.threshold, min_records = excluded.min_records, update_time = now()`,
    [cusId, a.enabled, a.threshold, a.min_records])
}

/** Looks at the recent batches' counters every 30 s (their reports arrive over minutes). */
export const failureAlertJob = defineJob({
  name: 'failure-alert',
  every: (c) => c.workerIntervalMs ?? 30_000,
  tick: async (deps: Deps) => ({ told: await alertFailures(deps.db) }),
  queue: {
    depth: cappedDepth(DUE.replace(/^from /, '')),
    oldest: `select min(b.create_time) as oldest ${DUE}`,
  },
})
