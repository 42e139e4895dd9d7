import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import type { Db } from '../db'
import { forEachBackend, setup, type Harness } from '../test/harness'
import { balanceOf, countOf, mobilesOf, postForm, sendForm } from '../test/send-kit'
import { signatureHeaders } from '../test/signed-kit'
import { OPEN_API_PATHS } from '../../src/domain/signed-api'
import { appSecretOf } from '../users/app-secret'
import { runDueBatches } from './scheduler'
import { STORE_CHUNK, analyzeIfGrown, undoStoringLeft } from './storing'

// "Large" made small: 120 recipients and more are stored in chunks of 50 on PGlite (read when storing.ts loads).
vi.hoisted(() => {
  process.env.SEND_CHUNKED_FROM = '120'
  process.env.SEND_STORE_CHUNK = '50'
})

/*
 * Scheduling a large timed send and editing the content of a large scheduled batch (timed-edit.ts) keep the
 * guarantees of the chunked sends (storing.test.ts): all or nothing, invisible until complete (not listed, no details,
 * not editable, not operable, not due), a retry with the same key answered 409 meanwhile, undone after an error or a
 * crash. On PGlite the write is stopped between two of its transactions (after its first chunk); on PostgreSQL, where
 * it stays one transaction, inside it just before the details are written. Other users look at that moment.
 */

const N = 140 // three chunks: 50, 50, 40
const LONG_URL = 'https://shop.example.com/promo?from=sms'
const FAR = new Date('2100-01-01T00:00:00Z') // a scheduler run that finds every to-be-sent batch due

/** Before the `nth` transaction on PGlite (none open); on PostgreSQL inside the one transaction, before `statement`. */
function stoppedMidway(db: Db, statement: RegExp, stop: () => Promise<void>, nth = 3): Db {
  if (db.kind === 'pglite') {
    let count = 0
    return { ...db, kind: db.kind, query: (t, p) => db.query(t, p), transaction: async (fn) => (++count === nth && (await stop()), db.transaction(fn)) }
  }
  let stopped = false
  const inside = (tx: Db): Db => ({
    ...tx, kind: tx.kind, transaction: tx.transaction,
    query: async (t, p) => {
      if (!stopped && statement.test(t)) {
        stopped = true
        await stop()
      }
      return tx.query(t, p)
    },
  })
  return { ...db, kind: db.kind, query: (t, p) => db.query(t, p), transaction: (fn) => db.transaction((tx) => fn(inside(tx))) }
}

/** A Db whose `nth` statement matching `statement` fails, as a full disk or a lost connection would. */
function failingAt(db: Db, statement: RegExp, nth: number): Db {
  let seen = 0
  const inside = (tx: Db): Db => ({
    ...tx, kind: tx.kind, transaction: tx.transaction,
    query: (t, p) => (statement.test(t) && ++seen === nth ? Promise.reject(new Error('disk full')) : tx.query(t, p)),
  })
  return { ...db, kind: db.kind, query: (t, p) => db.query(t, p), transaction: (fn) => db.transaction((tx) => fn(inside(tx))) }
}

const DETAILS = /insert into time_mt_message/
const REWRITE = /update time_mt_message/

