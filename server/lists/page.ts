import type { Page } from '../../src/domain/api'
import type { Db } from '../db'
import type { QueryOptions } from '../db/types'
import type { SessionCheck } from '../http/env'
import { SessionCheckFailed, sessionCheckFrom } from '../http/session-check'
import * as inFlight from './in-flight'
import { pageClause, type Where } from './sql'

export interface PageSpec {
  /** Columns of one row, e.g. `m.sn, m.cus_id, c.cus_name`. No column's name may start with `__`. */
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
   * The first table of `from` as written there (`mt_record m`), for filters that may match few rows of a wide window
   * (a content search): when the total is at most FEW_ROWS the page is read by sorting the matching rows (the table
   * filtered behind a fence, `offset 0`), never by walking the order's index and testing every row of the window
   * against the filter, which a planner expecting many matches does (a word in no record, 1M records: 2.2 s).
   */
  sortFew?: string
  /**
   * The product of a sent-record list (`mt_record m`): newest first, its page and its count read the index around
   * the times of that product's sends in flight (lists/in-flight.ts), never walking their records' entries, which
   * are there and not yet visible until the send commits.
   */
  aroundSends?: number
}

/** At most this many rows: sorting them all beats walking the window in order (with 1,000 in a 700k-row window, a walk tests ~14k rows per page of 20). */
export const FEW_ROWS = 1000

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
  const prodType = spec.aroundSends !== undefined && spec.orderBy === TIME_DESC ? spec.aroundSends : null
  if (prodType === null) return (await readPage<R>(db, spec, [], null)).page
  // Around the sends this process last saw in flight; read again when one of them has committed since (its records
  // may then be visible to the statement, which went around them). Each send commits once, so this ends.
  for (let i = 0; ; i++) {
    const times = inFlight.seen(prodType)
    const { page, names } = await readPage<R>(db, spec, times, prodType)
    inFlight.saw(prodType, names)
    if (i === 2 || inFlight.covers(names, times)) return page
  }
}

/**
 * The page around the sends in flight at `times` (none: the plain statement) and, when `prodType` is given, the names
 * in flight the statement saw (its own snapshot: lists/in-flight.ts).
 */
async function readPage<R>(db: Db, spec: PageSpec, times: string[], prodType: number | null): Promise<{ page: Page<R>; names: string[] }> {
  // Around sends in flight the statement holds their times as constants: planned for them, never named.
  const opts = times.length ? { isoTimes: true } : optsFor(spec.where)
  const names = prodType === null ? '' : `, ${inFlight.namesSql(prodType)} as "__in_flight"`
  const seenNames = (rows: Raw[]) => (prodType === null ? [] : ((rows[0]?.__in_flight as string[] | undefined) ?? []))
  if (spec.knownTotal !== undefined && !spec.totals) {
    const read = pageSql(spec, spec.knownTotal, times)
    // (the names in a row of their own: the page may be empty)
    const sql = prodType === null ? read : `select n.*, q.* from (select 1 as "__one"${names}) n left join lateral (${read}) q on true`
    const rows = await runChecked(db, sql, spec.where.params, spec.session, opts)
    return { page: { records: pageRows<R>(rows), total: spec.knownTotal }, names: seenNames(rows) }
  }
  const totals = Object.entries(spec.totals ?? {})
  const aggs = ['count(*)::int as "__total"', ...totals.map(([, expr], i) => `coalesce(${expr}, 0) as "__t_${i}"`)].join(', ')
  const w = spec.where.sql
  const byQuery = spec.totalQuery && !totals.length ? spec.totalQuery : null
  const from = spec.countFrom ?? spec.from
  const counted = byQuery ? byQuery.sql
    : times.length && !totals.length
      ? `select (${inFlight.segments(times).map((seg) => `(select count(*) from ${from} ${andWhere(w)} ${seg})`).join(' + ')})::int as "__total"`
      : `select ${aggs} from ${from} ${w}`
  const sql = `select t.*${names}, p.* from (${counted}) t
    left join lateral (${pageSql(spec, 't."__total"', times)}) p on true`
  const rows = await runChecked(db, sql, byQuery ? byQuery.params : spec.where.params, spec.session, opts)
  const first = rows[0] ?? { __total: 0 }
  const records = pageRows<R>(rows)
  const page: Page<R> = { records, total: Number(first.__total) }
  if (totals.length) page.totals = Object.fromEntries(totals.map(([k], i) => [k, Number(first[`__t_${i}`] ?? 0)]))
  return { page, names: seenNames(rows) }
}

/**
 * The page's rows. With `sortFew`, by the total (a number, or the SQL of the statement's own count): a few rows
 * sorted, or the walk.
 */
function pageSql(spec: PageSpec, total: number | string, times: string[]): string {
  const walk = (gate = '', where = spec.where.sql) => times.length
    ? walkAround(spec, gate ? `${andWhere(where)} ${gate}` : where, times)
    : `select 1 as "__row", ${spec.select} from ${spec.from} ${gate ? `${andWhere(where)} ${gate}` : where} ${spec.orderBy} ${pageClause(spec.page)}`
  if (spec.sortFew) {
    // Many rows: the walk, its filter tested per row (Where.walkAs) whatever the planner expects of an index.
    const many = (gate = '') => walk(gate, spec.where.walkSql)
    if (!spec.from.startsWith(spec.sortFew)) throw new Error(`sortFew ${spec.sortFew} does not start ${spec.from}`)
    const alias = spec.sortFew.split(' ').at(-1)
    const fenced = `(select * from ${spec.sortFew} ${spec.where.sql} offset 0) ${alias}${spec.from.slice(spec.sortFew.length)}`
    // (with the walk's keys when it reads around sends in flight: both sides of the union have the same columns)
    const keys = times.length ? `, ${AROUND_KEYS}` : ''
    const sorted = (gate = '') => `select 1 as "__row", ${spec.select}${keys} from ${fenced} ${gate && `where ${gate}`} ${spec.orderBy} ${pageClause(spec.page)}`
    if (typeof total === 'number') return total <= FEW_ROWS ? sorted() : many()
    // (each side under a condition on the count alone, which the executor tests once before running that side)
    return `(${many(`${total} > ${FEW_ROWS}`)}) union all (${sorted(`${total} <= ${FEW_ROWS}`)})`
  }
  return walk()
}

const andWhere = (where: string) => (where ? `${where} and` : 'where')

const TIME_DESC = 'order by m.receive_time desc, m.sn desc'
/** The order's columns under names of their own, for ordering the segments' rows (not answered: pageRows). */
const AROUND_KEYS = 'm.receive_time as "__at", m.sn as "__sn"'

/**
 * The page read segment by segment between the sends in flight, newest first: each segment an index range of its
 * own, cut at the page's end; the page is then taken from their rows in the list's order.
 */
function walkAround(spec: PageSpec, where: string, times: string[]): string {
  const upTo = Math.trunc(spec.page.pageNumber * spec.page.pageSize)
  const each = inFlight.segments(times).map((seg) =>
    `(select 1 as "__row", ${spec.select}, ${AROUND_KEYS} from ${spec.from} ${andWhere(where)} ${seg} ${TIME_DESC} limit ${upTo})`)
  return `select p.* from (${each.join(' union all ')}) p order by p."__at" desc, p."__sn" desc ${pageClause(spec.page)}`
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

const internal = (k: string) => k.startsWith('__')

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

/** The row count of a filtered set (downloads send it as X-Total-Count). */
export async function countRows(db: Db, from: string, where: Where): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select (select count(*) from ${from} ${where.sql})::int as n`, where.params, optsFor(where))
  return rows[0].n
}
