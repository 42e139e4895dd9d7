import { measureContent } from '../../src/domain/billing'
import type { RecordDetail } from '../../src/domain/batch'
import { operatorOf } from '../../src/domain/operators'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { Where } from '../lists'
import type { SessionUser } from '../users/repo'

type Row = Omit<RecordDetail, 'segments' | 'operator' | 'pushes' | 'price'> & { price: string }

/**
 * One sent record in full: what it billed (its content's messages and price), its operator, its status, the times of
 * its steps and the report pushes made for it (push_outbox items 'report-<sn>' with their delivery's attempts). The
 * carrier's gateway takes a record and reports on it in one step, so "handed to the carrier" is that step's time; a
 * record held for review, still waiting or cancelled never reached it. With showClientStatus 0 the status, report
 * and push columns stay empty, as in the lists.
 */
export async function recordDetail(db: Db, user: SessionUser, sn: number): Promise<RecordDetail> {
  const w = new Where().scope(user, 'm.cus_id')
  w.and(`m.sn = ${w.bind(sn)}`)
  const { rows } = await db.query<Row>(
    `select m.sn::int as sn, m.batch_id, m.cus_id, c.cus_name, m.prod_type::int as prod_type, m.mobile, m.content, m.country_code,
       m.price::text as price, m.mt_status, m.report_result, m.report_result_desc, m.receive_time,
       case when m.mt_status in (100, 500, 800) then null else m.report_time end as carrier_time, m.report_time
     from mt_record m join customer c on c.cus_id = m.cus_id ${w.sql}`, w.params)
  const r = rows[0]
  if (!r) throw new ApiError(404, 'recordNotFound')
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString())
  const hidden = user.showClientStatus === 0
  const pushes = hidden ? [] : await pushesOf(db, r.cus_id, sn)
  return {
    ...r, price: Number(r.price), segments: measureContent(r.content).messages,
    operator: r.country_code ? 'other' : operatorOf(r.mobile),
    mt_status: hidden ? null : r.mt_status, report_result: hidden ? null : r.report_result,
    report_result_desc: hidden ? null : r.report_result_desc,
    receive_time: iso(r.receive_time)!, carrier_time: hidden ? null : iso(r.carrier_time), report_time: hidden ? null : iso(r.report_time),
    pushes,
  }
}

async function pushesOf(db: Db, cusId: string, sn: number): Promise<RecordDetail['pushes']> {
  const { rows } = await db.query<{ delivery_id: number | null; status: number | null; queued_time: string; attempts: RecordDetail['pushes'][number]['attempts'] }>(
    `select o.batch_id::int as delivery_id, p.status::int as status, o.create_time as queued_time,
       coalesce((select json_agg(json_build_object('attempt', a.attempt, 'status_code', a.status_code, 'error', a.error,
         'outcome', a.outcome, 'create_time', a.create_time) order by a.attempt) from push_attempt a where a.batch_id = o.batch_id), '[]'::json) as attempts
     from push_outbox o left join push_batch p on p.id = o.batch_id
     where o.item_id = $1 and o.cus_id = $2 order by o.id`, [`report-${sn}`, cusId])
  return rows.map((p) => ({
    delivery_id: p.delivery_id ?? 0, status: p.status ?? 0, queued_time: new Date(p.queued_time).toISOString(),
    attempts: p.attempts.map((a) => ({ ...a, create_time: new Date(a.create_time).toISOString() })),
  }))
}
