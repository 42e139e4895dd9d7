import { signatureOf, type BatchDetail, type FailureGroups } from '../../src/domain/batch'
import { failureKind } from '../../src/domain/carrier-codes'
import { PROD_TYPE } from '../../src/domain/constants'
import { TIMED_STATUS } from '../../src/domain/lists/timed'
import { OPERATORS, operatorTable, type OperatorOrOther } from '../../src/domain/operators'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { Where } from '../lists'
import type { SessionUser } from '../users/repo'

/**
 * The records of a batch that ended without a delivery (failures, cancelled ones included, and report time-outs),
 * written as the partial index mt_record_batch_outcome_idx (007_batch_actions.sql) is, so the planner reads them
 * from it: the failure groups, the resends and the failed numbers' file never walk a batch's delivered records.
 */
export const UNDELIVERED = (m = 'm') =>
  `${m}.mt_status not in (100, 500) and not (${m}.mt_status = 0 and ${m}.report_result is not distinct from 0)`
/** Of those, the failures (the time-outs, 600, are unknown, not failed). */
export const FAILED = (m = 'm') => `${UNDELIVERED(m)} and ${m}.mt_status <> 600`

export interface BatchRow {
  batch_id: string
  cus_id: string
  prod_type: number
  batch_type: number
  content: string
  marketing: boolean
  /** International: the sender id; null the route's default. */
  sender_id: string | null
  receive_count: number
  sent_count: number
  unknown_count: number
  timeout_count: number
}

/** The batch row if the user may see it (its tenant scope), else 404 batchNotFound, the same for a missing one. */
export async function visibleBatch(db: Db, user: SessionUser, batchId: string, lock = ''): Promise<BatchRow> {
  const w = new Where().scope(user, 'b.cus_id')
  w.and(`b.batch_id = ${w.bind(batchId)}`)
  const { rows } = await db.query<BatchRow>(
    `select b.batch_id, b.cus_id, b.prod_type::int as prod_type, b.batch_type::int as batch_type, b.content, b.marketing, b.sender_id,
       b.receive_count, b.sent_count, b.unknown_count, b.timeout_count
     from sms_batch b ${w.sql} ${lock}`, w.params)
  if (!rows[0]) throw new ApiError(404, 'batchNotFound', { batch: batchId })
  return rows[0]
}

/** A batch's page: its row and counters (one row read by key), the batches resent from it (an index probe). */
export async function batchDetail(db: Db, user: SessionUser, batchId: string): Promise<BatchDetail> {
  const w = new Where().scope(user, 'b.cus_id')
  w.and(`b.batch_id = ${w.bind(batchId)}`)
  const { rows } = await db.query<Omit<BatchDetail, 'signature'>>(
    `select b.batch_id, b.cus_id, c.cus_name, b.prod_type::int as prod_type, b.batch_type::int as batch_type, b.content, b.sender_id,
       b.create_time, b.receive_count, b.sent_count, b.success_count, b.failure_count, b.unknown_count, b.timeout_count, b.opted_out,
       b.messages, b.spend::float8 as cost,
       b.resent_from, coalesce((select json_agg(json_build_object('batch_id', r.id, 'target', r.target, 'create_time', r.at, 'timed', r.timed)
         order by r.at) from (
           select r.batch_id as id, r.resend_target as target, r.create_time as at, false as timed from sms_batch r where r.resent_from = b.batch_id
           -- A resend gone timed (outside the marketing hours) shows as its timed batch until the scheduler sends it.
           union all select t.time_batch, t.resend_target, t.create_time, true from time_batch t
             where t.resent_from = b.batch_id and t.send_status <> ${TIMED_STATUS.sent}) r), '[]'::json) as resends,
       case when b.prod_type = ${PROD_TYPE.video} then not exists (select 1 from video_send v where v.batch_id = b.batch_id)
         when b.prod_type = ${PROD_TYPE.csp} then not exists (select 1 from csp_send s where s.batch_id = b.batch_id)
         else false end as resend_not_recorded,
       now() as now
     from sms_batch b join customer c on c.cus_id = b.cus_id ${w.sql}`, w.params)
  const row = rows[0]
  if (!row) throw new ApiError(404, 'batchNotFound', { batch: batchId })
  const iso = (v: unknown) => new Date(v as string).toISOString()
  return {
    ...row, create_time: iso(row.create_time), now: iso(row.now), signature: row.prod_type === 0 ? signatureOf(row.content) : '',
    resends: row.resends.map((r) => ({ ...r, create_time: iso(r.create_time) })),
  }
}

const TABLE = operatorTable()
const operatorOfPrefix = (prefix: string): OperatorOrOther => {
  const i = /^1\d{3}$/.test(prefix) ? TABLE[Number(prefix) - 1000] : OPERATORS.length
  return i === OPERATORS.length ? 'other' : OPERATORS[i]
}

/**
 * A batch's failures by code and by operator, largest first: one grouped read of the batch's entries in the
 * undelivered index (code and the number's first four digits), the prefixes folded into operators here.
 */
export async function failureGroups(db: Db, batchId: string): Promise<FailureGroups> {
  const { rows } = await db.query<{ code: string; prefix: string; n: number }>(
    `select m.report_result_desc as code, left(m.mobile, 4) as prefix, count(*)::int as n
     from mt_record m where m.batch_id = $1 and ${FAILED('m')} group by 1, 2`, [batchId])
  const codes = new Map<string, number>()
  const operators = new Map<OperatorOrOther, number>()
  for (const r of rows) {
    const code = r.code.trim().toUpperCase()
    codes.set(code, (codes.get(code) ?? 0) + r.n)
    const op = operatorOfPrefix(r.prefix)
    operators.set(op, (operators.get(op) ?? 0) + r.n)
  }
  const byCount = <K>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1])
  return {
    codes: byCount(codes).map(([code, count]) => ({ code, count, kind: failureKind(code) })),
    operators: byCount(operators).map(([operator, count]) => ({ operator, count })),
  }
}
