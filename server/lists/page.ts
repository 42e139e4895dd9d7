import type { Page } from '../../src/domain/api'
import type { Db } from '../db'
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
}

/** One row with `"__total"`; its placeholders continue the page's where (`Where.continuing`), `params` holds both. */
export interface TotalQuery {
  sql: string
  params: unknown[]
}

type Raw = Record<string, unknown>

/**
 * One page, its total and the totals row in one round trip: the count/aggregate row is joined laterally to the
 * page, so an empty page (past the end) still brings back the total. The lateral subquery is a nested loop under
 * one outer row, so rows keep the page's order.
 */
export async function listPage<R = Raw>(db: Db, spec: PageSpec): Promise<Page<R>> {
  if (spec.knownTotal !== undefined && !spec.totals) {
    const { rows } = await db.query<R>(`select ${spec.select} from ${spec.from} ${spec.where.sql} ${spec.orderBy} ${pageClause(spec.page)}`, spec.where.params)
    return { records: rows, total: spec.knownTotal }
  }
  const totals = Object.entries(spec.totals ?? {})
  const aggs = ['count(*)::int as "__total"', ...totals.map(([, expr], i) => `coalesce(${expr}, 0) as "__t_${i}"`)].join(', ')
  const w = spec.where.sql
  const byQuery = spec.totalQuery && !totals.length ? spec.totalQuery : null
  const counted = byQuery ? byQuery.sql : `select ${aggs} from ${spec.countFrom ?? spec.from} ${w}`
  const sql = `select t.*, p.* from (${counted}) t
    left join lateral (select 1 as "__row", ${spec.select} from ${spec.from} ${w} ${spec.orderBy} ${pageClause(spec.page)}) p on true`
  const { rows } = await db.query<Raw>(sql, byQuery ? byQuery.params : spec.where.params)
  const first = rows[0] ?? { __total: 0 }
  const records = rows.filter((r) => r.__row !== null).map((r) => {
    const out: Raw = {}
    for (const [k, v] of Object.entries(r)) if (k !== '__row' && k !== '__total' && !k.startsWith('__t_')) out[k] = v
    return out as R
  })
  const page: Page<R> = { records, total: Number(first.__total) }
  if (totals.length) page.totals = Object.fromEntries(totals.map(([k], i) => [k, Number(first[`__t_${i}`] ?? 0)]))
  return page
}

/** The row count of a filtered set (downloads send it as X-Total-Count). */
export async function countRows(db: Db, from: string, where: Where): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${from} ${where.sql}`, where.params)
  return rows[0].n
}
