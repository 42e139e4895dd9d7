import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PUSH_OUTCOME, type PushBody } from '../../src/domain/push'
import type { Db } from '../db'
import { simulateTick } from '../send/carrier-sim'
import { setup, type Harness } from '../test/harness'
import { appSecretOf } from '../users/app-secret'
import { queueReplies } from './outbox'
import { PUSH_HEADERS, verifyPush } from './sign'
import { backoffMs, claim, formBatches, prunePush, PUSH_KEEP_DAYS, pushTick, type PushOptions } from './worker'

type Behaviour = 'ok' | 'fail' | 'hang' | 'drop' | 'redirect'
interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** A receiver that answers each POST as told by the next behaviour in its queue (then 'ok'). */
async function receiver() {
  const got: Received[] = []
  const plan: Behaviour[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const b = plan.shift() ?? 'ok'
      if (b === 'ok') res.writeHead(200).end('ok')
      else if (b === 'fail') res.writeHead(500).end('down')
      else if (b === 'redirect') res.writeHead(307, { location: '/elsewhere' }).end()
      else if (b === 'drop') req.socket.destroy()
      // 'hang': never answers; the worker's time-out ends the attempt.
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  const close = () => new Promise<void>((ok) => {
    server.closeAllConnections()
    server.close(() => ok())
  })
  return { got, plan, url, close }
}

const count = async (db: Db, sql: string, params: unknown[] = []) => Number(Object.values((await db.query(sql, params)).rows[0])[0])

/** `n` sent records of `cusId` waiting for their report; returns their sn. */
async function waiting(db: Db, cusId: string, n: number): Promise<number[]> {
  const { rows } = await db.query<{ sn: string }>(
    `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time, batch_id)
     select $1, 0, '1390000' || lpad(k::text, 4, '0'), 'push test', 500, now() - interval '10 seconds', 'BPUSH' from generate_series(1, $2) k
     returning sn`, [cusId, n])
  return rows.map((r) => Number(r.sn))
}

const itemIds = (r: Received) => (JSON.parse(r.body) as PushBody).items.map((i) => i.id)

describe('push/push', () => {
  describe('report push', () => {
    let h: Harness
    let rx: Awaited<ReturnType<typeof receiver>>
    let now: Date
    // A receiver on this machine answers at once; 10 s leaves room for a saturated CI machine (the time-out test sets its own).
    const opts = (more: PushOptions = {}): PushOptions => ({ allowPrivate: true, now: () => now, random: () => 0, timeoutMs: 10_000, ...more })

    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      rx = await receiver()
      // Reports of the seeded history happen before any address is set, so they are not pushed.
      while ((await simulateTick(h.db, { minAgeSeconds: 0 })).reported) { /* drain */ }
    })
    afterAll(async () => {
      await rx.close()
      await h.close()
    })
    beforeEach(async () => {
      await h.db.exec('delete from push_attempt; delete from push_outbox; delete from push_batch')
      await h.db.query(`update customer set push_url = '' where push_url <> ''`)
      await h.db.query('update customer set push_url = $1 where cus_id = $2', [rx.url, 'acme01'])
      rx.got.length = 0
      rx.plan.length = 0
      now = new Date()
    })

    it('pushes the reports of an account with an address, signed, each item once with its stable id', async () => {
      const mine = await waiting(h.db, 'acme01', 3)
      await waiting(h.db, 'acme02', 2)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      expect(await pushTick(h.db, opts())).toEqual([PUSH_OUTCOME.delivered])
      expect(rx.got).toHaveLength(1)
      const [r] = rx.got
      const body = JSON.parse(r.body) as PushBody
      expect(body.account).toBe('acme01')
      expect(r.headers[PUSH_HEADERS.deliveryId]).toBe(body.delivery_id)
      // The simulator may add a reply to a delivered report; the reports are these three, once each.
      expect(itemIds(r).filter((id) => id.startsWith('report-')).sort()).toEqual(mine.map((sn) => `report-${sn}`).sort())
      expect(body.items[0]).toMatchObject({ type: 'report', batch_id: 'BPUSH', mobile: expect.stringMatching(/^1390000/) })
      const secret = await appSecretOf(h.db, 'acme01')
      const signed = { timestamp: String(r.headers[PUSH_HEADERS.timestamp]), signature: String(r.headers[PUSH_HEADERS.signature]) }
      expect(verifyPush(secret, signed, r.body, Math.floor(now.getTime() / 1000))).toBe(true)
      expect(verifyPush(secret, signed, r.body.replace('BPUSH', 'BPUSX'), Math.floor(now.getTime() / 1000))).toBe(false)
      expect(await pushTick(h.db, opts())).toEqual([])
    })

    it('pushes replies too', async () => {
      const { rows } = await h.db.query<{ sn: string }>(
        `insert into mo_record (cus_id, prod_type, src_calling_number, mobile, content, deliver_time)
         values ('acme01', 0, '1069001', '13900001111', '收到', now()) returning sn`)
      await h.db.transaction((tx) => queueReplies(tx, rows.map((r) => Number(r.sn))))
      await pushTick(h.db, opts())
      expect((JSON.parse(rx.got[0].body) as PushBody).items).toEqual([
        expect.objectContaining({ id: `reply-${rows[0].sn}`, type: 'reply', content: '收到', src_number: '1069001' }),
      ])
    })

    it('retries a failing receiver with backoff, the same delivery and items, until it answers 2xx', async () => {
      await waiting(h.db, 'acme01', 2)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      rx.plan.push('fail', 'fail')
      expect(await pushTick(h.db, opts())).toEqual([PUSH_OUTCOME.retry])
      // Not due again before its backoff (30 s × 0.5 with no jitter).
      expect(await pushTick(h.db, opts())).toEqual([])
      now = new Date(now.getTime() + backoffMs(1, 0))
      expect(await pushTick(h.db, opts())).toEqual([PUSH_OUTCOME.retry])
      now = new Date(now.getTime() + backoffMs(2, 0) - 1000)
      expect(await pushTick(h.db, opts())).toEqual([])
      now = new Date(now.getTime() + 1000)
      expect(await pushTick(h.db, opts())).toEqual([PUSH_OUTCOME.delivered])
      expect(rx.got).toHaveLength(3)
      expect(new Set(rx.got.map((r) => r.headers[PUSH_HEADERS.deliveryId])).size).toBe(1)
      expect(new Set(rx.got.map((r) => itemIds(r).join()))).toHaveProperty('size', 1)
      const log = await h.db.query<{ status_code: number | null; outcome: number; next_at: Date | null }>(
        'select status_code, outcome::int as outcome, next_at from push_attempt order by id')
      expect(log.rows.map((r) => [r.status_code, r.outcome, r.next_at !== null])).toEqual([[500, 0, true], [500, 0, true], [200, 1, false]])
    })

    it('waits firstDelayMs (PUSH_RETRY_FIRST_SECONDS) before the first retry when it is set', async () => {
      await waiting(h.db, 'acme01', 1)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      rx.plan.push('fail')
      const quick = opts({ firstDelayMs: 2_000 })
      expect(await pushTick(h.db, quick)).toEqual([PUSH_OUTCOME.retry])
      now = new Date(now.getTime() + 999)
      expect(await pushTick(h.db, quick)).toEqual([])
      now = new Date(now.getTime() + 1)
      expect(await pushTick(h.db, quick)).toEqual([PUSH_OUTCOME.delivered])
    })

    it('backs off exponentially with jitter, capped at an hour', () => {
      expect([1, 2, 3, 4].map((n) => backoffMs(n, 0))).toEqual([15_000, 30_000, 60_000, 120_000])
      expect(backoffMs(1, 0.999)).toBeGreaterThan(backoffMs(1, 0.5))
      expect(backoffMs(30, 0.999)).toBeLessThanOrEqual(3_600_000)
      // PUSH_RETRY_FIRST_SECONDS moves the start (the browser tests: 2 s), the doubling and the cap stay.
      expect([1, 2, 3].map((n) => backoffMs(n, 0, 2_000))).toEqual([1_000, 2_000, 4_000])
      expect(backoffMs(40, 0.999, 2_000)).toBeLessThanOrEqual(3_600_000)
    })

    it('counts a time-out, a lost answer and a redirect as failures, and delivers at least once', async () => {
      await waiting(h.db, 'acme01', 1)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      rx.plan.push('hang', 'drop', 'redirect')
      for (const n of [1, 2, 3]) {
        expect(await pushTick(h.db, opts({ timeoutMs: 300 }))).toEqual([PUSH_OUTCOME.retry])
        now = new Date(now.getTime() + backoffMs(n, 0))
      }
      expect(await pushTick(h.db, opts())).toEqual([PUSH_OUTCOME.delivered])
      // The receiver saw the same item four times (it read the dropped one too): ids let it keep one.
      expect(rx.got.map(itemIds)).toEqual(Array(4).fill(itemIds(rx.got[0])))
      const errors = (await h.db.query<{ error: string; status_code: number | null }>('select error, status_code from push_attempt order by id')).rows
      expect(errors.slice(0, 3)).toEqual([
        { error: expect.stringMatching(/timeout/), status_code: null },
        { error: expect.stringMatching(/ECONNRESET|socket hang up/), status_code: null },
        { error: 'HTTP 307', status_code: 307 },
      ])
    })

    it('marks a batch failed once its retries pass 24 hours', async () => {
      await waiting(h.db, 'acme01', 1)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      rx.plan.push(...Array<Behaviour>(100).fill('fail'))
      const start = now.getTime()
      const outcomes: number[] = []
      while (now.getTime() - start < 25 * 3_600_000 && !outcomes.includes(PUSH_OUTCOME.failed)) {
        outcomes.push(...(await pushTick(h.db, opts())))
        now = new Date(now.getTime() + 10 * 60_000)
      }
      expect(outcomes.at(-1)).toBe(PUSH_OUTCOME.failed)
      expect(outcomes.filter((o) => o === PUSH_OUTCOME.retry).length).toBeGreaterThan(10)
      expect(await count(h.db, 'select count(*) from push_batch where status = 2')).toBe(1)
      const tries = rx.got.length
      now = new Date(now.getTime() + 48 * 3_600_000)
      expect(await pushTick(h.db, opts())).toEqual([])
      expect(rx.got.length).toBe(tries)
    })

    it('does not push to a loopback receiver unless allowed, and logs why', async () => {
      await waiting(h.db, 'acme01', 1)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      expect(await pushTick(h.db, opts({ allowPrivate: false }))).toEqual([PUSH_OUTCOME.retry])
      expect(rx.got).toHaveLength(0)
      expect((await h.db.query<{ error: string }>('select error from push_attempt')).rows[0].error).toMatch(/127\.0\.0\.1 \(loopback\) refused/)
    })

    it('a claim leases one batch, also when the planner believes the table empty', async () => {
      // Statistics taken while no batch waited (autovacuum after a quiet spell or a prune): a joined claim was then
      // planned as a nested loop that ran its `limit 1` subquery again for each batch row, leasing every due batch.
      await h.db.query('analyze push_batch')
      await waiting(h.db, 'acme01', 250)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      expect(await formBatches(h.db, now)).toBeGreaterThanOrEqual(3)
      const claimed = await claim(h.db, now, 60_000)
      expect(claimed).not.toBeNull()
      const leased = (await h.db.query<{ id: string }>('select id from push_batch where attempts > 0')).rows.map((r) => r.id)
      expect(leased).toEqual([claimed!.id])
    })

    it('batches at most 100 items per delivery', async () => {
      await waiting(h.db, 'acme01', 150)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      await pushTick(h.db, opts())
      // 150 reports and the simulator's few replies to them: two deliveries, the first full.
      const sizes = rx.got.map((r) => itemIds(r).length).sort((a, b) => b - a)
      expect(sizes).toHaveLength(2)
      expect(sizes[0]).toBe(100)
      expect(sizes[0] + sizes[1]).toBe(await count(h.db, 'select count(*) from push_outbox'))
      expect(rx.got.flatMap(itemIds).filter((id) => id.startsWith('report-'))).toHaveLength(150)
    })

    it('removes finished batches with their items and attempts after PUSH_KEEP_DAYS, keeping newer and waiting ones', async () => {
      await waiting(h.db, 'acme01', 2)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      expect(await pushTick(h.db, opts())).toEqual([PUSH_OUTCOME.delivered])
      await waiting(h.db, 'acme01', 1)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      rx.plan.push('fail')
      expect(await pushTick(h.db, opts())).toEqual([PUSH_OUTCOME.retry])
      const tables = async () => [
        await count(h.db, 'select count(*) from push_batch'), await count(h.db, 'select count(*) from push_outbox'),
        await count(h.db, 'select count(*) from push_attempt'),
      ]
      const before = await tables()
      expect(await prunePush(h.db, new Date(now.getTime() + (PUSH_KEEP_DAYS - 1) * 86_400_000))).toBe(0)
      expect(await prunePush(h.db, new Date(now.getTime() + (PUSH_KEEP_DAYS + 1) * 86_400_000))).toBe(1)
      const after = await tables()
      // The delivered batch went with its items and its attempt; the one still retrying stays whole.
      expect(after[0]).toBe(before[0] - 1)
      expect(after[2]).toBe(before[2] - 1)
      expect(after[1]).toBeLessThan(before[1])
      expect(await count(h.db, 'select count(*) from push_batch where status = 0')).toBe(1)
    })
  })
})
