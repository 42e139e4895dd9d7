import { Hono } from 'hono'
import { DAILY_COUNTERS } from '../../../src/domain/lists/mt-counters'
import { TREND_MAX_POINTS, type NormalSmsIndexInfo, type SmsIndexInfo, type Trend } from '../../../src/domain/lists/stats'
import type { Deps } from '../../deps'
import { ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { counterSums } from '../../lists/status-sums'
import { PERIOD_FORMAT, rollupWhere, todayOf } from './stats-sql'

const AXIS_DAYS = 30
const pct = (n: number, of: number) => (of > 0 ? Math.round((n * 10000) / of) / 100 : 0)

/** The dashboards of spec section 3, from the daily rollups: cheap whatever the size of the history. */
export function dashboardRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  /** The days from `from(today)` to today, each with the product's figures (zeros for a day without records). */
  async function days(user: Parameters<typeof rollupWhere>[0], q: { prod_type?: number; cus_id?: string }, prodDefault: number, from: (today: string) => string) {
    const w = rollupWhere(user, { ...q, prod_type: q.prod_type ?? prodDefault }, 'd')
    const TODAY = `${w.bind(todayOf(deps))}::date`
    w.and(`d.day >= ${from(TODAY)}`)
    const { rows } = await db.query<{ day: string; receive: number; sent: number; success: number; failure: number; unknown: number }>(
      `select to_char(s.day, 'YYYY-MM-DD') as day, ${counterSums(DAILY_COUNTERS, { alias: 'd', name: (c) => c })}
       from generate_series(${from(TODAY)}, ${TODAY}, interval '1 day') s(day)
       left join mt_daily d on d.day = s.day::date and ${w.sql.replace(/^where /, '')}
       group by s.day order by s.day`,
      w.params,
    )
    return rows
  }

  /**
   * The axes both overviews draw: per day, submitted (what their cards count), sent to the carrier, and each outcome
   * as a share of those sent (src/domain/figures.ts).
   */
  const axes = (rows: Awaited<ReturnType<typeof days>>) => {
    const axis = rows.slice(-AXIS_DAYS)
    return {
      timeAxis: axis.map((d) => d.day),
      receiveCountAxis: axis.map((d) => d.receive),
      sentCountAxis: axis.map((d) => d.sent),
      successRatioAxis: axis.map((d) => pct(d.success, d.sent)),
      failureRatioAxis: axis.map((d) => pct(d.failure, d.sent)),
      unknownRatioAxis: axis.map((d) => pct(d.unknown, d.sent)),
    }
  }
  /** Submitted over the days of one month (yyyy-MM), as the statistics' month row counts it. */
  const monthSum = (rows: Awaited<ReturnType<typeof days>>, month: string) => rows.filter((d) => d.day.startsWith(month)).reduce((s, d) => s + d.receive, 0)

  // Video, international and 5G overview: this month, yesterday, today with its outcome, and 30 days of axes.
  operation(r, '/dataGathering/getSmsIndexInfo', auth, async (c, input) => {
    const q = await input()
    const from = (today: string) => `least(${today} - ${AXIS_DAYS - 1}, date_trunc('month', ${today})::date)`
    const rows = await days(c.get('user'), q, 2, from)
    const t = rows[rows.length - 1]
    const info: SmsIndexInfo = {
      monthAllCount: monthSum(rows, t.day.slice(0, 7)),
      yesterdayAllCount: rows[rows.length - 2]?.receive ?? 0,
      todayAllCount: t.receive,
      todaySuccessCount: t.success,
      todayFailureCount: t.failure,
      todayUnknownCount: t.unknown,
      ...axes(rows),
    }
    return ok(c, info)
  })

  // Ordinary overview: previous and current month, yesterday, today, and 30 days of axes.
  operation(r, '/dataGathering/getNormalSmsIndexInfo', auth, async (c, input) => {
    const q = await input()
    const from = (today: string) => `least(${today} - ${AXIS_DAYS - 1}, (date_trunc('month', ${today}) - interval '1 month')::date)`
    const rows = await days(c.get('user'), q, 0, from)
    const t = rows[rows.length - 1]
    const cur = t.day.slice(0, 7)
    const prevDate = new Date(`${cur}-01T00:00:00Z`)
    prevDate.setUTCMonth(prevDate.getUTCMonth() - 1)
    const info: NormalSmsIndexInfo = {
      prevMonthAllCount: monthSum(rows, prevDate.toISOString().slice(0, 7)),
      curMonthAllCount: monthSum(rows, cur),
      yesterdayAllCount: rows[rows.length - 2]?.receive ?? 0,
      todayAllCount: t.receive,
      ...axes(rows),
    }
    return ok(c, info)
  })

  // Replies in the range (today when none is given) and today.
  operation(r, '/dataGathering/queryReplyCount', auth, async (c, input) => {
    const q = await input()
    const ranged = q.start_time || q.end_time
    const w = rollupWhere(c.get('user'), q, 'd')
    const TODAY = `${w.bind(todayOf(deps))}::date`
    const { rows } = await db.query<{ range: number; today: number }>(
      `select coalesce(sum(d.reply_count) filter (where ${ranged ? 'true' : `d.day = ${TODAY}`}), 0)::int as range,
         coalesce(sum(d.reply_count) filter (where d.day = ${TODAY}), 0)::int as today
       from mo_daily d ${w.sql}`,
      w.params,
    )
    return ok(c, { replyCount: rows[0].range, todayReplyCount: rows[0].today })
  })

  // The chart above a statistics list: its window's periods, each with the figures its rows sum (the same rollup
  // rows and filters as /dataGathering/list and /countryList), the period under way named for the chart.
  operation(r, '/dataGathering/trend', auth, async (c, input) => {
    const q = await input()
    const unit = (['day', 'month', 'year'] as const)[q.dimension]
    const fmt = PERIOD_FORMAT[q.dimension]
    const w = rollupWhere(c.get('user'), { ...q, prod_type: q.prod_type ?? 0 }, 'd')
    w.when(q.country, (v) => `d.country = ${w.bind(v.toUpperCase())}`)
    const TODAY = `${w.bind(todayOf(deps))}::date`
    // Without a window: the last 30 days, 12 months or 5 years; a window past today ends today; one longer than a
    // chart draws keeps its last periods.
    const back = [`${TODAY} - 29`, `(date_trunc('month', ${TODAY}::timestamp) - interval '11 months')::date`, `(date_trunc('year', ${TODAY}::timestamp) - interval '4 years')::date`][q.dimension]
    const to = q.end_time ? `least(${w.bind(q.end_time.slice(0, 10))}::date, ${TODAY})` : TODAY
    const from = `greatest(${q.start_time ? `${w.bind(q.start_time.slice(0, 10))}::date` : back},
      (date_trunc('${unit}', ${to}::timestamp) - interval '${TREND_MAX_POINTS[q.dimension] - 1} ${unit}')::date)`
    w.and(`d.day between ${from} and ${to}`)
    const { rows } = await db.query<{ p: string; today: boolean } & Record<'receive' | 'sent' | 'success' | 'failure' | 'unknown' | 'messages' | 'spend', number>>(
      `with g as (select to_char(d.day, '${fmt}') as p, ${counterSums(DAILY_COUNTERS, { alias: 'd', name: (k) => k })},
           coalesce(sum(d.messages), 0)::int as messages, coalesce(sum(d.spend), 0) as spend
         from mt_daily d ${w.sql} group by 1)
       select to_char(s.p, '${fmt}') as p, to_char(s.p, '${fmt}') = to_char(${TODAY}, '${fmt}') as today,
         coalesce(g.receive, 0) as receive, coalesce(g.sent, 0) as sent, coalesce(g.success, 0) as success, coalesce(g.failure, 0) as failure,
         coalesce(g.unknown, 0) as unknown, coalesce(g.messages, 0) as messages, coalesce(g.spend, 0) as spend
       from generate_series(date_trunc('${unit}', (${from})::timestamp), date_trunc('${unit}', ${to}::timestamp), interval '1 ${unit}') s(p)
       left join g on g.p = to_char(s.p, '${fmt}') order by s.p`,
      w.params,
    )
    const trend: Trend = {
      axis: rows.map((x) => x.p), partial: rows.find((x) => x.today)?.p ?? null,
      receive: rows.map((x) => x.receive), sent: rows.map((x) => x.sent), success: rows.map((x) => x.success), failure: rows.map((x) => x.failure),
      unknown: rows.map((x) => x.unknown), messages: rows.map((x) => x.messages), spend: rows.map((x) => Number(x.spend)),
    }
    return ok(c, trend)
  })

  return r
}
