import type { Locale } from '../../../src/domain/constants'
import { LIST_TIME_ZONE } from '../../../src/domain/lists/query'
import { STATUS_WORDS, mtSendStatus } from '../../../src/domain/lists/records'
import type { Db } from '../../db'
import type { Where } from '../../lists'
import { statusFilterCondition } from '../../lists/status-sums'
import type { SessionUser } from '../../users/repo'
import { contentCondition } from './content'

/** What a user may see and search in record lists (spec section 6), decided once per request. */
export interface RecordRules {
  /** userType 1 picks the send account; for others cus_id is ignored (their scope already limits them). */
  accountFilter: boolean
  contentFilter: boolean
  /** showClientStatus 0: status, report result and report time are blank, and the status filter and sort are ignored. */
  showStatus: boolean
  statusFilter: boolean
}

export function recordRules(u: SessionUser): RecordRules {
  const showStatus = u.showClientStatus !== 0
  return {
    accountFilter: u.userType === 1,
    contentFilter: u.showContentFilterWhere === 1,
    showStatus,
    // clientForbidUnknown 1 removes the status filter (spec section 6), and a hidden status cannot be searched.
    statusFilter: showStatus && u.clientForbidUnknown !== 1,
  }
}

/** The SQL condition of a status filter value (spec section 4); 700 is every failure code. */
export const statusCondition = (status: number, alias = 'm'): string => statusFilterCondition(status, alias)

/** Filters sent-record lists share: account (admin), mobile, status, content (flag; `db` tells its indexes). */
export function mtFilters(w: Where, q: { cus_id?: string; mobile?: string; status?: number; content?: string }, rules: RecordRules, db: Db): Where {
  if (rules.accountFilter) w.when(q.cus_id, (v) => `m.cus_id = ${w.bind(v)}`)
  return recordFilters(w, q, rules, db)
}

/** mtFilters but the account: the per-record filters (mobile, status, content). */
export function recordFilters(w: Where, q: { mobile?: string; status?: number; content?: string }, rules: RecordRules, db: Db): Where {
  w.when(q.mobile, (v) => `m.mobile = ${w.bind(v)}`)
  if (rules.statusFilter) w.when(q.status, (v) => statusCondition(v))
  if (rules.contentFilter) w.when(q.content, (v) => contentCondition(w, 'm.content', v, db))
  return w
}

/**
 * Status columns of a sent-record row, or typed nulls when the user may not see them. `forFile`: the report time as
 * a file shows it (`fileTimeSql`).
 */
export const statusColumns = (rules: RecordRules, forFile = false) =>
  rules.showStatus
    ? `m.mt_status, m.report_result, m.report_result_desc, ${forFile ? `${fileTimeSql('m.report_time')} as report_time` : 'm.report_time'}`
    : `null::int as mt_status, null::int as report_result, null::text as report_result_desc, null::${forFile ? 'text' : 'timestamptz'} as report_time`

/**
 * The record's month: yyyyMM in the list (the grid writes it yyyy-MM); `forFile`: yyyy-MM as files write months, at the
 * files' fixed offset (fileTimeSql), a third cheaper per row.
 */
export const monthColumn = (col: string, forFile = false) =>
  forFile ? `to_char(${col} at time zone ${FILE_ZONE}, 'YYYY-MM') as month` : `to_char(${col} at time zone '${LIST_TIME_ZONE}', 'YYYYMM') as month`

const pad = (n: number) => String(n).padStart(2, '0')
// Shanghai has kept UTC+8 without daylight saving since 1991, so a fixed offset formats file times exactly.
const OFFSET_MS = 8 * 3600 * 1000
const FILE_ZONE = `interval '+${pad(OFFSET_MS / 3600_000)}:00'`

/**
 * `fileTime` in SQL, for bulk downloads: the database formats each time as it writes the row, instead of JavaScript
 * building a Date per time (on PostgreSQL that parsing and formatting was a fifth of a download's server time).
 * Null stays null (an empty cell, as fileTime's ''). Same fixed offset, seconds truncated as getUTCSeconds does.
 */
export const fileTimeSql = (col: string) => `to_char(${col} at time zone ${FILE_ZONE}, 'YYYY-MM-DD HH24:MI:SS')`

/** `yyyy-MM-dd HH:mm:ss` in the platform's zone, for files (the grid formats ISO strings itself). */
export function fileTime(v: unknown): string {
  if (v === null || v === undefined) return ''
  const d = new Date(new Date(v as string | Date).getTime() + OFFSET_MS)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

export function statusWord(row: { mt_status: number | null; report_result?: number | null }, locale: Locale): string {
  const key = mtSendStatus(row)
  return key ? STATUS_WORDS[key][locale] : ''
}

/** `发送记录-20240501` style names: the list's words plus today's date. */
export function fileName(words: { 'zh-CN': string; en: string }, locale: Locale): string {
  const today = fileTime(new Date()).slice(0, 10).replaceAll('-', '')
  return `${words[locale]}-${today}`
}
