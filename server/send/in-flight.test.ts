import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { Db } from '../db'
import { saw, seen } from '../lists/in-flight'
import { setup, type Harness } from '../test/harness'
import { buffersTouched } from '../test/explain'
import { countOf, mobilesOf, postForm, sendForm, stoppedBefore } from '../test/send-kit'
import { IN_FLIGHT_FROM } from './in-flight'
import { runDueBatches } from './scheduler'

/*
 * A large send names its records' one time in send_in_flight while its transaction is open (in-flight.ts), and the
 * sent-record lists read around it (lists/in-flight.ts). Each case stops the send inside its transaction after its
 * records are written: the lists answer exactly as before the send and read none of its entries; after the commit
 * they show every record and the name is gone. A failed send leaves no name behind.
 */

const N = IN_FLIGHT_FROM

describe('send/in-flight', () => {
  let h: Harness
  let t: Record<string, string>
  beforeAll(async () => {
    h = await setup({ historyRows: 2000 })
    t = await h.tokensFor('acme02', 'acme', 'admin', 'globex')
    await h.db.query("update customer set balance = 100000 where cus_id = 'acme02'")
  })
  afterAll(() => h.close())

  const appOn = (db: Db) => createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
  const send = (db: Db, prefix: string) =>
    postForm(appOn(db), '/user/groupSend', t.acme02, sendForm({ content: '【艾克米】in flight' }, 'numbers', mobilesOf(prefix, N)))

  // The lists a send in flight would slow: its customer's and the administrator's, newest first, and "waiting".
  const LISTS: [string, Record<string, unknown>][] = [['acme', {}], ['admin', {}], ['admin', { status: 500 }], ['globex', {}]]
  const look = async () => Promise.all(LISTS.map(async ([user, body]) => {
    const res = await h.call('/mtRecord/list', { ...body, pageSize: 20 }, { token: t[user] })
    expect(res.status, res.msg).toBe(200)
    return { total: res.data.total as number, sns: (res.data.records as { sn: number }[]).map((r) => r.sn) }
  }))

  /** Each list's statement as the app runs it now (read through a second app over the same database). */
  const statementsNow = async () => {
    const seen: { text: string; params: unknown[] }[] = []
    const capturing: Db = { ...h.db, query: (text, p, o) => (/from mt_record m/.test(text) && seen.push({ text, params: [...(p ?? [])] }), h.db.query(text, p, o)) }
    const lister = appOn(capturing)
    for (const [user, body] of LISTS) {
      const res = await lister.request('/api/mtRecord/list', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t[user]}` }, body: JSON.stringify({ ...body, pageSize: 20 }),
      })
      expect(res.status).toBe(200)
    }
    expect(seen).toHaveLength(LISTS.length)
    return seen
  }
  const cost = (statements: { text: string; params: unknown[] }[]) => Promise.all(statements.map((st) => buffersTouched(h.db, st.text, st.params)))

  it(`a send of ${N.toLocaleString('en')} in flight: the lists answer as before it, reading none of its entries; after the commit, all of it`, async () => {
    // A name left by a crashed send (older than a minute, locked by no one): hides nothing, cleared by the next send.
    await h.db.query(`insert into send_in_flight (prod_type, record_time, batch_id, created) values (0, now() - interval '1 hour', 'B-crashed', now() - interval '2 minutes')`)
    const before = await look()
    const plain = await statementsNow()
    const costBefore = await cost(plain)

    let during: Awaited<ReturnType<typeof look>> | undefined
    let named: { record_time: string; batch_id: string; us: number }[] = []
    let costDuring: number[] = []
    let naive: number[] = []
    const res = await send(stoppedBefore(h.db, /update send_idempotency set response/, async () => {
      named = (await h.db.query<{ record_time: string; batch_id: string; us: number }>(
        `select to_char(record_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as record_time, batch_id, extract(microseconds from record_time)::int % 1000 as us from send_in_flight`)).rows
      during = await look()
      costDuring = await cost(await statementsNow())
      // The statements read before the send, meanwhile: they walk the send's entries (but globex's, passed over in the index).
      naive = await cost(plain)
    }), '139')
    expect(res.status, res.msg).toBe(200)

    // One name, the send's, with a microsecond of its own; the crashed send's is gone.
    expect(named).toHaveLength(1)
    expect(named[0].batch_id).toBe(res.data.batch_id)
    expect(named[0].us).toBeGreaterThan(0)
    expect(during).toEqual(before)
    for (let i = 0; i < LISTS.length; i++) expect(costDuring[i], LISTS[i].join(' ')).toBeLessThan(costBefore[i] + 40)
    for (let i = 0; i < 3; i++) expect(naive[i], LISTS[i].join(' ')).toBeGreaterThan(costBefore[i] + N / 100)

    // Committed: the name is gone, the records are listed newest, all with the named time.
    expect(await countOf(h.db, 'select count(*)::int as n from send_in_flight')).toBe(0)
    const after = await look()
    expect(after.map((l) => l.total)).toEqual(before.map((l, i) => l.total + (LISTS[i][0] === 'globex' ? 0 : N)))
    const stamped = await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1 and receive_time = $2::timestamptz', [res.data.batch_id, named[0].record_time])
    expect(stamped).toBe(N)
    const newest = (await h.db.query<{ sn: number }>('select sn from mt_record where batch_id = $1 order by sn desc limit 20', [res.data.batch_id])).rows.map((r) => Number(r.sn))
    expect(after[0].sns).toEqual(newest)
    expect(after[3]).toEqual(before[3])

    // A list going around a name this process saw in flight, whose send has committed since: it reads again.
    saw(0, [named[0].record_time])
    const again = await h.call('/mtRecord/list', { pageSize: 20 }, { token: t.admin })
    expect({ total: again.data.total, sns: (again.data.records as { sn: number }[]).map((r) => r.sn) }).toEqual(after[1])
    expect(seen(0)).toEqual([])
  })

  it('a send failing after its name was taken leaves no name and no record', async () => {
    let failed = false
    const failing: Db = stoppedBefore(h.db, /insert into mt_record/, async () => {
      expect(await countOf(h.db, 'select count(*)::int as n from send_in_flight')).toBe(1)
      failed = true
      throw new Error('disk full')
    })
    const res = await send(failing, '137')
    expect(failed).toBe(true)
    expect(res.status).toBe(500)
    expect(await countOf(h.db, 'select count(*)::int as n from send_in_flight')).toBe(0)
    expect(await countOf(h.db, `select count(*)::int as n from mt_record where mobile like '137%' and content = '【艾克米】in flight'`)).toBe(0)
  })

  it('a large timed batch falling due names its records\' time the same way', async () => {
    // Only this batch is due in the far future: the demo's to-be-sent batches are paused.
    await h.db.query('update time_batch set send_status = 2 where send_status = 0')
    const timing = new Date(Date.now() + 60 * 60_000).toISOString()
    const res = await postForm(h.app, '/user/groupSend', t.acme02, sendForm({ content: '【艾克米】due in flight', timing_time: timing }, 'numbers', mobilesOf('135', N)))
    expect(res.status, res.msg).toBe(200)
    const before = await look()
    let named = 0
    let during: Awaited<ReturnType<typeof look>> | undefined
    const sent = await runDueBatches(stoppedBefore(h.db, /update time_batch set send_status/, async () => {
      named = await countOf(h.db, 'select count(*)::int as n from send_in_flight where prod_type = 0')
      during = await look()
    }), { now: new Date('2100-01-01T00:00:00Z') })
    expect(sent).toEqual([res.data.batch_id])
    expect(named).toBe(1)
    expect(during).toEqual(before)
    expect(await countOf(h.db, 'select count(*)::int as n from send_in_flight')).toBe(0)
    const stamped = await h.db.query<{ times: number; us: number }>(
      `select count(distinct m.receive_time)::int as times, min(extract(microseconds from m.receive_time)::int % 1000) as us
       from mt_record m join sms_batch b on b.batch_id = m.batch_id where m.content = '【艾克米】due in flight'`)
    expect(stamped.rows[0]).toEqual({ times: 1, us: expect.any(Number) })
    expect(stamped.rows[0].us).toBeGreaterThan(0)
  })

  it('a smaller send names nothing', async () => {
    let named = -1
    const res = await postForm(appOn(stoppedBefore(h.db, /update send_idempotency set response/, async () => {
      named = await countOf(h.db, 'select count(*)::int as n from send_in_flight')
    })), '/user/groupSend', t.acme02, sendForm({ content: '【艾克米】small' }, 'numbers', mobilesOf('136', 50)))
    expect(res.status, res.msg).toBe(200)
    expect(named).toBe(0)
  })
})
