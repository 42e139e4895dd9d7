import type { Page } from '../../../src/domain/api'
import { LIST_TIME_ZONE } from '../../../src/domain/lists/query'
import type { Db } from '../../db'
import type { SessionCheck } from '../../http/env'
import { present, type TotalQuery, type Where } from '../../lists'
import { pageRows, runChecked } from '../../lists/page'
import type { SessionUser } from '../../users/repo'
import type { RecordRules } from './common'
import { likeLiteral } from './content'
import { rollupCount, rollupWindow, type TotalSearch } from './mt-total'

const TZ = `'${LIST_TIME_ZONE}'`

/** A day with matches: their count, and the batches holding them when few (none of them without a batch). */
interface DayMatches {
  day: string
  n: number
  batches: string[] | null
}

/** At most this many batches in a day are read one by one (each by its batch's time index); more: the day is walked. */
const DAY_BATCHES = 16
/** At most this many batch reads in one page statement; past it the remaining days are walked. */
const MAX_BATCH_READS = 128

/**
 * The days (and batches) of a sent-record content search's matches, from the per-content rollup (mt_content_daily) for
 * its whole days and from the records for its part days, as one statement (`sql`, placeholders continuing `base`'s);
 * null when the rollup cannot answer: a mobile or batch filter (they are fast as they are), a waiting or time-out
 * status (one rollup column holds both). The rollup rows are filtered by the very `like` the records are, so the
 * sums equal the counts.
 */
export function contentDays(
  base: Where, user: SessionUser, q: TotalSearch, prodType: number, rules: RecordRules, intl: boolean,
): TotalQuery | null {
  if (!rules.contentFilter || !present(q.content) || present(q.mobile) || present(q.batch_id)) return null
  const count = rollupCount(q, rules)
  if (!count) return null
  const { w, edges } = rollupWindow(base, user, q, prodType, rules, intl)
  w.and(`d.content like ${w.bind(`%${likeLiteral(q.content)}%`)}`)
  const whole = `select d.day, d.batch_id as batch, sum(${count}) as n from mt_content_daily d ${w.sql} group by 1, 2 having sum(${count}) > 0`
  // (without part days the records are still named, under a constant false the planner reads nothing for, so that
  // the statement types every placeholder of `base` its total's page may share)
  const part = ` union all select (m.receive_time at time zone ${TZ})::date, coalesce(m.batch_id, ''), count(*) from mt_record m ${base.sql}
    and ${edges.length ? `(${edges.join(' or ')})` : 'false'} group by 1, 2`
  const sql = `select x.day::text as day, sum(x.n)::int as n,
      case when count(*) <= ${DAY_BATCHES} and bool_and(x.batch <> '') then array_agg(x.batch) end as batches
    from (${whole}${part}) x group by x.day order by x.day`
  return { sql, params: w.params }
}

/** The total of `contentDays`, for listPage's totalQuery (other sort orders, downloads). */
export const contentTotal = (days: TotalQuery): TotalQuery =>
  ({ sql: `select coalesce(sum(t.n), 0)::int as "__total" from (${days.sql}) t`, params: days.params })

/** The orders a content search's page is read by day in. */
export const TIME_ORDERS: Record<string, 'asc' | 'desc'> = {
  'order by m.receive_time desc, m.sn desc': 'desc',
  'order by m.receive_time asc, m.sn asc': 'asc',
}

interface ContentPageSpec {
  select: string
  from: string
  where: Where
  orderBy: string
  page: { pageNumber: number; pageSize: number }
  session?: SessionCheck
}

/**
 * A content search's page in time order (either direction) and its total: the days with matches first (one
 * statement), then the page read only from the days it falls in, whole days before it skipped by their counts, each
 * day read by its few batches' time index or else walked in order (a page never walks a day without a match: a word
 * found nowhere reads no record at all). Today's way walked the whole window testing every record.
 */
export async function contentPage<R>(db: Db, days: TotalQuery, spec: ContentPageSpec): Promise<Page<R>> {
  const dir = TIME_ORDERS[spec.orderBy]
  const opts = { isoTimes: true }
  const found = (await runChecked(db, days.sql, days.params, spec.session, opts))
    .filter((r) => r.day !== null) as unknown as DayMatches[]
  const total = found.reduce((sum, d) => sum + d.n, 0)
  if (dir === 'desc') found.reverse()
  const offset = Math.trunc((spec.page.pageNumber - 1) * spec.page.pageSize)
  const end = offset + Math.trunc(spec.page.pageSize)
  const w = spec.where.continuing()
  const reads: string[] = []
  let before = 0
  let skipped = 0
  let batchReads = 0
  for (const d of found) {
    if (before >= end) break
    if (before + d.n <= offset) {
      before += d.n
      skipped = before
      continue
    }
    const limit = Math.min(d.n, end - before)
    const day = w.bind(d.day)
    const range = `m.receive_time >= (${day}::date::timestamp at time zone ${TZ}) and m.receive_time < ((${day}::date + 1)::timestamp at time zone ${TZ})`
    const read = (where: string, cond: string) =>
      `(select m.receive_time as rt, m.sn from mt_record m ${where} and ${range}${cond} order by m.receive_time ${dir}, m.sn ${dir} limit ${limit})`
    if (d.batches && batchReads + d.batches.length <= MAX_BATCH_READS) {
      batchReads += d.batches.length
      for (const b of d.batches) reads.push(read(spec.where.sql, ` and m.batch_id = ${w.bind(b)}`))
    } else {
      reads.push(read(spec.where.walkSql, ''))
    }
    before += d.n
  }
  // Nothing to read (past the end, or no match): the statement still checks the session.
  const keys = reads.length
    ? `array(select u.sn from (${reads.join(' union all ')}) u order by u.rt ${dir}, u.sn ${dir} limit ${spec.page.pageSize} offset ${offset - skipped})`
    : `'{}'::bigint[]`
  const sql = `select 1 as "__row", ${spec.select} from ${spec.from} where m.sn = any(${keys}) ${spec.orderBy}`
  // (with nothing to read, none of the where's placeholders is written: none is sent, as none could be typed)
  const rows = await runChecked(db, sql, reads.length ? w.params : [], spec.session, opts)
  return { records: pageRows<R>(rows), total }
}
