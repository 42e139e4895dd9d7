import type { Db } from '../db'
import { queueReplies, queueReports } from '../push/outbox'
import { cappedDepth, defineJob } from '../jobs/define'
import { applyReplies, type Reply } from '../opt-outs/store'

const FAILURES = ['UNDELIV', 'MK:0001', 'MK:0005', 'EXPIRED', 'REJECTD', 'BLACK']
const REPLIES = ['好的', '收到', 'TD', '谢谢', '1', 'OK']

export interface SimOptions {
  /** Records wait at least this long for their report. */
  minAgeSeconds?: number
  /** Older records are history: the demo's seeded "waiting" rows keep their status. */
  maxAgeSeconds?: number
  /** Records reported per tick and product (bounded, so one tick is one short statement; 20k lets a 100k send report in ~15 s). */
  batch?: number
}

/**
 * The carrier's delivery reports: records waiting (500) for at least `minAgeSeconds` become success (0/0, about
 * 85%), failure (0 with a code and description, about 10%) or report time-out (600), with a report time; about one
 * success in twenty gets a reply (mo_record), which an opt-out keyword turns into an opt-out in the same transaction. One update statement, so the rollup triggers keep the daily and batch
 * statistics in step. Each product's longest waiting come first, read from the open-status index (mt_record_open_status_idx), so
 * a large send of one product does not hold back another's reports; every sent record's product is one of
 * `product`'s (a send needs the account's price for it, and customer_product references product). `skip locked`
 * lets several server processes share the work.
 */
export async function simulateTick(db: Db, opts: SimOptions = {}): Promise<{ reported: number; replies: number }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ sn: number; cus_id: string; prod_type: number; mobile: string; content: string; ok: boolean }>(
      `with picked as (
         select w.sn, random() as r from product p cross join lateral (
           select sn from mt_record
           where prod_type = p.prod_type and mt_status = 500
             and receive_time <= now() - make_interval(secs => $1) and receive_time > now() - make_interval(secs => $4)
           order by receive_time, sn limit $2 for update skip locked) w)
       update mt_record m set
         mt_status = case when p.r < 0.95 then 0 else 600 end,
         report_result = case when p.r < 0.85 then 0 when p.r < 0.95 then 1 + floor((p.r - 0.85) * 60)::int end,
         report_result_desc = case when p.r < 0.85 then 'DELIVRD' when p.r < 0.95 then ($3::text[])[1 + floor((p.r - 0.85) * 60)::int]
           else 'TIMEOUT' end,
         report_time = now()
       from picked p where m.sn = p.sn
       returning m.sn, m.cus_id, m.prod_type::int as prod_type, m.mobile, m.content, p.r < 0.85 as ok`,
      [opts.minAgeSeconds ?? 3, opts.batch ?? 20_000, FAILURES, opts.maxAgeSeconds ?? 3600])
    const replying = rows.filter((r) => r.ok && Math.random() < 0.05)
    // Report push items commit with the reports and replies they carry (server/push/outbox.ts).
    await queueReports(tx, rows.map((r) => r.sn))
    if (replying.length) {
      const replies = await tx.query<Reply>(
        `insert into mo_record (cus_id, prod_type, src_calling_number, mobile, content, whole_content, deliver_time)
         select t.cus_id, t.prod_type, '10690' || coalesce(c.ext_number, '') || lpad((t.sn % 100)::text, 2, '0'), t.mobile, t.reply,
           t.reply || ' // ' || t.content, now()
         from unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[]) as t(sn, cus_id, prod_type, mobile, content, reply)
         left join customer c on c.cus_id = t.cus_id
         returning sn, cus_id, mobile, content, deliver_time`,
        [replying.map((r) => r.sn), replying.map((r) => r.cus_id), replying.map((r) => r.prod_type), replying.map((r) => r.mobile),
          replying.map((r) => r.content), replying.map((_, i) => REPLIES[i % REPLIES.length])])
      await queueReplies(tx, replies.rows.map((r) => Number(r.sn)))
      // An opt-out (or opt-back-in) reply changes its enterprise's list with the reply itself.
      await applyReplies(tx, replies.rows)
    }
    return { reported: rows.length, replies: replying.length }
  })
}

/**
 * A tick reports 20,000 records of each product every 3 s, scaled to the interval: the same reports a second whatever
 * the interval, so a shorter one (WORKER_INTERVAL_MS in the browser tests) makes shorter statements, not a busier
 * database. Its queue: the records waiting for their report, the oldest by product on the open-status index.
 */
export const carrierSimJob = defineJob({
  name: 'carrier-sim',
  every: (c) => c.workerIntervalMs ?? 3000,
  tick: (deps, run) => simulateTick(deps.db, { batch: Math.max(1, Math.round((20_000 * run.intervalMs) / 3000)) }),
  queue: {
    depth: cappedDepth('mt_record where mt_status = 500'),
    oldest: `select min(w.receive_time) as oldest from product p cross join lateral (
      select receive_time from mt_record where prod_type = p.prod_type and mt_status = 500 order by receive_time limit 1) w`,
  },
})
