import { STATUS_LABELS } from '../../../src/domain/lists/status-words'
import { fieldChanges } from '../../audit/diff'
import { audit } from '../../audit/write'
import { Hono } from 'hono'
import { TIMED_BATCH_TOTALS, TIMED_FROM, TIMED_STATUS, TIMED_TO, timedStatusKey, type TimedBatchRow, type TimedDetailRow, type TimedDetailSearch, type TimedOperation } from '../../../src/domain/lists/timed'
import type { ServerMessage } from '../../../src/domain/messages'
import type { Deps } from '../../deps'
import type { SessionUser } from '../../users/repo'
import { consumeRate } from '../../security/rate-limit'
import { editTimedContent } from '../../send/timed-edit'
import { ApiError, localeOf, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { countRows, downloadResponse, keysetBatches, listPage, orderClause, present, Where, type TotalQuery } from '../../lists'
import { foreignBatchRowGuard, totalFromBatchRow } from '../../lists/batch-row'
import { col, fileColumns, mayFilterAccount, type Row } from './common'

const BATCH_SELECT = `t.time_batch, t.cus_id, t.prod_type::int as prod_type, t.batch_count, t.batch_type::int as batch_type,
  t.send_status::int as send_status, t.timing_time, t.create_time, t.content as "decodeContent", t.kind`
const DETAIL_SELECT = `m.sn, m.mobile as "decodeMobile", m.content as "decodeContent", m.send_status::int as send_status, m.time_batch,
  m.timing_time, m.create_time, m.cus_id`

const MESSAGES: Record<TimedOperation | 'edit', [ServerMessage, ServerMessage]> = {
  pause: ['timedPauseSuccess', 'timedPauseFailure'],
  recover: ['timedRecoverSuccess', 'timedRecoverFailure'],
  intercept: ['timedInterceptSuccess', 'timedInterceptFailure'],
  edit: ['timedEditSuccess', 'timedEditFailure'],
}
const MOBILE_FILE = [col('decodeMobile', 'mobile'), col('decodeContent', 'content'), col('send_status', 'sendStatus'),
  col('timing_time', 'timingTime')]

/** Another tenant's timed batch: no detail read (lists/batch-row.ts; every detail has its batch's account, store.ts). */
const foreignTimedBatchGuard = (w: Where, user: { userType: number; cusId: string }, batch: string) =>
  foreignBatchRowGuard(w, user, { table: 'time_batch', alias: 't', key: 'time_batch' }, batch)

/**
 * The total of one timed batch's details from its row (batch_count, the details it was stored with: none is added or
 * removed later) when the search is the batch alone: its earliest and latest details (by the (time_batch,
 * timing_time, sn) index) both pass every condition, which are the batch's own or one interval of time, so all its
 * details do. Else (a window cutting it, a missing row) they are counted (lists/batch-row.ts totalFromBatchRow).
 */
function timedBatchTotal(w: Where, batch: string): TotalQuery {
  const end = (dir: 'asc' | 'desc') => `(select * from time_mt_message m where m.time_batch = ${batch} order by m.timing_time ${dir}, m.sn ${dir} limit 1)`
  const sql = totalFromBatchRow(end, w.sql, `select t.batch_count from time_batch t where t.time_batch = ${batch}`, `select count(*) from time_mt_message m ${w.sql}`)
  return { sql, params: w.params }
}

/** The send_status filter's "failed" (4): every status from 4 up but 5, a detail left out because it had opted out. */
const isFailedFilter = (status: number) => status >= TIMED_STATUS.failed && status !== TIMED_STATUS.optedOut

/** A detail's send_status filter; `bound` is the filter's value as bound in the statement. */
function statusCondition(column: string, status: number, bound: string): string {
  return isFailedFilter(status) ? `${column} >= ${bound} and ${column} <> ${TIMED_STATUS.optedOut}` : `${column} = ${bound}`
}

/**
 * The total of a timed-detail search with no mobile filter as the sum of its batches' counts: every detail carries
 * its batch's account and timing time (store.ts; neither changes later), so a batch's details all pass the search
 * or none does, and batch_count is how many it has. Sums the batch rows instead of counting a million details on
 * every request. With a status filter, a batch adds its batch_count when none of its details has a status outside
 * the filter's, 0 when none has one inside, and its matching details counted only
 * when it has both (rare: its details move together); each test one probe of time_mt_message_batch_status_idx.
 */
function timedRowsTotal(base: Where, user: SessionUser, q: TimedDetailSearch): TotalQuery {
  const w = base.continuing().scope(user, 't.cus_id')
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `t.cus_id = ${w.bind(v)}`)
  w.when(q.time_batch, (v) => `t.time_batch = ${w.bind(v)}`)
  w.when(q.prod_type, (v) => `t.prod_type = ${w.bind(v)}`).timeWindow('t.timing_time', q, null)
  if (!present(q.send_status)) return { sql: `select coalesce(sum(t.batch_count), 0)::int as "__total" from time_batch t ${w.sql}`, params: w.params }
  // The filter as a range of statuses: "failed" is 4 and above but 5 (opted out), as the detail filter reads it.
  const failed = isFailedFilter(q.send_status)
  const lo = w.bind(failed ? TIMED_STATUS.failed : q.send_status)
  const any = (cond: string) => `exists (select 1 from time_mt_message d where d.time_batch = t.time_batch and ${cond})`
  const outside = [any(`d.send_status < ${lo}`), any(failed ? `d.send_status = ${TIMED_STATUS.optedOut}` : `d.send_status > ${lo}`)].join(' or ')
  const inside = statusCondition('d.send_status', q.send_status, lo)
  return {
    sql: `select coalesce(sum(case when not (${outside}) then t.batch_count when not ${any(inside)} then 0
        else (select count(*) from time_mt_message d where d.time_batch = t.time_batch and ${inside}) end), 0)::int as "__total"
      from time_batch t ${w.sql}`,
    params: w.params,
  }
}

