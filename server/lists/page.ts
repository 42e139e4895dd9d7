import type { Page } from '../../src/domain/api'
import type { Db } from '../db'
import type { QueryOptions } from '../db/types'
import { SessionCheckFailed, sessionCheckFrom, type SessionCheck } from '../http/session-check'
import { pageClause, type Where } from './sql'

export interface PageSpec {
  /** Columns of one row, e.g. `m.sn, m.cus_id, c.cus_name`. No column may be named `__total`, `__row` or `__t_*`. */
  select: string
  /** Tables with joins, e.g. `mt_record m join customer c on c.cus_id = m.cus_id`. */
  from: string
  /** Tables the count and totals need, when cheaper than `from` (joins only for display columns). Default `from`. */
  countFrom?: string
  where: Where
  /** From `orderClause`. */
  orderBy: string
  page: { pageNumber: number; pageSize: number }
  /** Totals row: field → aggregate over the whole filtered set, e.g. `{ receive_count: 'sum(b.receive_count)' }`. */
  totals?: Record<string, string>
  /** The total when the caller knows it already (a cached count): only the page is read, nothing is counted. */
  knownTotal?: number
  /** A cheaper query of the total (daily rollups) used instead of counting; run in the same statement as the page. */
  totalQuery?: TotalQuery
  /** The request's session, checked by this same statement (http/session-check.ts): one round trip, not two. */
  session?: SessionCheck
  /**
   * Sent records only (alias `m` in `from` and `countFrom`): ranges of the order `m.receive_time, m.sn` holding
   * nothing the page may show (batches being stored, send/storing.ts). The page (in RECORD_TIME_ORDER) is read as
   * the rows between them (after the newest, between two, before the oldest), each straight from the time index, and
   * the total is counted the same way (`countAround`), instead of stepping over every row of the ranges: a count that
   * did grew by a row per hidden record, ~130 ms per request at 200k and most of PGlite's one connection at 1M
   * (tests/bench/storing-profile.bench.mjs).
   */
  skip?: SkipRange
  /** The time column `skip`'s ranges are in (with `m.sn`): `m.receive_time` (sent records) unless told. */
  skipTime?: string
  /**
   * The first table of `from` as written there (`mt_record m`), for filters that may match few rows of a wide window
   * (a content search): when the total is at most FEW_ROWS the page is read by sorting the matching rows (the table
   * filtered behind a fence, `offset 0`), never by walking the order's index and testing every row of the window
   * against the filter, which a planner expecting many matches does (a word in no record, 1M records: 2.2 s).
   */
  sortFew?: string
}

/** At most this many rows: sorting them all beats walking the window in order (with 1,000 in a 700k-row window, a walk tests ~14k rows per page of 20). */
export const FEW_ROWS = 1000

/**
 * A range of the order (m.receive_time, m.sn) (or the list's `skipTime`) holding nothing a list may show: one time,
 * sns firstSn..lastSn. The time as the database wrote it (text) when it may hold microseconds.
 */
export interface HiddenRange {
  time: Date | string
  firstSn: number
  lastSn: number
}

/** Hidden ranges, newest first, not overlapping (send/storing.ts storingRanges). */
export type SkipRange = readonly HiddenRange[]

/** The rows between two hidden ranges (or after the newest, or before the oldest): below `upper`, above `lower`. */
export interface Segment {
  upper?: HiddenRange
  lower?: HiddenRange
}

/** The segments around `ranges`, newest first: one more than the ranges. */
export const segments = (ranges: SkipRange): Segment[] =>
  Array.from({ length: ranges.length + 1 }, (_, i) => ({ upper: ranges[i - 1], lower: ranges[i] }))

// Server values, not input: a time and two integers.
const at = (r: HiddenRange) => `'${typeof r.time === 'string' ? r.time.replace(/[^0-9:. +-]/g, '') : r.time.toISOString()}'::timestamptz`
const RECORD_TIME = 'm.receive_time'
/** The rows after a hidden range: an index range of (receive_time, sn). */
export const aboveRange = (r: HiddenRange, time = RECORD_TIME) => `(${time}, m.sn) > (${at(r)}, ${Math.trunc(r.lastSn)})`
const belowRange = (r: HiddenRange, time: string) => `(${time}, m.sn) < (${at(r)}, ${Math.trunc(r.firstSn)})`
const segmentCond = (s: Segment, time = RECORD_TIME) => [s.upper && belowRange(s.upper, time), s.lower && aboveRange(s.lower, time)].filter(Boolean).join(' and ')

