import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import type { Db } from '../db'
import { forEachBackend, setup, type Harness } from '../test/harness'
import { balanceOf, countOf, mobilesOf, postForm, sendForm } from '../test/send-kit'
import { runDueBatches } from './scheduler'
import { CHUNKED_FROM, STORE_CHUNK, undoStoringLeft } from './storing'

// "Large" made small: 120 recipients and more are stored in chunks of 50 on PGlite (read when storing.ts loads).
vi.hoisted(() => {
  process.env.SEND_CHUNKED_FROM = '120'
  process.env.SEND_STORE_CHUNK = '50'
})

/*
 * Every kind of large send (short links, answer pages, a due timed batch) keeps the guarantees of the plain sends
 * (storing.test.ts): all or nothing, billed once, invisible until complete, undone after a crash. On PGlite the send
 * is stopped between two of its transactions (after the first chunk); on PostgreSQL, where it stays one transaction,
 * inside it just before its records are written. Either way other users look at that moment and see nothing of it.
 */

const N = 140 // three chunks: 50, 50, 40
const LONG_URL = 'https://shop.example.com/promo?from=sms'
const CODE = /\/s\/([0-9A-Za-z]{8})/

/** What pauses a send mid-way: PGlite, before its third transaction; PostgreSQL, inside it before the records. */
type Stop = () => Promise<void>

function stoppedMidway(db: Db, stop: Stop): Db {
  if (db.kind === 'pglite') {
    let count = 0
    return { ...db, kind: db.kind, query: (t, p) => db.query(t, p), transaction: async (fn) => (++count === 3 && (await stop()), db.transaction(fn)) }
  }
  let stopped = false
  const inside = (tx: Db): Db => ({
    ...tx, kind: tx.kind, transaction: tx.transaction,
    query: async (t, p) => {
      if (!stopped && /insert into mt_record/.test(t)) {
        stopped = true
        await stop()
      }
      return tx.query(t, p)
    },
  })
  return { ...db, kind: db.kind, query: (t, p) => db.query(t, p), transaction: (fn) => db.transaction((tx) => fn(inside(tx))) }
}

/**
 * A Db whose statement storing records fails mid-way, as a full disk or a lost connection would: on PGlite the second
 * chunk's, on PostgreSQL the one statement of its one transaction (after the links and pages are written).
 */
function failingMidway(db: Db): Db {
  const nth = db.kind === 'pglite' ? 2 : 1
  let inserts = 0
  const inside = (tx: Db): Db => ({
    ...tx, kind: tx.kind, transaction: tx.transaction,
    query: (t, p) => (/insert into mt_record/.test(t) && ++inserts === nth ? Promise.reject(new Error('disk full')) : tx.query(t, p)),
  })
  return { ...db, kind: db.kind, query: (t, p) => db.query(t, p), transaction: (fn) => db.transaction((tx) => fn(inside(tx))) }
}

