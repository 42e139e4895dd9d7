import { Hono } from 'hono'
import { DAILY_COUNTERS } from '../../../src/domain/lists/mt-counters'
import type { NormalSmsIndexInfo, SmsIndexInfo } from '../../../src/domain/lists/stats'
import type { Deps } from '../../deps'
import { ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { counterSums } from '../../lists/status-sums'
import { PERIOD_FORMAT, rollupWhere, todayOf, trendOf, trendWindow } from './stats-sql'

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
    const fmt = PERIOD_FORMAT[q.dimension]
    const w = rollupWhere(c.get('user'), { ...q, prod_type: q.prod_type ?? 0 }, 'd')
    w.when(q.country, (v) => `d.country = ${w.bind(v.toUpperCase())}`)
    const win = trendWindow(w, q, q.dimension, todayOf(deps))
    w.and(`d.day between ${win.from} and ${win.to}`)
    const grouped = `select to_char(d.day, '${fmt}') as p, ${counterSums(DAILY_COUNTERS, { alias: 'd', name: (k) => k })},
        coalesce(sum(d.messages), 0)::int as messages, coalesce(sum(d.spend), 0) as spend
      from mt_daily d ${w.sql} group by 1`
    return ok(c, await trendOf(db, w, grouped, q.dimension, win))
  })

  return r
}