/** The order `skip` is written for. */
export const RECORD_TIME_ORDER = 'order by m.receive_time desc, m.sn desc'

/** One row with `"__total"`; its placeholders continue the page's where (`Where.continuing`), `params` holds both. */
export interface TotalQuery {
  sql: string
  params: unknown[]
}

type Raw = Record<string, unknown>

// List texts come from a small set per screen (filters present, sort, page size; values are parameters); the page's
// offset is inlined, so the per-connection limit of named statements bounds them (server/db/prepared.ts). The rows go
// straight into the JSON answer: times come as the text JSON.stringify would make of them (server/db/iso-time.ts).
const PREPARE = { prepare: true, isoTimes: true }
/** Named unless the where asks to be planned with its values (`Where.customPlan`). */
const optsFor = (w: Where) => (w.customPlan ? { isoTimes: true } : PREPARE)

/**
 * One page, its total and the totals row in one round trip: the count/aggregate row is joined laterally to the
 * page, so an empty page (past the end) still brings back the total. The lateral subquery is a nested loop under
 * one outer row, so rows keep the page's order.
 */
export async function listPage<R = Raw>(db: Db, spec: PageSpec): Promise<Page<R>> {
  if (spec.knownTotal !== undefined && !spec.totals) {
    const sql = pageSql(spec, spec.knownTotal)
    const rows = await runChecked(db, sql, spec.where.params, spec.session, optsFor(spec.where))
    return { records: pageRows<R>(rows), total: spec.knownTotal }
  }
  const totals = Object.entries(spec.totals ?? {})
  const aggs = ['count(*)::int as "__total"', ...totals.map(([, expr], i) => `coalesce(${expr}, 0) as "__t_${i}"`)].join(', ')
  const w = spec.where.sql
  const byQuery = spec.totalQuery && !totals.length ? spec.totalQuery : null
  const counted = byQuery ? byQuery.sql
    : spec.skip?.length && !totals.length ? `select ${countAround(spec.countFrom ?? spec.from, w, spec.skip, spec.skipTime)}::int as "__total"`
      : spec.skip?.length ? `select ${aggs} from ${aroundFrom(spec.countFrom ?? spec.from, w, spec.skip, spec.skipTime)}`
        : `select ${aggs} from ${spec.countFrom ?? spec.from} ${w}`
  const sql = `select t.*, p.* from (${counted}) t
    left join lateral (${pageSql(spec, 't."__total"')}) p on true`
  const rows = await runChecked(db, sql, byQuery ? byQuery.params : spec.where.params, spec.session, optsFor(spec.where))
  const first = rows[0] ?? { __total: 0 }
  const records = pageRows<R>(rows)
  const page: Page<R> = { records, total: Number(first.__total) }
  if (totals.length) page.totals = Object.fromEntries(totals.map(([k], i) => [k, Number(first[`__t_${i}`] ?? 0)]))
  return page
}

/**
 * The page's rows; around `skip` when given (see there): index ranges, each at most as long as the page's end.
 * With `sortFew`, by the total (a number, or the SQL of the statement's own count): a few rows sorted, or the walk.
 */
