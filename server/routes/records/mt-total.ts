import { MT_STATUS_FAILURE, MT_STATUS_REVIEW, MT_STATUS_SUCCESS } from '../../../src/domain/lists/records'
import { present, type TotalQuery, type Where } from '../../lists'
import type { SessionUser } from '../../users/repo'
import type { RecordRules } from './common'

interface TotalSearch {
  cus_id?: string
  mobile?: string
  status?: number
  content?: string
  batch_id?: string
  country?: string
  start_time?: string
  end_time?: string
  month?: string
}

/** What each status filter counts in mt_daily (migration 005 defines the columns exactly as statusCondition does). */
const ROLLUP_COUNT: Record<number, string> = {
  [MT_STATUS_SUCCESS]: 'd.success_count',
  [MT_STATUS_FAILURE]: 'd.failure_count',
  [MT_STATUS_REVIEW]: 'd.receive_count - d.sent_count',
}

const DAY_START = /^(\d{4}-\d{2}-\d{2})( 00:00(:00)?)?$/
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The total of a sent-record search read from the daily rollups (mt_daily, kept exact by migration 005's triggers in
 * the writing transaction), or null when the rollups cannot answer it exactly: a mobile, content or batch filter, a
 * waiting or time-out status (one rollup column holds both), or a window that does not start and end on whole days
 * of the platform's zone (the console always sends whole days; an API call without any window means "the last 7 x
 * 24 hours", counted exactly). Sums a few rows per account and day instead of counting every record.
 */
export function rollupTotal(base: Where, user: SessionUser, q: TotalSearch, prodType: number, rules: RecordRules, intl: boolean): TotalQuery | null {
  if (present(q.mobile) || present(q.batch_id) || (rules.contentFilter && present(q.content))) return null
  const status = rules.statusFilter && present(q.status) ? q.status : undefined
  const count = status === undefined ? 'd.receive_count' : ROLLUP_COUNT[status]
  if (!count) return null
  const start = present(q.start_time) ? DAY_START.exec(q.start_time)?.[1] : undefined
  if (present(q.start_time) && !start) return null
  if (present(q.end_time) && !DAY_ONLY.test(q.end_time)) return null
  if (!present(q.start_time) && !present(q.end_time) && !present(q.month)) return null

  // Placeholders continue the page query's, so the sum and the page go in one round trip (listPage's totalQuery).
  const w = base.continuing().scope(user, 'd.cus_id')
  w.and(`d.prod_type = ${w.bind(prodType)}`)
  if (rules.accountFilter) w.when(q.cus_id, (v) => `d.cus_id = ${w.bind(v)}`)
  if (intl) w.when(q.country, (v) => `d.country = ${w.bind(v.toUpperCase())}`)
  if (start) w.and(`d.day >= ${w.bind(start)}::date`)
  w.when(q.end_time, (v) => `d.day <= ${w.bind(v)}::date`)
  w.when(q.month, (v) => {
    const m = w.bind(v)
    return `d.day >= to_date(${m}, 'YYYYMM') and d.day < (to_date(${m}, 'YYYYMM') + interval '1 month')::date`
  })
  return { sql: `select coalesce(sum(${count}), 0)::int as "__total" from mt_daily d ${w.sql}`, params: w.params }
}
