import { platformDay } from '../../../src/domain/date-time'
import { TREND_MAX_POINTS, type Trend } from '../../../src/domain/lists/stats'
import type { Db } from '../../db'
import type { Deps } from '../../deps'
import { Where } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { mayFilterAccount } from './common'

export const PERIOD_FORMAT = ['YYYY-MM-DD', 'YYYY-MM', 'YYYY'] as const

/**
 * Today as a calendar day of the platform's zone (yyyy-MM-dd), by the server's clock (Deps.now, which tests pin): the
 * day every figure's "today", "yesterday" and "this month" count from. Bound into the statements as a date.
 */
export const todayOf = (deps: Pick<Deps, 'now'>): string => platformDay(deps.now())

/**
 * The rollup rows (mt_daily, mo_daily) a user may see under the statistics filters. Days compare as dates: a
 * `start_time`/`end_time` with a time keeps its day, since the rollups hold whole days.
 */
export function rollupWhere(user: SessionUser, q: { cus_id?: string; prod_type?: number; start_time?: string; end_time?: string }, a: string): Where {
  const w = new Where().scope(user, `${a}.cus_id`)
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `${a}.cus_id = ${w.bind(v)}`)
  return w.when(q.prod_type, (v) => `${a}.prod_type = ${w.bind(v)}`)
    .when(q.start_time, (v) => `${a}.day >= ${w.bind(v.slice(0, 10))}::date`)
    .when(q.end_time, (v) => `${a}.day <= ${w.bind(v.slice(0, 10))}::date`)
}

/**
 * A chart's periods as SQL dates bound into `w`: without a window the last 30 days, 12 months or 5 years; a window
 * past today ends today; one longer than a chart draws keeps its last periods (TREND_MAX_POINTS).
 */
export function trendWindow(w: Where, q: { start_time?: string; end_time?: string }, dimension: number, today: string) {
  const unit = (['day', 'month', 'year'] as const)[dimension]
  const TODAY = `${w.bind(today)}::date`
  const back = [`${TODAY} - 29`, `(date_trunc('month', ${TODAY}::timestamp) - interval '11 months')::date`, `(date_trunc('year', ${TODAY}::timestamp) - interval '4 years')::date`][dimension]
  const to = q.end_time ? `least(${w.bind(q.end_time.slice(0, 10))}::date, ${TODAY})` : TODAY
  const from = `greatest(${q.start_time ? `${w.bind(q.start_time.slice(0, 10))}::date` : back},
    (date_trunc('${unit}', ${to}::timestamp) - interval '${TREND_MAX_POINTS[dimension] - 1} ${unit}')::date)`
  return { unit, TODAY, from, to }
}

type TrendWindow = ReturnType<typeof trendWindow>
type TrendRow = { p: string; today: boolean } & Record<'receive' | 'sent' | 'success' | 'failure' | 'unknown' | 'messages' | 'spend', number>

/**
 * A chart's figures for every period of its window, zeros where nothing was sent: `grouped` is a statement (with
 * `w`'s parameters) giving per period `p` (formatted as the dimension's PERIOD_FORMAT) the figures of a Trend.
 */
export async function trendOf(db: Db, w: Where, grouped: string, dimension: number, { unit, TODAY, from, to }: TrendWindow): Promise<Trend> {
  const fmt = PERIOD_FORMAT[dimension]
  const { rows } = await db.query<TrendRow>(
    `with g as (${grouped})
     select to_char(s.p, '${fmt}') as p, to_char(s.p, '${fmt}') = to_char(${TODAY}, '${fmt}') as today,
       coalesce(g.receive, 0) as receive, coalesce(g.sent, 0) as sent, coalesce(g.success, 0) as success, coalesce(g.failure, 0) as failure,
       coalesce(g.unknown, 0) as unknown, coalesce(g.messages, 0) as messages, coalesce(g.spend, 0) as spend
     from generate_series(date_trunc('${unit}', (${from})::timestamp), date_trunc('${unit}', ${to}::timestamp), interval '1 ${unit}') s(p)
     left join g on g.p = to_char(s.p, '${fmt}') order by s.p`,
    w.params,
  )
  return {
    axis: rows.map((x) => x.p), partial: rows.find((x) => x.today)?.p ?? null,
    receive: rows.map((x) => x.receive), sent: rows.map((x) => x.sent), success: rows.map((x) => x.success), failure: rows.map((x) => x.failure),
    unknown: rows.map((x) => x.unknown), messages: rows.map((x) => x.messages), spend: rows.map((x) => Number(x.spend)),
  }
}
