import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { Db } from '../db'
import { setup, type Harness } from '../test/harness'
import { balanceOf, countOf, gatedBefore, mobilesOf, postForm, sendForm } from '../test/send-kit'
import { simulateTick } from './carrier-sim'
import { CHUNKED_FROM, STORE_CHUNK, storingRanges, undoStoringLeft } from './storing'

/*
 * A large send on PGlite is stored a chunk per transaction (server/send/storing.ts, migration 036). These tests stop
 * the send between two of its transactions (no transaction open, so the database is free) and look at what other
 * users see then, what a retry gets, and what a crash at that point leaves once the next start has cleaned up.
 */

const N = CHUNKED_FROM + STORE_CHUNK / 2 // stored in several chunks
const numbers = (from: number) => mobilesOf('137', N, from).join('\n')

describe('a large send on PGlite, stored in chunks', () => {
  let h: Harness
  let acme: string
  let globex: string
  let tok: Record<string, string>
  beforeAll(async () => {
    h = await setup({ backend: 'pglite', historyRows: 200 })
    tok = await h.tokensFor('acme02', 'globex', 'acme', 'admin')
    ;({ acme02: acme, globex } = tok)
    // Each send here costs about a thousand: enough money for all of them, and no balance warning on the way.
    await h.db.query("update customer set balance = 10000000 where cus_id = 'acme02'")
  })
  afterAll(() => h.close())

  const appOn = (db: Db) => createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
  const todaysReceived = async () => countOf(h.db,
    `select coalesce(sum(receive_count), 0)::int as n from mt_daily where cus_id = 'acme02' and day = (now() at time zone 'Asia/Shanghai')::date`)
  const batchListed = async (batchId: string) =>
    (await h.call('/dataGathering/batchList', { batch_id: batchId, current: 1, size: 20 }, { token: acme })).data.total as number
  const recordsListed = async (batchId: string) =>
    (await h.call('/mtRecord/list', { batch_id: batchId, current: 1, size: 20 }, { token: acme })).data.total as number

  it('lets other users work between its chunks, keeps the batch invisible until its last chunk, then shows all of it', async () => {
    const received = await todaysReceived()
    const seen: Record<string, unknown> = {}
    // Transaction 1 debits and writes the batch row, 2 stores the first chunk; stop before the second chunk.
    const db = gatedBefore(h.db, 3, async () => {
      const storing = (await h.db.query<{ batch_id: string }>('select batch_id from send_storing')).rows
      seen.storing = storing.length
      const batchId = storing[0]?.batch_id
      seen.storedSoFar = await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1', [batchId])
      seen.records = await recordsListed(batchId)
      seen.batches = await batchListed(batchId)
      seen.rollup = (await todaysReceived()) - received
      seen.reported = (await simulateTick(h.db, { minAgeSeconds: 0 })).reported
      seen.otherUser = (await h.call('/mtRecord/list', { current: 1, size: 20 }, { token: globex })).status
    })
    const res = await postForm(appOn(db), '/user/groupSend', acme, sendForm({ content: 'chunked hello' }, 'numbers', numbers(0)))
    expect(res.status).toBe(200)
    expect(seen).toEqual({ storing: 1, storedSoFar: STORE_CHUNK, records: 0, batches: 0, rollup: 0, reported: 0, otherUser: 200 })

    const batchId = res.data.batch_id as string
    expect(await recordsListed(batchId)).toBe(N)
    expect(await batchListed(batchId)).toBe(1)
    expect((await todaysReceived()) - received).toBe(N)
    expect(await countOf(h.db, 'select count(*)::int as n from send_storing')).toBe(0)
    expect(await countOf(h.db, 'select count(*)::int as n from mt_daily_storing')).toBe(0)
  })

  it('while it is stored, lists holding its account read their pages around its hidden records, rows before and after it in order', async () => {
    // The page of each view as the plain query (every row checked against send_storing) gives it.
    const expected = async (scope: string, page: number) => (await h.db.query<{ sn: number }>(
      `select m.sn from mt_record m where ${scope} and m.prod_type = 0 and m.receive_time >= now() - interval '7 days'
         and not exists (select 1 from send_storing s where s.batch_id = m.batch_id)
       order by m.receive_time desc, m.sn desc limit 20 offset ${(page - 1) * 20}`)).rows.map((r) => Number(r.sn))
    const views = [
      { token: () => tok.acme02, scope: "m.cus_id = 'acme02'" },
      { token: () => tok.acme, scope: "m.cus_id in (select cus_id from customer where cus_id = 'acme' or parent_id = 'acme')" },
      { token: () => tok.admin, scope: 'true' },
    ]
    const seen: { skip: boolean; pages: number[][][]; wanted: number[][][]; newer: number } = { skip: false, pages: [], wanted: [], newer: 0 }
    const db = gatedBefore(h.db, 4, async () => {
      // A small send stored now is newer than the hidden records; the history and earlier sends are older.
      const small = await postForm(h.app, '/user/groupSend', acme, sendForm({ content: 'newer, small' }, 'numbers', mobilesOf('139', 7, 0).join('\n')))
      expect(small.status).toBe(200)
      seen.newer = await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1', [small.data.batch_id])
      seen.skip = storingRanges()?.length === 1
      for (const v of views) {
        const pages: number[][] = []
        const wanted: number[][] = []
        for (const page of [1, 2]) {
          const res = await h.call('/mtRecord/list', { pageNumber: page, pageSize: 20 }, { token: v.token() })
          pages.push((res.data.records as { sn: number }[]).map((r) => Number(r.sn)))
          wanted.push(await expected(v.scope, page))
        }
        seen.pages.push(pages)
        seen.wanted.push(wanted)
      }
    })
    const res = await postForm(appOn(db), '/user/groupSend', acme, sendForm({ content: 'stored around' }, 'numbers', numbers(0)))
    expect(res.status).toBe(200)
    expect(seen.skip).toBe(true)
    expect(seen.newer).toBe(7)
    expect(seen.pages).toEqual(seen.wanted)
    // The first page starts with the small send's 7 records and goes on with older ones, none of the hidden batch.
    expect(seen.pages[0][0]).toHaveLength(20)
    const hidden = new Set((await h.db.query<{ sn: number }>('select sn from mt_record where batch_id = $1', [res.data.batch_id])).rows.map((r) => Number(r.sn)))
    expect(seen.pages.flat(2).some((sn) => hidden.has(sn))).toBe(false)
    expect(storingRanges()).toBeUndefined()
  })

  it('answers a retry that arrives while it is being stored with a 409, and bills once', async () => {
    const key = randomUUID()
    const before = await balanceOf(h.db, 'acme02')
    let retry: { status: number; msg: string } | undefined
    const db = gatedBefore(h.db, 3, async () => {
      retry = await postForm(h.app, '/user/groupSend', acme, sendForm({ content: 'retry me', idempotency_key: key }, 'numbers', numbers(0)))
    })
    const res = await postForm(appOn(db), '/user/groupSend', acme, sendForm({ content: 'retry me', idempotency_key: key }, 'numbers', numbers(0)))
    expect(res.status).toBe(200)
    expect(retry?.status).toBe(409)
    expect(retry?.msg).toMatch(/still being stored/)
    expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - res.data.cost, 3)
    // Once complete, the same key gives back the first reply.
    const again = await postForm(h.app, '/user/groupSend', acme, sendForm({ content: 'retry me', idempotency_key: key }, 'numbers', numbers(0)))
    expect(again.data).toEqual(res.data)
  })

  it('undoes a send cut off by a crash at the next start: records, batch and rollup gone, debit refunded, key free', async () => {
    const key = randomUUID()
    const before = await balanceOf(h.db, 'acme02')
    const received = await todaysReceived()
    const records = await countOf(h.db, 'select count(*)::int as n from mt_record')
    let cutOff!: () => void
    const stopped = new Promise<void>((resolve) => (cutOff = resolve))
    // The process "dies" before its third transaction: that transaction never starts, the request never answers.
    const db = gatedBefore(h.db, 3, () => {
      cutOff()
      return new Promise<void>(() => {})
    })
    void postForm(appOn(db), '/user/groupSend', acme, sendForm({ content: 'cut off', idempotency_key: key }, 'numbers', numbers(0)))
    await stopped
    expect(await balanceOf(h.db, 'acme02')).toBeLessThan(before) // reserved by the first transaction
    expect(await countOf(h.db, 'select count(*)::int as n from mt_record')).toBe(records + STORE_CHUNK)

    expect(await undoStoringLeft(h.db)).toBe(1)
    expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before, 3)
    expect(await countOf(h.db, 'select count(*)::int as n from mt_record')).toBe(records)
    expect(await countOf(h.db, "select count(*)::int as n from sms_batch where content = 'cut off'")).toBe(0)
    expect(await todaysReceived()).toBe(received)
    expect(await countOf(h.db, 'select count(*)::int as n from mt_daily_storing')).toBe(0)

    // The key is free again: the retry sends it, billed once.
    const retry = await postForm(h.app, '/user/groupSend', acme, sendForm({ content: 'cut off', idempotency_key: key }, 'numbers', numbers(0)))
    expect(retry.status).toBe(200)
    expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - retry.data.cost, 3)
    expect(await recordsListed(retry.data.batch_id)).toBe(N)
  })

  it('stores a small send in one transaction, as before', async () => {
    // Which statements each transaction ran: the batch row and all its records must share one.
    const transactions: string[][] = []
    const tracing = (d: Db, log: string[]): Db => ({ ...d, kind: d.kind, query: (t, p) => (log.push(t), d.query(t, p)), transaction: d.transaction })
    const db: Db = {
      ...h.db, kind: h.db.kind, query: (t, p) => h.db.query(t, p),
      transaction: (fn) => h.db.transaction((tx) => fn(tracing(tx, transactions[transactions.push([]) - 1]))),
    }
    const res = await postForm(appOn(db), '/user/groupSend', acme, sendForm({ content: 'small' }, 'numbers', mobilesOf('136', 100).join('\n')))
    expect(res.status).toBe(200)
    const storing = transactions.filter((t) => t.some((q) => /insert into (mt_record|sms_batch)/.test(q)))
    expect(storing).toHaveLength(1)
    expect(storing[0].some((q) => /insert into sms_batch/.test(q)) && storing[0].some((q) => /insert into mt_record/.test(q))).toBe(true)
    expect(storing[0].some((q) => /send_storing/.test(q))).toBe(false)
  })
})