const TIMED_ACTION = { pause: 'timedBatchPaused', recover: 'timedBatchResumed', intercept: 'timedBatchIntercepted' } as const

export function timedRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  operation(r, '/pageTimeBatch/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 't.cus_id')
    if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `t.cus_id = ${w.bind(v)}`)
    w.when(q.time_batch, (v) => `t.time_batch = ${w.bind(v)}`)
      .when(q.send_status, (v) => (v >= 4 ? `t.send_status >= 4` : `t.send_status = ${w.bind(v)}`))
      .when(q.batch_type, (v) => `t.batch_type = ${w.bind(v)}`)
      .when(q.prod_type, (v) => `t.prod_type = ${w.bind(v)}`)
      .timeWindow('t.timing_time', q, null)
    return ok(c, await listPage<TimedBatchRow>(db, {
      session: c.get('sessionCheck'),
      select: BATCH_SELECT, from: 'time_batch t', where: w, page: q, totals: { [TIMED_BATCH_TOTALS[0]]: 'sum(t.batch_count)' },
      orderBy: orderClause(q, { timing_time: 't.timing_time', create_time: 't.create_time', batch_count: 't.batch_count', time_batch: 't.time_batch' },
        { by: 'timing_time', order: 'desc' }, 't.time_batch'),
    }))
  }))

  operation(r, '/timeMtMessage/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 'm.cus_id')
    if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `m.cus_id = ${w.bind(v)}`)
    let batch: string | undefined
    if (present(q.time_batch)) {
      // One batch: the tenant's check once per statement (foreignTimedBatchGuard), not per detail.
      batch = w.bind(q.time_batch)
      w.and(`m.time_batch = ${batch}`).and(foreignTimedBatchGuard(w, user, batch))
    }
    w.when(q.mobile, (v) => `m.mobile = ${w.bind(v)}`)
      .when(q.send_status, (v) => statusCondition('m.send_status', v, w.bind(v)))
      .when(q.prod_type, (v) => `m.time_batch in (select time_batch from time_batch where prod_type = ${w.bind(v)})`)
      .timeWindow('m.timing_time', q, null)
    // One batch's total from its row (timedBatchTotal) or, with a status filter, as the batch sums (timedRowsTotal).
    const totalQuery = present(q.mobile) ? undefined
      : batch !== undefined && !present(q.send_status) ? timedBatchTotal(w, batch) : timedRowsTotal(w, user, q)
    return ok(c, await listPage<TimedDetailRow>(db, {
      session: c.get('sessionCheck'),
      select: DETAIL_SELECT, from: 'time_mt_message m', where: w, page: q, totalQuery,
      orderBy: orderClause(q, { timing_time: 'm.timing_time', create_time: 'm.create_time', sn: 'm.sn' }, { by: 'timing_time', order: 'desc' }, 'm.sn'),
    }))
  }))

  /**
   * One conditional UPDATE per action: the batch moves only from the statuses the action allows, so two operators
   * acting at once cannot both win, and its details that share the old status follow it in the same transaction.
   */
  operation(r, '/pageTimeBatch/operation', auth, async (c, input) => {
    const q = await input()
    const scope = new Where().scope(c.get('user'), 'cus_id')
    const done = await db.transaction(async (tx) => {
      const w = scope.clone()
      w.and(`time_batch = ${w.bind(q.time_batch)}`).and(`send_status = any(${w.bind(TIMED_FROM[q.type])}::smallint[])`)
      const to = w.bind(TIMED_TO[q.type])
      const seen = scope.clone()
      seen.and(`time_batch = ${seen.bind(q.time_batch)}`)
      const { rows: was } = await tx.query<{ send_status: number }>(`select send_status::int as send_status from time_batch ${seen.sql} for update`, seen.params)
      const { rows } = await tx.query<{ time_batch: string; cus_id: string }>(
        `update time_batch set send_status = ${to}, update_time = now() ${w.sql} returning time_batch, cus_id`, w.params)
      if (!rows.length) return false
      await tx.query(
        `update time_mt_message set send_status = $2 where time_batch = $1 and send_status = any($3::smallint[])`,
        [q.time_batch, TIMED_TO[q.type], TIMED_FROM[q.type]])
      await audit(tx, c, { action: TIMED_ACTION[q.type], account: rows[0].cus_id, target: { id: q.time_batch },
        changes: fieldChanges({ send_status: was[0]?.send_status ?? null }, { send_status: TIMED_TO[q.type] }) })
      return true
    })
    const [success, failure] = MESSAGES[q.type]
    if (!done) throw new ApiError(409, failure)
    return ok(c, { time_batch: q.time_batch, send_status: TIMED_TO[q.type] }, success)
  })

  operation(r, '/pageTimeBatch/edit', auth, async (c, input) => {
    const q = await input()
    if (!q.content) throw new ApiError(400, 'timedContentEmpty')
    await consumeRate(deps, 'timedEdit', c.get('user').cusId)
    const w = new Where().scope(c.get('user'), 'cus_id')
    w.and(`time_batch = ${w.bind(q.time_batch)}`).and(`send_status = any(${w.bind(TIMED_FROM.edit)}::smallint[])`)
    // A video or 5G batch sends its template's content, which is edited on the template, not here.
    w.and(`kind not in ('video', 'csp')`)
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ content: string; cus_id: string }>(`select content, cus_id from time_batch ${w.sql}`, w.params)
      const edited = await editTimedContent(tx, w, q.content)
      if (edited && rows[0]) await audit(tx, c, { action: 'timedBatchEdited', account: rows[0].cus_id, target: { id: q.time_batch }, changes: fieldChanges({ content: rows[0].content }, { content: q.content }) })
      return edited
    })
    if (!done) throw new ApiError(409, MESSAGES.edit[1])
    return ok(c, { time_batch: q.time_batch }, MESSAGES.edit[0])
  })

  operation(r, '/pageTimeBatch/mobileDownload', auth, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 'm.cus_id')
    // The tenant's check once per statement (as the detail list's), not per detail.
    const batch = w.bind(q.time_batch)
    w.and(`m.time_batch = ${batch}`).and(foreignTimedBatchGuard(w, user, batch))
    const locale = localeOf(c)
    return downloadResponse<Row>(c, {
      format: q.format, filename: `定时号码-${q.time_batch}`, total: await countRows(db, 'time_mt_message m', w),
      columns: fileColumns<Row>(MOBILE_FILE, { send_status: (row) => STATUS_LABELS[timedStatusKey(Number(row.send_status))][locale] }),
      batches: keysetBatches<Row>(db, { select: DETAIL_SELECT, from: 'time_mt_message m', where: w, order: 'asc', key: [{ sql: 'm.sn', type: 'bigint' }] }),
    })
  })

  return r
}