forEachBackend((backend) => {
  describe('a large timed send scheduled, and a large scheduled batch edited: all or nothing, invisible until complete', () => {
    let h: Harness
    let acme: string
    let globex: string
    let admin: string
    beforeAll(async () => {
      h = await setup({ backend, historyRows: 100 })
      ;({ acme02: acme, globex, admin } = await h.tokensFor('acme02', 'globex', 'admin'))
      await h.db.query("update customer set balance = 100000 where cus_id = 'acme02'")
      // Only this file's batches are due in the far future: the demo's to-be-sent batches are paused.
      await h.db.query('update time_batch set send_status = 2 where send_status = 0')
    })
    afterAll(() => h.close())

    const appOn = (db: Db) => createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
    const count = (sql: string, params: unknown[] = []) => countOf(h.db, sql, params)
    const timing = () => new Date(Date.now() + 60 * 60_000).toISOString()
    const schedule = (db: Db, payload: Record<string, unknown>, from: number, path = '/user/groupSend') =>
      postForm(appOn(db), path, acme, sendForm({ timing_time: timing(), ...payload }, 'numbers', mobilesOf('137', N, from).join('\n')))
    const batches = async (token: string) => (await h.call('/pageTimeBatch/list', { current: 1, size: 20 }, { token })).data.total as number
    const details = async (token: string) => (await h.call('/timeMtMessage/list', { current: 1, size: 20 }, { token })).data.total as number
    const edit = async (id: string, content: string, db = h.db) => {
      const r = await appOn(db).request('/api/pageTimeBatch/edit', {
        method: 'POST', headers: { authorization: `Bearer ${acme}`, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ time_batch: id, content }),
      })
      return { status: r.status, ...((await r.json()) as { msg: string }) }
    }
    const pause = async (id: string) => (await h.call('/pageTimeBatch/operation', { time_batch: id, type: 'pause' }, { token: acme })).status
    const contentsOf = async (id: string) => (await h.db.query<{ content: string }>(
      'select content from time_mt_message where time_batch = $1 order by sn', [id])).rows.map((r) => r.content)
    const headerOf = async (id: string) => (await h.db.query<{ content: string }>('select content from time_batch where time_batch = $1', [id])).rows[0]?.content
    /** The signed API's batch lookup (a customer's own system asking about a batch it sent), its HTTP status. */
    const signedLookup = async (id: string) => {
      const text = JSON.stringify({ batch_id: id })
      const secret = await appSecretOf(h.db, 'acme02')
      const res = await h.app.request(`/api${OPEN_API_PATHS.batch}`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...signatureHeaders({ account: 'acme02', secret }, OPEN_API_PATHS.batch, text) }, body: text,
      })
      return res.status
    }
    /** The id of the batch being written: on PGlite its send_storing row; on PostgreSQL it is not visible to others at all. */
    const storingId = async () => (await h.db.query<{ batch_id: string }>('select batch_id from send_storing')).rows[0]?.batch_id

    it('scheduling: nothing of it is listed, editable or due until its last chunk is in; other users are answered meanwhile', async () => {
      const before = { acme: await batches(acme), admin: await batches(admin), details: await details(acme) }
      const seen: Record<string, unknown> = {}
      const db = stoppedMidway(h.db, DETAILS, async () => {
        const id = await storingId()
        seen.written = id ? await count('select count(*)::int as n from time_mt_message where time_batch = $1', [id]) : 0
        seen.batches = (await batches(acme)) - before.acme
        seen.adminBatches = (await batches(admin)) - before.admin
        seen.details = (await details(acme)) - before.details
        seen.due = await runDueBatches(h.db, { now: FAR })
        if (id) {
          seen.edit = (await edit(id, 'changed while stored')).status
          seen.pause = await pause(id)
          seen.detailsOfIt = (await h.call('/timeMtMessage/list', { time_batch: id, current: 1, size: 20 }, { token: acme })).data.total
          seen.signedApi = await signedLookup(id)
        }
        seen.otherUser = (await h.call('/mtRecord/list', { current: 1, size: 20 }, { token: globex })).status
      })
      const res = await schedule(db, { content: 'scheduled in chunks' }, 0)
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ timed: true, numbers: N })
      const hidden = { batches: 0, adminBatches: 0, details: 0, due: [], otherUser: 200 }
      expect(seen).toEqual(backend === 'pglite'
        ? { ...hidden, written: STORE_CHUNK, edit: 409, pause: 409, detailsOfIt: 0, signedApi: 404 }
        : { ...hidden, written: 0 })

      const id = res.data.batch_id as string
      expect(await signedLookup(id)).toBe(200)
      expect(await batches(acme)).toBe(before.acme + 1)
      expect(await details(acme)).toBe(before.details + N)
      expect(await count('select count(*)::int as n from send_storing')).toBe(0)
      expect(await contentsOf(id)).toEqual(new Array(N).fill('scheduled in chunks'))
      // Due once complete, billed then (not when scheduled), for all of its details.
      const balance = await balanceOf(h.db, 'acme02')
      expect(balance).toBe(res.data.balance_after)
      expect(await runDueBatches(h.db, { now: FAR })).toEqual([id])
      expect(await count("select count(*)::int as n from mt_record where content = 'scheduled in chunks'")).toBe(N)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(balance - res.data.cost, 3)
    })

    it('scheduling: a retry with the same key while it is written gets a 409, and once complete the first reply', async () => {
      const key = randomUUID()
      let retry: { status: number; msg: string } | undefined
      const db = stoppedMidway(h.db, DETAILS, async () => {
        // On PostgreSQL the retry would wait for the first transaction's key: it is sent after that commits instead.
        if (backend === 'pglite') retry = await schedule(h.db, { content: 'retry me', idempotency_key: key }, 1000)
      })
      const res = await schedule(db, { content: 'retry me', idempotency_key: key }, 1000)
      expect(res.status).toBe(200)
      if (backend === 'pglite') {
        expect(retry?.status).toBe(409)
        expect(retry?.msg).toMatch(/still being stored/)
      }
      const again = await schedule(h.db, { content: 'retry me', idempotency_key: key }, 1000)
      expect(again.data).toEqual(res.data)
      expect(await count("select count(*)::int as n from time_batch where content = 'retry me'")).toBe(1)
      expect(await count("select count(*)::int as n from time_mt_message where content = 'retry me'")).toBe(N)
    })

    it('scheduling: a failure mid-way leaves nothing (batch, details, short links) and frees the key', async () => {
      const key = randomUUID()
      const before = { batches: await count('select count(*)::int as n from time_batch'), links: await count('select count(*)::int as n from short_link') }
      // PGlite: the second chunk's details fail; PostgreSQL: the one statement of its one transaction.
      const db = failingAt(h.db, DETAILS, backend === 'pglite' ? 2 : 1)
      const res = await schedule(db, { content: 'Later {link}', long_url: LONG_URL, idempotency_key: key }, 2000, '/shortChainTool/smsLinkGroupSend')
      expect(res.status).toBe(500)
      expect({
        batches: await count('select count(*)::int as n from time_batch'), links: await count('select count(*)::int as n from short_link'),
        details: await count("select count(*)::int as n from time_mt_message where content like 'Later %'"),
        storing: await count('select count(*)::int as n from send_storing'),
      }).toEqual({ ...before, details: 0, storing: 0 })
      const retry = await schedule(h.db, { content: 'Later {link}', long_url: LONG_URL, idempotency_key: key }, 2000, '/shortChainTool/smsLinkGroupSend')
      expect(retry.status).toBe(200)
      expect(await count('select count(*)::int as n from short_link where batch_id = $1', [retry.data.batch_id])).toBe(N)
      // Each detail carries its own recipient's link.
      expect(await count(
        `select count(*)::int as n from time_mt_message d join short_link s on s.batch_id = d.time_batch and s.mobile = d.mobile
         where d.time_batch = $1 and d.content like '%/s/' || s.code`, [retry.data.batch_id])).toBe(N)
    })

    if (backend === 'pglite') it('scheduling: a crash mid-way is undone at the next start, and the key sends it again', async () => {
      const key = randomUUID()
      const before = await count('select count(*)::int as n from time_batch')
      let cutOff!: () => void
      const stopped = new Promise<void>((resolve) => (cutOff = resolve))
      void schedule(stoppedMidway(h.db, DETAILS, () => (cutOff(), new Promise<void>(() => {}))), { content: 'cut off', idempotency_key: key }, 3000)
      await stopped
      expect(await count("select count(*)::int as n from time_mt_message where content = 'cut off'")).toBe(STORE_CHUNK)

      expect(await undoStoringLeft(h.db)).toBe(1)
      expect(await count('select count(*)::int as n from time_batch')).toBe(before)
      expect(await count("select count(*)::int as n from time_mt_message where content = 'cut off'")).toBe(0)
      const retry = await schedule(h.db, { content: 'cut off', idempotency_key: key }, 3000)
      expect(retry.status).toBe(200)
      expect(await count('select count(*)::int as n from time_mt_message where time_batch = $1', [retry.data.batch_id])).toBe(N)
    })

    it('editing: the batch is hidden, not editable and not due until every detail has the new content', async () => {
      const res = await schedule(h.db, { content: 'before the edit' }, 4000)
      const id = res.data.batch_id as string
      const before = { acme: await batches(acme), details: await details(acme) }
      const seen: Record<string, unknown> = {}
      const db = stoppedMidway(h.db, REWRITE, async () => {
        seen.contents = new Set(await contentsOf(id)).size // PGlite: a chunk new, the rest old; PostgreSQL: all old (to others)
        seen.batches = before.acme - (await batches(acme))
        seen.details = before.details - (await details(acme))
        seen.due = (await runDueBatches(h.db, { now: FAR })).includes(id) // the earlier tests' batches are due too
        // PostgreSQL: the edit's one transaction holds the batch row; a second edit or a pause would wait for it.
        if (backend === 'pglite') {
          seen.edit = (await edit(id, 'a second edit')).status
          seen.pause = await pause(id)
        }
      })
      const done = await edit(id, 'after the edit', db)
      expect(done.status).toBe(200)
      expect(seen).toEqual(backend === 'pglite'
        ? { contents: 2, batches: 1, details: N, due: false, edit: 409, pause: 409 }
        : { contents: 1, batches: 0, details: 0, due: false })
      expect(await headerOf(id)).toBe('after the edit')
      expect(await contentsOf(id)).toEqual(new Array(N).fill('after the edit'))
      expect(await batches(acme)).toBe(before.acme)
      expect(await count('select count(*)::int as n from send_storing')).toBe(0)
      expect(await runDueBatches(h.db, { now: FAR })).toEqual([id])
    })

    it('editing: a failure mid-way puts the old content back on the batch and every detail, each with its own link', async () => {
      const res = await schedule(h.db, { content: 'Old {link} text', long_url: LONG_URL }, 5000, '/shortChainTool/smsLinkGroupSend')
      const id = res.data.batch_id as string
      const old = { header: await headerOf(id), details: await contentsOf(id) }
      expect(new Set(old.details).size).toBe(N) // each its own link
      const failed = await edit(id, 'New {link} text', failingAt(h.db, REWRITE, backend === 'pglite' ? 2 : 1))
      expect(failed.status).toBe(500)
      expect({ header: await headerOf(id), details: await contentsOf(id) }).toEqual(old)
      expect(await count('select count(*)::int as n from send_storing')).toBe(0)
      // Edited again, without a failure: every detail keeps its own link inside the new text.
      expect((await edit(id, 'New {link} text')).status).toBe(200)
      const edited = await contentsOf(id)
      edited.forEach((c, i) => expect(c).toBe(old.details[i].replace(/^Old (\S+) text$/, 'New $1 text')))
    })

    if (backend === 'pglite') it('editing: a crash mid-way is undone at the next start (old content back), and the batch is usable', async () => {
      const res = await schedule(h.db, { content: 'kept after a crash' }, 6000)
      const id = res.data.batch_id as string
      let cutOff!: () => void
      const stopped = new Promise<void>((resolve) => (cutOff = resolve))
      void edit(id, 'lost in a crash', stoppedMidway(h.db, REWRITE, () => (cutOff(), new Promise<void>(() => {})), 2))
      await stopped
      expect(new Set(await contentsOf(id))).toEqual(new Set(['lost in a crash', 'kept after a crash']))

      expect(await undoStoringLeft(h.db)).toBe(1)
      expect(await headerOf(id)).toBe('kept after a crash')
      expect(await contentsOf(id)).toEqual(new Array(N).fill('kept after a crash'))
      expect((await edit(id, 'edited after the restart')).status).toBe(200)
      expect(await contentsOf(id)).toEqual(new Array(N).fill('edited after the restart'))
    })

    it('an interactive batch edited in chunks: each detail keeps its own answer page inside the new text', async () => {
      const res = await schedule(h.db, { content: 'Answer here {interact}' }, 7000)
      expect(res.status).toBe(200)
      const id = res.data.batch_id as string
      const codes = async () => (await h.db.query<{ content: string; code: string }>(
        `select d.content, m.code from time_mt_message d join interact_message m on m.batch_id = d.time_batch and m.mobile = d.mobile
         where d.time_batch = $1 order by d.sn`, [id])).rows
      expect((await edit(id, 'New question {interact} thanks')).status).toBe(200)
      const rows = await codes()
      expect(rows).toHaveLength(N)
      for (const r of rows) expect(r.content).toMatch(new RegExp(`^New question \\S+${r.code} thanks$`))
      // The marker cannot be added to a batch sent without pages: refused before anything is written.
      const plain = (await schedule(h.db, { content: 'no pages' }, 8000)).data.batch_id as string
      expect((await edit(plain, 'now {interact}')).status).toBe(400)
      expect(await contentsOf(plain)).toEqual(new Array(N).fill('no pages'))
      expect(await count('select count(*)::int as n from send_storing')).toBe(0)
    })

    it('a large store refreshes the planner statistics on PGlite (no autovacuum there); PostgreSQL leaves it to its autovacuum', async () => {
      const reltuples = () => count("select reltuples::float8 as n from pg_class where relname = 'time_mt_message'")
      await h.db.query(`insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time)
        values ('TSTATS', 'acme02', 0, 0, 2, 'stats', 3000, now(), now())`)
      await h.db.query(`insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
        select 'TSTATS', 'acme02', '139' || lpad(k::text, 8, '0'), 'stats', 2, now(), now() from generate_series(1, 3000) k`)
      const rows = await count('select count(*)::int as n from time_mt_message')
      // Below autovacuum's threshold (50 rows + 10% of the known rows): nothing done.
      expect(await analyzeIfGrown(h.db, 'time_mt_message', 10)).toBe(false)
      expect(await analyzeIfGrown(h.db, 'time_mt_message', 3000)).toBe(backend === 'pglite')
      // A table this small is read whole by ANALYZE: the statistics know its exact size.
      if (backend === 'pglite') expect(await reltuples()).toBe(rows)
    })
  })
})
