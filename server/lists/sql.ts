import { LIST_TIME_ZONE } from '../../src/domain/lists/query'
import { scopeFor } from '../users/scope'

/** A present filter value: not undefined, null or a blank string. */
export const present = <T>(v: T | undefined | null | ''): v is T => v !== undefined && v !== null && v !== ''

const TZ = `'${LIST_TIME_ZONE}'`

/**
 * A list query's WHERE clause and its parameters, built condition by condition. Values only ever travel as
 * parameters: `bind(v)` returns the placeholder to write into a condition. Conditions are joined with `and`.
 */
export class Where {
  readonly params: unknown[] = []
  private readonly conds: string[] = []
  /**
   * Set by a condition whose best plan depends on its value (a content search: a word in most records wants the
   * time index walked, a rare one the content index, and a 1-character one a trigram index cannot answer at all):
   * the statement is then planned for each request's values instead of once per connection (an unnamed statement,
   * never a named one whose generic plan would serve every word alike: measured over 1M records, 1.2-2.6 s).
   */
  customPlan = false
  /** Conditions written another way when the page walks an index in order (`walkAs`). */
  private readonly walking = new Map<string, string>()

  /** Binds a value and returns its placeholder (`$n`). */
  bind(value: unknown): string {
    this.params.push(value)
    return `$${this.params.length}`
  }

  /** Adds a condition written with placeholders from `bind`. */
  and(cond: string): this {
    this.conds.push(cond)
    return this
  }

  /**
   * `cond` (added by `and` or `when`) as `instead` when rows are read by walking an index in the page's order: a
   * test per row that no other index can answer, so the planner cannot trade the walk for reading every match.
   */
  walkAs(cond: string, instead: string): this {
    this.walking.set(cond, instead)
    return this
  }

  /** `sql` with the conditions of `walkAs` swapped in. */
  get walkSql(): string {
    return this.conds.length ? `where ${this.conds.map((c) => this.walking.get(c) ?? c).join(' and ')}` : ''
  }

  /** Adds `build(value)` only when the value is present; `build` usually calls `bind`. */
  when<T>(value: T | undefined | null | '', build: (v: T) => string): this {
    if (present(value)) this.conds.push(build(value))
    return this
  }

  /** The tenant condition of `scopeFor` (admin everything, customer itself + sub-accounts, sub-account itself). */
  scope(user: { userType: number; cusId: string }, column = 'cus_id'): this {
    const s = scopeFor(user, column, this.params.length + 1)
    this.params.push(...s.params)
    if (s.sql !== 'true') this.conds.push(s.sql)
    return this
  }

  /**
   * The time window of a list (docs/lists.md): `start_time`/`end_time` are wall-clock times of LIST_TIME_ZONE, a
   * date-only end includes that whole day; `month` (yyyyMM) selects a calendar month. When none is given the
   * window is the last `defaultDays` days, so no list scans a whole history by default.
   */
  timeWindow(column: string, s: { start_time?: string; end_time?: string; month?: string }, defaultDays: number | null): this {
    const wall = (p: string) => `(${p}::timestamp at time zone ${TZ})`
    if (present(s.start_time)) this.and(`${column} >= ${wall(this.bind(s.start_time))}`)
    if (present(s.end_time)) {
      const dateOnly = s.end_time.length === 10
      this.and(dateOnly ? `${column} < ${wall(`(${this.bind(s.end_time)}::date + 1)`)}` : `${column} <= ${wall(this.bind(s.end_time))}`)
    }
    if (present(s.month)) {
      const m = this.bind(s.month)
      this.and(`${column} >= ${wall(`to_date(${m}, 'YYYYMM')`)}`)
      this.and(`${column} < ${wall(`(to_date(${m}, 'YYYYMM') + interval '1 month')`)}`)
    }
    if (!present(s.start_time) && !present(s.end_time) && !present(s.month) && defaultDays !== null) {
      this.and(`${column} >= now() - make_interval(days => ${this.bind(defaultDays)}::int)`)
    }
    return this
  }

  /** A copy to extend (keyset batches add a condition per batch). */
  clone(): Where {
    const w = new Where()
    w.params.push(...this.params)
    w.conds.push(...this.conds)
    w.customPlan = this.customPlan
    for (const [k, v] of this.walking) w.walking.set(k, v)
    return w
  }

  /** An empty Where whose placeholders continue this one's, for a second query sent with it in one statement. */
  continuing(): Where {
    const w = new Where()
    w.params.push(...this.params)
    w.customPlan = this.customPlan
    return w
  }

  /** `where a and b`, or '' without conditions. */
  get sql(): string {
    return this.conds.length ? `where ${this.conds.join(' and ')}` : ''
  }
}

/** A sortable column: its SQL expression, and whether it holds nulls (they then sort last either way). */
export type SortColumn = string | { sql: string; nullable?: boolean }
/** Row field name (the domain's X_SORTABLE) → column. */
export type SortMap = Record<string, SortColumn>

export interface Sort {
  by?: string
  order?: 'asc' | 'desc'
}

/**
 * `order by <column> <dir>, <pk> <dir>`: only whitelisted fields, anything else falls back to `fallback`; the
 * primary key breaks ties so pages never repeat or skip rows.
 */
export function orderClause(q: { orderBy?: string; order?: 'asc' | 'desc' }, sortable: SortMap, fallback: Required<Sort>, pk: string): string {
  const known = q.orderBy !== undefined && Object.hasOwn(sortable, q.orderBy)
  const by = known ? q.orderBy! : fallback.by
  // No orderBy: the default column in the asked direction; an unknown one (an old bookmark): the default order.
  const dir = known ? (q.order ?? 'asc') : q.orderBy === undefined ? (q.order ?? fallback.order) : fallback.order
  const c = sortable[by]
  const col = typeof c === 'string' ? { sql: c } : c
  return `order by ${col.sql} ${dir}${col.nullable ? ' nulls last' : ''}, ${pk} ${dir}`
}

/** `limit … offset …` of a validated page (both integers already). */
export const pageClause = (q: { pageNumber: number; pageSize: number }) =>
  `limit ${Math.trunc(q.pageSize)} offset ${Math.trunc((q.pageNumber - 1) * q.pageSize)}`