function pageSql(spec: PageSpec, total: number | string): string {
  const time = spec.skipTime ?? RECORD_TIME
  // Another order than time's: the rows around the ranges, sorted (all of them are read for that order anyway).
  if (spec.skip?.length && spec.orderBy !== `order by ${time} desc, m.sn desc`) {
    return `select 1 as "__row", ${spec.select} from ${aroundFrom(spec.from, spec.where.sql, spec.skip, time)} ${spec.orderBy} ${pageClause(spec.page)}`
  }
  const r = spec.skip?.length ? spec.skip : undefined
  const walk = (gate = '', where = spec.where.sql) =>
    `select 1 as "__row", ${spec.select} from ${spec.from} ${gate ? `${andWhere(where)} ${gate}` : where} ${spec.orderBy} ${pageClause(spec.page)}`
  if (!r && spec.sortFew) {
    // Many rows: the walk, its filter tested per row (Where.walkAs) whatever the planner expects of an index.
    const many = (gate = '') => walk(gate, spec.where.walkSql)
    if (!spec.from.startsWith(spec.sortFew)) throw new Error(`sortFew ${spec.sortFew} does not start ${spec.from}`)
    const alias = spec.sortFew.split(' ').at(-1)
    const fenced = `(select * from ${spec.sortFew} ${spec.where.sql} offset 0) ${alias}${spec.from.slice(spec.sortFew.length)}`
    const sorted = (gate = '') => `select 1 as "__row", ${spec.select} from ${fenced} ${gate && `where ${gate}`} ${spec.orderBy} ${pageClause(spec.page)}`
    if (typeof total === 'number') return total <= FEW_ROWS ? sorted() : many()
    // (each side under a condition on the count alone, which the executor tests once before running that side)
    return `(${many(`${total} > ${FEW_ROWS}`)}) union all (${sorted(`${total} <= ${FEW_ROWS}`)})`
  }
  if (!r) return walk()
  const end = Math.trunc(spec.page.pageNumber * spec.page.pageSize)
  const side = (cond: string) => `(select 1 as "__row", ${time} as "__rt", m.sn as "__sn", ${spec.select} from ${spec.from}
    ${andWhere(spec.where.sql)} ${cond} ${spec.orderBy} limit ${end})`
  const sides = segments(r).map((s) => side(segmentCond(s, time))).join(' union all ')
  return `select * from (${sides}) around order by "__rt" desc, "__sn" desc ${pageClause(spec.page)}`
}

const andWhere = (where: string) => (where ? `${where} and` : 'where')

/**
 * `count(*)` of `from` (alias `m`) under `where`, without the rows of ranges `r`, as a scalar expression: the rows of
 * each segment around them counted and summed, so no count visits a row of a range.
 */
export function countAround(from: string, where: string, r: SkipRange, time = RECORD_TIME): string {
  return `(${segments(r).map((s) => `(select count(*) from ${from} ${andWhere(where)} ${segmentCond(s, time)})`).join(' + ')})`
}

/**
 * `from` (its first table, alias `m`: `mt_record m`) with that table read as the rows of `where` in the segments around the
 * ranges `r`, each segment its own index range of (receive_time, sn), so that no row of a range is read whatever the
 * order or aggregate over them: for a page in another order than time's (all rows of the search are sorted then),
 * and a totals row. `where` is applied inside; the result needs none.
 */
export function aroundFrom(from: string, where: string, r: SkipRange, time = RECORD_TIME): string {
  const first = /^\w+ m\b/.exec(from)?.[0]
  if (!first) throw new Error(`skip needs its table as m first, not ${from}`)
  const sides = segments(r).map((s) => `select m.* from ${first} ${andWhere(where)} ${segmentCond(s, time)}`).join(' union all ')
  return `(${sides}) m${from.slice(first.length)}`
}

/**
 * The statement, behind the session check when there is one: the check's row (none when the session or account no
 * longer holds) is joined to everything else, so nothing is read for a failed check and the answer has at least
 * one row (the lateral always yields one) exactly when it passed.
 */
export async function runChecked(db: Db, sql: string, params: unknown[], session: SessionCheck | undefined, opts: QueryOptions): Promise<Raw[]> {
  if (!session) return (await db.query<Raw>(sql, params, opts)).rows
  const all = [...params]
  const checked = `select q.* from ${sessionCheckFrom(session, all)} left join lateral (${sql}) q on true`
  const { rows } = await db.query<Raw>(checked, all, opts)
  if (!rows.length) throw new SessionCheckFailed()
  session.checked = true
  return rows
}

const internal = (k: string) => k === '__row' || k === '__total' || k === '__rt' || k === '__sn' || k.startsWith('__t_')

/** The page's rows (`__row` set) without the statement's own columns; every row has the same columns, read once. */
export function pageRows<R>(rows: Raw[]): R[] {
  const out: R[] = []
  let keys: string[] | undefined
  for (const r of rows) {
    if (r.__row === null) continue
    keys ??= Object.keys(r).filter((k) => !internal(k))
    const row: Raw = {}
    for (const k of keys) row[k] = r[k]
    out.push(row as R)
  }
  return out
}

/** The row count of a filtered set (downloads send it as X-Total-Count); around `skip` as listPage counts. */
export async function countRows(db: Db, from: string, where: Where, skip?: SkipRange): Promise<number> {
  const count = skip?.length ? countAround(from, where.sql, skip) : `(select count(*) from ${from} ${where.sql})`
  const { rows } = await db.query<{ n: number }>(`select ${count}::int as n`, where.params, optsFor(where))
  return rows[0].n
}
