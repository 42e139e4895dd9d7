import type { Db } from '../db'

/*
 * The push outbox is written by the statement's own transaction: a report or reply and its push item commit
 * together or not at all, so a crash between them cannot lose a push. Only accounts with a push address get items;
 * a report that happened while none was set is not pushed later. Each item is the JSON the receiver gets, its id
 * stable ('report-<sn>', 'reply-<sn>') across retries, so a receiver de-duplicates by it.
 */

const TIME = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Push items of the delivery reports of these mt_record rows (those of accounts with a push address). */
export async function queueReports(tx: Db, sns: number[]): Promise<void> {
  if (!sns.length) return
  await tx.query(
    `insert into push_outbox (cus_id, item_id, item)
     select m.cus_id, 'report-' || m.sn, jsonb_build_object('id', 'report-' || m.sn, 'type', 'report', 'sn', m.sn, 'batch_id', m.batch_id,
       'mobile', m.mobile, 'status', m.mt_status, 'result', m.report_result_desc, 'report_time', ${TIME('m.report_time')})
     from mt_record m join customer c on c.cus_id = m.cus_id and c.push_url <> ''
     where m.sn = any($1::bigint[]) order by m.sn`,
    [sns],
  )
}

/** Push items of these replies (mo_record rows). */
export async function queueReplies(tx: Db, sns: number[]): Promise<void> {
  if (!sns.length) return
  await tx.query(
    `insert into push_outbox (cus_id, item_id, item)
     select m.cus_id, 'reply-' || m.sn, jsonb_build_object('id', 'reply-' || m.sn, 'type', 'reply', 'sn', m.sn, 'mobile', m.mobile,
       'src_number', m.src_calling_number, 'content', m.content, 'deliver_time', ${TIME('m.deliver_time')})
     from mo_record m join customer c on c.cus_id = m.cus_id and c.push_url <> ''
     where m.sn = any($1::bigint[]) order by m.sn`,
    [sns],
  )
}

/**
 * Push items of batches whose failure rate passed their enterprise's alert (server/failures/alert.ts), to the batch's
 * account when it has a push address: id 'failure-alert-<batch>', one per batch, as the bell's notice.
 */
export async function queueFailureAlerts(tx: Db, batchIds: string[], threshold: Map<string, number>): Promise<void> {
  if (!batchIds.length) return
  await tx.query(
    `insert into push_outbox (cus_id, item_id, item)
     select b.cus_id, 'failure-alert-' || b.batch_id, jsonb_build_object('id', 'failure-alert-' || b.batch_id, 'type', 'failure_alert',
       'batch_id', b.batch_id, 'sent', b.sent_count, 'failed', b.failure_count, 'threshold', t.threshold, 'alert_time', ${TIME('now()')})
     from sms_batch b join customer c on c.cus_id = b.cus_id and c.push_url <> ''
     join unnest($1::text[], $2::float8[]) as t(batch_id, threshold) on t.batch_id = b.batch_id
     order by b.batch_id`,
    [batchIds, batchIds.map((id) => threshold.get(id) ?? 0)],
  )
}
