import { Hono } from 'hono'
import { FAILURE_DEFAULT_DAYS, type FailureRow, type FailureSearch, type FailureTrend } from '../../../src/domain/lists/failures'
import type { Deps } from '../../deps'
import { ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { listPage, orderClause, Where } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { mayFilterAccount, paramsOnly } from './common'
import { todayOf } from './stats-sql'

/**
 * The failure rollup's rows (mt_failure_daily) a user may see under the failure analysis' filters, and the window's
 * first and last day (bound as dates: the search's, else the last FAILURE_DEFAULT_DAYS days up to today).
 */
function failureWhere(deps: Deps, user: SessionUser, q: Omit<FailureSearch, 'pageNumber' | 'pageSize' | 'orderBy' | 'order'>) {
  const w = new Where().scope(user, 'f.cus_id')
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `f.cus_id = ${w.bind(v)}`)
  w.when(q.prod_type, (v) => `f.prod_type = ${w.bind(v)}`).when(q.operator, (v) => `f.operator = ${w.bind(v)}`)
  const today = `${w.bind(todayOf(deps))}::date`
  const to = q.end_time ? `least(${w.bind(q.end_time.slice(0, 10))}::date, ${today})` : today
  const from = q.start_time ? `${w.bind(q.start_time.slice(0, 10))}::date` : `${today} - ${FAILURE_DEFAULT_DAYS - 1}`
  w.and(`f.day between ${from} and ${to}`)
  return { w, from, to, today }
}

const SORT = { failure_count: 'g.failure_count', share: 'g.share', rate: 'g.rate', code: 'g.code', operator: 'g.operator' }

export function failureRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  // Failures by code × operator: each group's count, its share of every failure of the search, and its rate of the
  // records sent to that operator. The rows that did not fail (code '') count only in the operators' sent.
  operation(r, '/dataGathering/failureList', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const { w } = failureWhere(deps, c.get('user'), q)
    const grouped = `(select operator, code, failure_count, sent_count,
        round(failure_count * 100.0 / nullif(all_failed, 0), 2)::float8 as share, round(failure_count * 100.0 / nullif(sent_count, 0), 2)::float8 as rate
      from (select f.operator, f.code, sum(f.failure_count)::int as failure_count,
              (sum(sum(f.sent_count)) over (partition by f.operator))::int as sent_count, sum(sum(f.failure_count)) over () as all_failed
            from mt_failure_daily f ${w.sql} group by 1, 2) x
      where code <> '' and failure_count > 0) g`
    return ok(c, await listPage<FailureRow>(db, {
      session: c.get('sessionCheck'), select: 'g.*', from: grouped, where: paramsOnly(w),
      orderBy: orderClause(q, SORT, { by: 'failure_count', order: 'desc' }, 'g.code, g.operator'), page: q,
      totals: { failure_count: 'sum(g.failure_count)', share: 'sum(g.share)' },
    }))
  }))

  // The failure rate's trend: sent and failed per day of the same search, every day of the window.
  operation(r, '/dataGathering/failureTrend', auth, async (c, input) => {
    const q = await input()
    const { w, from, to, today } = failureWhere(deps, c.get('user'), q)
    const { rows } = await db.query<{ day: string; today: boolean; sent: number; failure: number }>(
      `with g as (select f.day, sum(f.sent_count)::int as sent, sum(f.failure_count)::int as failure from mt_failure_daily f ${w.sql} group by 1)
       select to_char(s.day, 'YYYY-MM-DD') as day, s.day::date = ${today} as today, coalesce(g.sent, 0) as sent, coalesce(g.failure, 0) as failure
       from generate_series(greatest(${from}, ${to} - 369)::timestamp, (${to})::timestamp, interval '1 day') s(day) left join g on g.day = s.day::date
       order by s.day`,
      w.params,
    )
    const trend: FailureTrend = {
      axis: rows.map((x) => x.day), partial: rows.find((x) => x.today)?.day ?? null,
      sent: rows.map((x) => x.sent), failure: rows.map((x) => x.failure),
    }
    return ok(c, trend)
  })

  return r
}
