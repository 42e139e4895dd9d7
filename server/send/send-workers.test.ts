import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../db'
import { setup, type Harness } from '../test/harness'
import { simulateTick } from './carrier-sim'
import { runDueBatches } from './scheduler'

const one = async (db: Db, sql: string, params: unknown[] = []) => Number(Object.values((await db.query(sql, params)).rows[0])[0])

async function timedBatch(db: Db, id: string, cusId: string, n: number, status = 0) {
  await db.query(
    `insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time)
     values ($1, $2, 0, 0, $3, 'due now', $4, now() - interval '1 minute', now() - interval '1 hour')`, [id, cusId, status, n])
  await db.query(
    `insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
     select $1, $2, '137' || lpad(k::text, 8, '0'), 'due now', $3, now() - interval '1 minute', now() from generate_series(1, $4) k`,
    [id, cusId, status, n])
}

describe('send/send-workers', () => {
  describe('scheduler and carrier simulator', () => {
    let h: Harness
    let second: Db
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      // Two schedulers: a second pool (separate connections) on the same database.
      second = await openDb({ databaseUrl: h.url })
    })
    afterAll(async () => {
      await second.close()
      await h.close()
    })

    it('sends each due batch once, bills it, and leaves paused and intercepted batches alone', async () => {
      const ids = Array.from({ length: 8 }, (_, i) => `TSCHED${i}`)
      for (const id of ids) await timedBatch(h.db, id, 'acme01', 50)
      await timedBatch(h.db, 'TPAUSED', 'acme01', 5, 2)
      await timedBatch(h.db, 'TINTERCEPT', 'acme01', 5, 3)
      const before = await one(h.db, "select balance::float8 from customer where cus_id = 'acme01'")
      const [a, b] = await Promise.all([runDueBatches(h.db), runDueBatches(second)])
      expect([...a, ...b].sort()).toEqual(ids)
      expect(await one(h.db, "select count(*)::int from mt_record where content = 'due now'")).toBe(8 * 50)
      expect(await one(h.db, "select count(*)::int from time_batch where time_batch like 'TSCHED%' and send_status = 1")).toBe(8)
      expect(await one(h.db, "select count(*)::int from time_mt_message where time_batch in ('TPAUSED', 'TINTERCEPT') and send_status in (2, 3)")).toBe(10)
      const price = await one(h.db, "select price::float8 from customer_product where cus_id = 'acme01' and prod_type = 0")
      expect(await one(h.db, "select balance::float8 from customer where cus_id = 'acme01'")).toBeCloseTo(before - 8 * 50 * price, 3)
      expect(await runDueBatches(h.db)).toEqual([])
    })

    it('marks a due batch failed when the balance cannot cover it', async () => {
      await h.db.query("update customer set balance = 0 where cus_id = 'acme02'")
      await timedBatch(h.db, 'TPOOR', 'acme02', 3)
      expect(await runDueBatches(h.db)).toEqual(['TPOOR'])
      expect(await one(h.db, "select send_status::int from time_batch where time_batch = 'TPOOR'")).toBe(4)
      expect(await one(h.db, "select count(*)::int from mt_record where batch_id is not null and cus_id = 'acme02' and content = 'due now'")).toBe(0)
    })

    it('a tick turns waiting records into reports, and the batch counters follow', async () => {
      await h.db.query("update mt_record set receive_time = now() - interval '1 minute' where content = 'due now'")
      const batch = String((await h.db.query<{ b: string }>("select batch_id as b from mt_record where content = 'due now' limit 1")).rows[0].b)
      const { reported } = await simulateTick(h.db, { minAgeSeconds: 3, batch: 100_000 })
      expect(reported).toBeGreaterThanOrEqual(400)
      expect(await one(h.db, "select count(*)::int from mt_record where content = 'due now' and mt_status = 500")).toBe(0)
      expect(await one(h.db, "select count(*)::int from mt_record where content = 'due now' and report_time is null")).toBe(0)
      const counts = (await h.db.query<{ success_count: number; failure_count: number; unknown_count: number }>(
        'select success_count, failure_count, unknown_count from sms_batch where batch_id = $1', [batch])).rows[0]
      const actual = await one(h.db, 'select count(*)::int from mt_record where batch_id = $1 and mt_status = 0 and report_result = 0', [batch])
      expect(counts.success_count).toBe(actual)
      expect(counts.success_count + counts.failure_count + counts.unknown_count).toBe(50)
      expect(await one(h.db, "select count(*)::int from mt_record where content = 'due now' and mt_status = 0 and report_result = 0")).toBeGreaterThan(250)
    })

    it('a tick reports the longest-waiting records of each product first, and two ticks at once share them', async () => {
      // A backlog in two products, older than anything else waiting in the window.
      await h.db.query(
        `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time)
         select 'acme01', p, '1390000' || lpad((p * 100 + k)::text, 4, '0'), 'backlog', 500, now() - interval '50 minutes' + make_interval(secs => k)
         from unnest(array[0, 2]) p, generate_series(1, 30) k`)
      const waiting = async () => (await h.db.query<{ sn: number; prod_type: number }>(
        `select sn::int as sn, prod_type::int as prod_type from mt_record
         where mt_status = 500 and receive_time <= now() - interval '3 seconds' and receive_time > now() - interval '1 hour'
         order by prod_type, receive_time, sn`)).rows
      const before = await waiting()
      const first = (n: number) => [0, 2].flatMap((p) => before.filter((r) => r.prod_type === p).slice(0, n).map((r) => r.sn))
      const reported = async () => (await h.db.query<{ sn: number }>(
        'select sn::int as sn from mt_record where sn = any($1::bigint[]) and mt_status <> 500 order by sn', [before.map((r) => r.sn)])).rows.map((r) => r.sn)

      const one = await simulateTick(h.db, { minAgeSeconds: 3, batch: 4 })
      // Every product with waiting records gave its 4 longest waiting; products 0 and 2 exactly those.
      expect(await reported()).toEqual(expect.arrayContaining(first(4)))
      expect(one.reported).toBe(new Set(before.map((r) => r.prod_type)).size * 4)

      const [a, b] = await Promise.all([simulateTick(h.db, { minAgeSeconds: 3, batch: 5 }), simulateTick(second, { minAgeSeconds: 3, batch: 5 })])
      // Neither tick reported a record twice, and together they took the next 10 of each product.
      expect((await reported()).length).toBe(one.reported + a.reported + b.reported)
      expect(await reported()).toEqual(expect.arrayContaining(first(14)))
      expect(before.filter((r) => r.prod_type === 0).length).toBeGreaterThan(14)
    })

    it('a tick leaves records younger than the minimum age waiting', async () => {
      await h.db.query(
        "insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time) values ('acme01', 0, '13711111111', 'fresh', 500, now())")
      await simulateTick(h.db, { minAgeSeconds: 60 })
      expect(await one(h.db, "select mt_status from mt_record where content = 'fresh'")).toBe(500)
    })

    it('a tick leaves history older than the maximum age as it is', async () => {
      await h.db.query(
        "insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time) values ('acme01', 0, '13711111112', 'old', 500, now() - interval '2 days')")
      await simulateTick(h.db, { minAgeSeconds: 3, batch: 100_000 })
      expect(await one(h.db, "select mt_status from mt_record where content = 'old'")).toBe(500)
    })
  })
})
