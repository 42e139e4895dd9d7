import { LIST_TIME_ZONE } from '../../../src/domain/lists/query'
import { DAILY_COUNTERS } from '../../../src/domain/lists/mt-counters'
import { DEFAULT_WINDOW_DAYS } from '../../../src/domain/lists/records'
import { present, type TotalQuery, type Where } from '../../lists'
import { statusFilterCount } from '../../lists/status-sums'
import type { SessionUser } from '../../users/repo'
import type { RecordRules } from './common'

/** The filters of a sent-record search that its totals from the rollups read (mt_daily, and mt_content_daily). */
export interface TotalSearch {
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

const DAY_START = /^\d{4}-\d{2}-\d{2}( 00:00(:00)?)?$/
const TZ = `'${LIST_TIME_ZONE}'`
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** The rollup column a status filter counts, or null for the ones no column holds alone (waiting, time-out). */
export function rollupCount(q: TotalSearch, rules: RecordRules): string | null {
  const status = rules.statusFilter && present(q.status) ? q.status : undefined
  return statusFilterCount(status, 'd', DAILY_COUNTERS)
}

/**
 * The rollup rows (alias `d`, of mt_daily or mt_content_daily) of a search's whole days, and the conditions picking
 * the records of its part days (`edges`, or-ed, on top of `base`'s own window). Placeholders continue `base`'s.
 */
export function rollupWindow(base: Where, user: SessionUser, q: TotalSearch, prodType: number, rules: RecordRules, intl: boolean) {
  const noWindow = !present(q.start_time) && !present(q.end_time) && !present(q.month)
  // Placeholders continue the page query's, so the sum and the page go in one round trip (listPage's totalQuery).
  const w = base.continuing().scope(user, 'd.cus_id')
  w.and(`d.prod_type = ${w.bind(prodType)}`)
  if (rules.accountFilter) w.when(q.cus_id, (v) => `d.cus_id = ${w.bind(v)}`)
  if (intl) w.when(q.country, (v) => `d.country = ${w.bind(v.toUpperCase())}`)
  // A window starting or ending inside a day: the rollups give the whole days between, and the records of the
  // part days at either edge are counted (base's own window keeps them within start and end).
  const edges: string[] = []
  if (present(q.start_time)) {
    const whole = DAY_START.test(q.start_time)
    const day = w.bind(q.start_time.slice(0, 10))
    w.and(`d.day >= ${day}::date${whole ? '' : ' + 1'}`)
    if (!whole) edges.push(`m.receive_time < ((${day}::date + 1)::timestamp at time zone ${TZ})`)
  }
  if (present(q.end_time)) {
    const whole = DAY_ONLY.test(q.end_time)
    const day = w.bind(q.end_time.slice(0, 10))
    w.and(`d.day <= ${day}::date${whole ? '' : ' - 1'}`)
    if (!whole) edges.push(`m.receive_time >= (${day}::date::timestamp at time zone ${TZ})`)
  }
  if (noWindow) {
    // The default window, the last 7 x 24 hours from now (base's own condition): the rollups give the days after
    // its first, to today and on, and the records of its first, part day are counted (from the same now()).
    const first = `((now() - make_interval(days => ${w.bind(DEFAULT_WINDOW_DAYS)}::int)) at time zone ${TZ})::date`
    w.and(`d.day >= ${first} + 1`)
    edges.push(`m.receive_time < ((${first} + 1)::timestamp at time zone ${TZ})`)
  }
  w.when(q.month, (v) => {
    const m = w.bind(v)
    return `d.day >= to_date(${m}, 'YYYYMM') and d.day < (to_date(${m}, 'YYYYMM') + interval '1 month')::date`
  })
  return { w, edges }
}

/**
 * The total of a sent-record search read from the daily rollups (mt_daily, kept exact by mt_daily_trigger in
 * the writing transaction), or null when the rollups cannot answer it exactly: a mobile, content or batch filter, a
 * waiting or time-out status (one rollup column holds both). Sums a few rows per account and day instead of
 * counting every record; a window starting or ending inside a day (and the default one, the last 7 x 24 hours of an
 * API call without a window, which starts inside one) counts only the records of those part days.
 */
export function rollupTotal(
  base: Where, user: SessionUser, q: TotalSearch, prodType: number, rules: RecordRules, intl: boolean,
): TotalQuery | null {
  if (present(q.mobile) || present(q.batch_id) || (rules.contentFilter && present(q.content))) return null
  const count = rollupCount(q, rules)
  if (!count) return null
  const { w, edges } = rollupWindow(base, user, q, prodType, rules, intl)
  const days = `(select coalesce(sum(${count}), 0) from mt_daily d ${w.sql})`
  const edgeWhere = `${base.sql} and (${edges.join(' or ')})`
  const counted = !edges.length ? '' : ` + (select count(*) from mt_record m ${edgeWhere})`
  return { sql: `select (${days}${counted})::int as "__total"`, params: w.params }
}
