import { Hono } from 'hono'
import { CHECK_STAT_TOTALS, MOBILE_STATUS_BATCH_TOTALS, MOBILE_STATUS_STAT_TOTALS, MOBILE_UE_TOTALS, ratioStr, type CheckStatRow } from '../../../src/domain/lists/number-check'
import { UE_FILE_STATUS } from '../../../src/domain/number-check-ue'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { countRows, downloadResponse, keysetBatches, listPage, orderClause, Where } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { col, fileColumns, mayFilterAccount, type Row } from './common'

const sums = (a: string, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, `sum(${a}.${k})`]))

/** Daily statistics: whole days, so a start or end with a time keeps its day. */
function statWhere(user: SessionUser, q: { cus_id?: string; start_time?: string; end_time?: string }): Where {
  const w = new Where().scope(user, 's.cus_id')
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `s.cus_id = ${w.bind(v)}`)
  return w.when(q.start_time, (v) => `s.gather_time >= ${w.bind(v.slice(0, 10))}::date`)
    .when(q.end_time, (v) => `s.gather_time <= ${w.bind(v.slice(0, 10))}::date`)
}
const STAT_SORT = { gather_time: 's.gather_time', cus_id: 's.cus_id', request_count: 's.request_count' }
const statOrder = (q: { orderBy?: string; order?: 'asc' | 'desc' }) => orderClause(q, STAT_SORT, { by: 'gather_time', order: 'desc' }, 's.cus_id')

export function numberCheckRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  operation(r, '/mobileStatus/mobileStatusStatistics', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: `to_char(s.gather_time, 'YYYY-MM-DD') as gather_time, s.cus_id, c.cus_name, s.request_count, s.success_count, s.failure_count,
        s.dead_count, s.real_count, s.down_count, s.not_count, s.silence_count, s.danger_count`,
      from: 'mobile_status_stat s join customer c on c.cus_id = s.cus_id', countFrom: 'mobile_status_stat s',
      where: statWhere(c.get('user'), q), page: q, orderBy: statOrder(q), totals: sums('s', MOBILE_STATUS_STAT_TOTALS),
    }))
  }))

  for (const [path, table] of [['/mobileBlack/mobileBlackStatistics', 'mobile_black_stat'], ['/numberPorting/numberPortingStatistics', 'number_porting_stat']] as const) {
    operation(r, path, checkedInStatement(deps.db, async (c, input) => {
      const q = await input()
      const page = await listPage<CheckStatRow>(db, {
        session: c.get('sessionCheck'),
        select: `to_char(s.gather_time, 'YYYY-MM-DD') as gather_time, s.cus_id, c.cus_name, s.request_count, s.success_count, s.failure_count`,
        from: `${table} s join customer c on c.cus_id = s.cus_id`, countFrom: `${table} s`,
        where: statWhere(c.get('user'), q), page: q, orderBy: statOrder(q), totals: sums('s', CHECK_STAT_TOTALS),
      })
      const records = page.records.map((row) => ({
        ...row, successRatio: ratioStr(row.success_count, row.request_count), failureRatio: ratioStr(row.failure_count, row.request_count),
      }))
      return ok(c, { ...page, records })
    }))
  }

  operation(r, '/mobileUe/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    // An upload not yet confirmed (paid) is no check file yet (mobile_ue_file.confirmed).
    const w = new Where().scope(user, 'u.cus_id').and('u.confirmed')
    if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `u.cus_id = ${w.bind(v)}`)
    w.when(q.file_name, (v) => `u.file_name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`)
      .when(q.file_status, (v) => `u.file_status = ${w.bind(v)}`)
      .timeWindow('u.create_time', q, null)
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: `u.batch_id, u.cus_id, u.file_name, u.file_status::int as file_status, u.batch_count, u.check_count, u.ue_count, u.nue_count, u.create_time`,
      from: 'mobile_ue_file u', where: w, page: q, totals: sums('u', MOBILE_UE_TOTALS),
      orderBy: orderClause(q, { create_time: 'u.create_time', batch_count: 'u.batch_count' }, { by: 'create_time', order: 'desc' }, 'u.batch_id'),
    }))
  }))

  operation(r, '/mobileUe/downloadMobile', auth, async (c, input) => {
    const q = await input()
    // Another account's file is not found; a file still checking, failed (and refunded) or unpaid has no result.
    const file = new Where().scope(c.get('user'), 'u.cus_id')
    file.and(`u.batch_id = ${file.bind(q.batch_id)}`).and('u.confirmed')
    const found = await db.query<{ file_status: number }>(`select u.file_status::int as file_status from mobile_ue_file u ${file.sql}`, file.params)
    if (!found.rows[0]) throw new ApiError(404, 'notFound')
    if (found.rows[0].file_status !== UE_FILE_STATUS.done) throw new ApiError(409, 'ueNotDone')
    const w = new Where().scope(c.get('user'), 'u.cus_id')
    w.and(`n.batch_id = ${w.bind(q.batch_id)}`).when(q.ue, (v) => (v === 1 ? 'n.is_ue' : 'not n.is_ue'))
    const from = 'mobile_ue_number n join mobile_ue_file u on u.batch_id = n.batch_id'
    return downloadResponse<Row>(c, {
      format: q.format, filename: `UE号码-${q.batch_id}`, total: await countRows(db, from, w),
      columns: fileColumns<Row>([col('mobile', 'mobile'), col('ue', 'supported')], {
        ue: (row) => (row.is_ue === null ? '' : row.is_ue ? 1 : 0),
      }),
      batches: keysetBatches<Row>(db, { select: 'n.mobile, n.is_ue', from, where: w, order: 'asc', key: [{ sql: 'n.seq', type: 'int' }] }),
    })
  })

  operation(r, '/mobileStatus/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 'b.cus_id')
    if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `b.cus_id = ${w.bind(v)}`)
    w.when(q.batch_name, (v) => `b.batch_name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`).timeWindow('b.create_time', q, null)
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: `b.id, b.cus_id, b.batch_name, b.batch_count, b.dead_count, b.real_count, b.down_count, b.not_count, b.silence_count,
        b.danger_count, b.create_time`,
      from: 'mobile_status_batch b', where: w, page: q, totals: sums('b', MOBILE_STATUS_BATCH_TOTALS),
      orderBy: orderClause(q, { create_time: 'b.create_time', batch_count: 'b.batch_count' }, { by: 'create_time', order: 'desc' }, 'b.id'),
    }))
  }))

  return r
}
