import { Hono } from 'hono'
import { HOME_BATCHES, HOME_NOTICES, type HomeFigures, type HomeSummary } from '../../src/domain/home'
import { DAILY_COUNTERS } from '../../src/domain/lists/mt-counters'
import type { TemplateKind } from '../../src/domain/templates-write'
import type { Deps } from '../deps'
import { localeOf, ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { Where } from '../lists'
import { counterSums } from '../lists/status-sums'
import { listNotices } from '../notices/store'
import { KIND_TABLES, pendingCodes } from '../templates/review'
import { todayOf } from './lists/stats-sql'

/** The figures of the rollup rows matching `only` (every row of the month when none), named `<prefix>_…`. */
const sums = (prefix: string, only = '') => `${counterSums(DAILY_COUNTERS, { only, name: (c) => `${prefix}_${c}` })}, `
  + `coalesce(sum(spend)${only ? ` filter (where ${only})` : ''}, 0)::text as ${prefix}_spend`
type FigureRow = Record<`${'today' | 'month'}_${'receive' | 'sent' | 'success' | 'failure' | 'unknown'}`, number> & Record<`${'today' | 'month'}_spend`, string>
const figures = (r: FigureRow, p: 'today' | 'month'): HomeFigures => ({
  received: r[`${p}_receive`], sent: r[`${p}_sent`], success: r[`${p}_success`], failure: r[`${p}_failure`], unknown: r[`${p}_unknown`], spend: r[`${p}_spend`],
})

/**
 * /home/summary: the home page in one request. The figures come from the daily rollups (mt_daily: this month's
 * rows of the caller's scope, never the records), the batches from sms_batch's newest rows, the waiting templates
 * of each kind from the review queues' partial indexes; every part scoped as the lists are, from the session alone (the body is
 * not read, so no account named in it can widen the scope).
 */
export function homeRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  operation(r, '/home/summary', auth, async (c) => {
    const user = c.get('user')
    const days = new Where().scope(user, 'cus_id')
    const TODAY = `${days.bind(todayOf(deps))}::date`
    days.and(`day >= date_trunc('month', ${TODAY})::date`)
    const batches = new Where().scope(user, 'cus_id')
    // Waiting is what each list's "pending" filter finds; the codes are written into the statement (constants), so
    // it reads its table's review-queue partial index (migration 028).
    const waitingIn = (kind: TemplateKind) => {
      const k = KIND_TABLES[kind]
      const w = new Where().scope(user, 'cus_id').and(`${k.status} in (${pendingCodes(kind).join(', ')})`)
      return db.query<{ n: number }>(`select count(*)::int as n from ${k.table} ${w.sql}`, w.params)
    }
    const admin = user.userType === 1
    const [month, recent, content, video, csp, customers, notices] = await Promise.all([
      db.query<FigureRow & { day: string }>(
        `select to_char(${TODAY}, 'YYYY-MM-DD') as day, ${sums('today', `day = ${TODAY}`)}, ${sums('month')}
         from mt_daily ${days.sql}`, days.params),
      db.query<HomeSummary['records'][number]>(
        `select batch_id, cus_id, prod_type::int as prod_type, content, create_time,
           receive_count, sent_count, success_count, failure_count, unknown_count
         from sms_batch ${batches.sql} order by create_time desc limit ${HOME_BATCHES}`, batches.params),
      waitingIn('content'), waitingIn('video'), waitingIn('csp'),
      admin ? db.query<{ n: number }>('select count(*)::int as n from customer where user_type = 2') : null,
      listNotices(db, user.cusId, { pageNumber: 1, pageSize: HOME_NOTICES, unreadFirst: true }, localeOf(c)),
    ])
    const row = month.rows[0]
    const summary: HomeSummary = {
      day: row.day,
      today: figures(row, 'today'),
      month: figures(row, 'month'),
      records: recent.rows,
      pendingTemplates: { content: content.rows[0].n, video: video.rows[0].n, csp: csp.rows[0].n },
      customers: customers ? customers.rows[0].n : null,
      notices: notices.records,
      unreadNotices: notices.unread,
    }
    return ok(c, summary)
  })

  return r
}
