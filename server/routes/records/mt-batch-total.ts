import { MT_COUNTERS } from '../../../src/domain/lists/mt-counters'
import { present, type TotalQuery, type Where } from '../../lists'
import { foreignBatchRowGuard, totalFromBatchRow } from '../../lists/batch-row'
import { statusFilterCount } from '../../lists/status-sums'
import type { RecordRules } from './common'

interface BatchSearch {
  batch_id?: string
  mobile?: string
  status?: number
  content?: string
  country?: string
}

/**
 * The total of a sent-record search by one batch, read from the batch's counters in sms_batch instead of counting
 * its records (a large batch has a million), or null when the counters cannot answer it:
 * a mobile, content or country filter.
 *
 * `cover` adds the conditions other than those filters (tenant scope, product, account, batch, time window,
 * visibility). Every record of a batch has the batch's account and product (all writers: store.ts, scheduler.ts,
 * the seed) and the window is one interval of time, so when the batch's earliest and latest records (two probes of
 * the (batch_id, receive_time, sn) index) both meet `cover`, every record does, and the counter is the total. Else
 * (a window cutting the batch, a missing batch row) the records are counted as before, within the window's range of
 * that index (lists/batch-row.ts totalFromBatchRow).
 */
export function batchTotal(base: Where, cover: (w: Where) => Where, q: BatchSearch, rules: RecordRules, intl: boolean): TotalQuery | null {
  if (!present(q.batch_id) || present(q.mobile) || (rules.contentFilter && present(q.content)) || (intl && present(q.country))) return null
  const status = rules.statusFilter && present(q.status) ? q.status : undefined
  // sms_batch keeps every counter (mt-counters.ts), set when the batch is stored and following every report in the
  // same transaction (the schema's sms_batch_report_trigger); waiting is unknown less the time-outs.
  const counter = statusFilterCount(status, 'b', MT_COUNTERS)
  if (!counter) return null
  // Placeholders continue the page query's, so the total and the page go in one round trip (listPage's totalQuery).
  const w = cover(base.continuing())
  const batch = w.bind(q.batch_id)
  const end = (dir: 'asc' | 'desc') => `(select m.sn, m.cus_id, m.prod_type, m.batch_id, m.receive_time from mt_record m
    where m.batch_id = ${batch} order by m.receive_time ${dir}, m.sn ${dir} limit 1)`
  const sql = totalFromBatchRow(end, w.sql, `select ${counter} from sms_batch b where b.batch_id = ${batch}`, `select count(*) from mt_record m ${base.sql}`)
  return { sql, params: w.params }
}

/**
 * Another tenant's batch, or one of a product or account the search excludes: no record read
 * (lists/batch-row.ts foreignBatchRowGuard over sms_batch).
 */
export function foreignBatchGuard(w: Where, user: { userType: number; cusId: string }, batchId: string, prodType?: number, account?: string): string {
  const extra: string[] = []
  if (prodType !== undefined) extra.push(`b.prod_type = ${w.bind(prodType)}`)
  if (account !== undefined) extra.push(`b.cus_id = ${w.bind(account)}`)
  return foreignBatchRowGuard(w, user, SMS_BATCH, w.bind(batchId), extra)
}

const SMS_BATCH = { table: 'sms_batch', alias: 'b', key: 'batch_id' }