forEachBackend((backend) => {
  describe('large sends of every kind: all or nothing, billed once, invisible until complete', () => {
    let h: Harness
    let acme: string
    let globex: string
    beforeAll(async () => {
      h = await setup({ backend, historyRows: 100 })
      ;({ acme02: acme, globex } = await h.tokensFor('acme02', 'globex'))
      await h.db.query("update customer set balance = 100000 where cus_id = 'acme02'")
    })
    afterAll(() => h.close())

    const appOn = (db: Db) => createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
    const count = (sql: string, params: unknown[] = []) => countOf(h.db, sql, params)
    const today = () => count(
      `select coalesce(sum(receive_count), 0)::int as n from mt_daily where cus_id = 'acme02' and day = (now() at time zone 'Asia/Shanghai')::date`)
    const listed = async (path: string, token = acme) => (await h.call(path, { current: 1, size: 20 }, { token })).data.total as number
    const visit = async (code: string) => (await h.app.request(`/s/${code}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' } })).status
    const page = async (code: string) => (await h.call('/interact/messageInteractList', { code }, { lang: 'en' })).status
    /** What anyone else can see of acme02's sending right now. */
    const outside = async () => ({
      records: await listed('/mtRecord/list'), batches: await listed('/dataGathering/batchList'), today: await today(),
      otherUser: (await h.call('/mtRecord/list', { current: 1, size: 20 }, { token: globex })).status,
    })
    const linkSend = (app: ReturnType<typeof createApp>, key: string, from: number) => postForm(app, '/shortChainTool/smsLinkGroupSend', acme,
      sendForm({ content: 'sale {link}', long_url: LONG_URL, idempotency_key: key }, 'numbers', mobilesOf('137', N, from)))
    const interactSend = (app: ReturnType<typeof createApp>, key: string, from: number) => postForm(app, '/user/groupSend', acme,
      sendForm({ content: 'rate us {interact}', idempotency_key: key }, 'numbers', mobilesOf('138', N, from)))

    it('reads its sizes from the knobs: chunked from 120 recipients, 50 per chunk', () => {
      expect({ CHUNKED_FROM, STORE_CHUNK }).toEqual({ CHUNKED_FROM: 120, STORE_CHUNK: 50 })
    })

    it('a link send: no short link resolves and nothing is listed or counted until the last chunk, then all of it', async () => {
      const before = { outside: await outside(), balance: await balanceOf(h.db, 'acme02') }
      const seen: Record<string, unknown> = {}
      const db = stoppedMidway(h.db, async () => {
        const codes = (await h.db.query<{ code: string }>("select code from short_link where long_url = $1 and cus_id = 'acme02'", [LONG_URL])).rows
        seen.linksWritten = codes.length > 0
        seen.resolving = (await Promise.all(codes.map((c) => visit(c.code)))).filter((s) => s !== 404).length
        // PostgreSQL: the links are not even written for other connections yet (one transaction).
        seen.found = codes.length ? (await h.call('/shortChainTool/shortToLong', { short_url: `http://localhost/s/${codes[0].code}` }, { token: acme })).status : 404
        seen.outside = await outside()
      })
      const res = await linkSend(appOn(db), randomUUID(), 0)
      expect(res.status, res.msg).toBe(200)
      expect(seen).toEqual({ linksWritten: backend === 'pglite', resolving: 0, found: 404, outside: before.outside })

      const { rows } = await h.db.query<{ content: string; mobile: string }>('select content, mobile from mt_record where batch_id = $1', [res.data.batch_id])
      expect(rows).toHaveLength(N)
      const links = (await h.db.query<{ code: string; mobile: string }>('select code, mobile from short_link where batch_id = $1', [res.data.batch_id])).rows
      expect(links).toHaveLength(N)
      // Each record carries the link stored for its own recipient.
      const byCode = new Map(links.map((l) => [l.code, l.mobile]))
      expect(rows.every((r) => byCode.get(CODE.exec(r.content)![1]) === r.mobile)).toBe(true)
      expect(await visit(links[0].code)).toBe(302)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - res.data.cost, 3)
      expect((await outside()).records).toBe(before.outside.records + N)
      expect(await today()).toBe(before.outside.today + N)
    })

    it('an interaction send: no answer page opens and nothing is listed until the last chunk, then every page does', async () => {
      const before = { outside: await outside(), balance: await balanceOf(h.db, 'acme02') }
      const seen: Record<string, unknown> = {}
      const db = stoppedMidway(h.db, async () => {
        const codes = (await h.db.query<{ code: string }>("select m.code from interact_message m join interact_send s using (batch_id) where s.content = 'rate us {interact}'")).rows
        seen.pages = (await Promise.all(codes.map((c) => page(c.code)))).filter((s) => s !== 404).length
        seen.outside = await outside()
      })
      const res = await interactSend(appOn(db), randomUUID(), 0)
      expect(res.status, res.msg).toBe(200)
      expect(seen).toEqual({ pages: 0, outside: before.outside })
      const codes = (await h.db.query<{ code: string }>('select code from interact_message where batch_id = $1', [res.data.batch_id])).rows
      expect(codes).toHaveLength(N)
      expect(await page(codes[N - 1].code)).toBe(200)
      expect(await count('select count(*)::int as n from mt_record where batch_id = $1', [res.data.batch_id])).toBe(N)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - res.data.cost, 3)
    })

    it('a send failing mid-way leaves nothing: no record, link, page or batch, no debit, and the key sends again', async () => {
      for (const send of [linkSend, interactSend]) {
        const key = randomUUID()
        const state = async () => ({
          balance: await balanceOf(h.db, 'acme02'), outside: await outside(),
          rows: await count(`select (select count(*) from mt_record) + (select count(*) from short_link) + (select count(*) from interact_message)
            + (select count(*) from interact_send) + (select count(*) from sms_batch) + (select count(*) from send_storing) as n`),
        })
        const before = await state()
        const failed = await send(appOn(failingMidway(h.db)), key, 1000)
        expect(failed.status).toBe(500)
        expect(await state()).toEqual(before)
        const retry = await send(h.app, key, 1000)
        expect(retry.status, retry.msg).toBe(200)
        expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - retry.data.cost, 3)
        expect(await count('select count(*)::int as n from mt_record where batch_id = $1', [retry.data.batch_id])).toBe(N)
      }
    })

    // A crash: only PGlite leaves anything behind (PostgreSQL rolls the one transaction back).
    if (backend === 'pglite') it('a send cut off by a crash is undone at the next start: links, pages, records and debit', async () => {
      for (const send of [linkSend, interactSend]) {
        const key = randomUUID()
        const rows = () => count(`select (select count(*) from mt_record) + (select count(*) from short_link)
          + (select count(*) from interact_message) + (select count(*) from interact_send) + (select count(*) from sms_batch) as n`)
        const before = { balance: await balanceOf(h.db, 'acme02'), rows: await rows(), today: await today() }
        let cutOff!: () => void
        const stopped = new Promise<void>((resolve) => (cutOff = resolve))
        void send(appOn(stoppedMidway(h.db, () => (cutOff(), new Promise<void>(() => {})))), key, 2000)
        await stopped
        expect(await rows()).toBeGreaterThan(before.rows)
        expect(await balanceOf(h.db, 'acme02')).toBeLessThan(before.balance)

        expect(await undoStoringLeft(h.db)).toBe(1)
        expect({ balance: await balanceOf(h.db, 'acme02'), rows: await rows(), today: await today() }).toEqual(before)
        const retry = await send(h.app, key, 2000)
        expect(retry.status, retry.msg).toBe(200)
        expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - retry.data.cost, 3)
      }
    })
  })

  describe('a large due timed batch: sent once, invisible until complete, undone and sent again after a failure', () => {
    let h: Harness
    let acme: string
    beforeAll(async () => {
      h = await setup({ backend, historyRows: 100 })
      ;({ acme02: acme } = await h.tokensFor('acme02'))
      await h.db.query("update customer set balance = 100000 where cus_id = 'acme02'")
    })
    afterAll(() => h.close())

    const count = (sql: string, params: unknown[] = []) => countOf(h.db, sql, params)
    const price = () => count("select price::float8 as n from customer_product where cus_id = 'acme02' and prod_type = 0")
    async function dueBatch(id: string) {
      await h.db.query(
        `insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time)
         values ($1, 'acme02', 0, 0, 0, $1, $2, now() - interval '1 minute', now() - interval '1 hour')`, [id, N])
      await h.db.query(
        `insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
         select $1, 'acme02', '139' || lpad(k::text, 8, '0'), $1, 0, now() - interval '1 minute', now() from generate_series(1, $2) k`, [id, N])
    }
    const recordsOf = (id: string) => count('select count(*)::int as n from mt_record where content = $1', [id])
    const statusOf = (id: string) => count(`select (select send_status from time_batch where time_batch = $1) * 1000
      + (select count(*) from time_mt_message where time_batch = $1 and send_status = 0) as n`, [id])
    const listed = async () => (await h.call('/mtRecord/list', { current: 1, size: 20 }, { token: acme })).data.total as number

    it('copies its records with nothing visible until the last chunk, billed once', async () => {
      await dueBatch('TBIG1')
      const before = { balance: await balanceOf(h.db, 'acme02'), listed: await listed() }
      const seen: Record<string, number> = {}
      const db = stoppedMidway(h.db, async () => {
        seen.listed = await listed()
        seen.again = (await runDueBatches(h.db)).length // nothing else is due: the batch is claimed
      })
      expect(await runDueBatches(db)).toEqual(['TBIG1'])
      expect(seen).toEqual({ listed: before.listed, again: 0 })
      expect(await recordsOf('TBIG1')).toBe(N)
      expect(await listed()).toBe(before.listed + N)
      expect(await statusOf('TBIG1')).toBe(1000) // sent, no detail left to send
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - N * (await price()), 3)
      expect(await runDueBatches(h.db)).toEqual([])
    })

    it('a failure mid-way undoes it all and leaves the batch due; the next run sends it once', async () => {
      await dueBatch('TBIG2')
      const before = await balanceOf(h.db, 'acme02')
      await expect(runDueBatches(failingMidway(h.db))).rejects.toThrow('disk full')
      expect({ records: await recordsOf('TBIG2'), status: await statusOf('TBIG2'), balance: await balanceOf(h.db, 'acme02') })
        .toEqual({ records: 0, status: N, balance: before })
      expect(await runDueBatches(h.db)).toEqual(['TBIG2'])
      expect(await recordsOf('TBIG2')).toBe(N)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - N * (await price()), 3)
    })

    if (backend === 'pglite') it('a crash mid-way is undone at the next start, and the batch is sent again once', async () => {
      await dueBatch('TBIG3')
      const before = { balance: await balanceOf(h.db, 'acme02'), listed: await listed() }
      let cutOff!: () => void
      const stopped = new Promise<void>((resolve) => (cutOff = resolve))
      void runDueBatches(stoppedMidway(h.db, () => (cutOff(), new Promise<void>(() => {}))))
      await stopped
      expect(await recordsOf('TBIG3')).toBe(STORE_CHUNK)
      expect(await statusOf('TBIG3')).toBe(1000 + N - STORE_CHUNK)

      expect(await undoStoringLeft(h.db)).toBe(1)
      expect({ records: await recordsOf('TBIG3'), status: await statusOf('TBIG3'), balance: await balanceOf(h.db, 'acme02') })
        .toEqual({ records: 0, status: N, balance: before.balance })
      expect(await runDueBatches(h.db)).toEqual(['TBIG3'])
      expect(await recordsOf('TBIG3')).toBe(N)
      expect(await listed()).toBe(before.listed + N)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - N * (await price()), 3)
    })
  })
})
