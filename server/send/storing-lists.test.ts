import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { Db } from '../db'
import { setup, type Harness } from '../test/harness'
import { countOf, gatedBefore, mobilesOf, postForm, sendForm } from '../test/send-kit'
import { simulateTick } from './carrier-sim'
import { runDueBatches } from './scheduler'
import { CHUNKED_FROM, STORE_CHUNK } from './storing'

/*
 * While a large send is stored in chunks on PGlite (storing.ts), every sent-record list holding the sender's account
 * (its own, its parent customer's, the administrators') must read no row of the hidden batch: a list that counted its
 * total over them took a row per stored record, ~130 ms per request at 200k stored, most of PGlite's one connection at
 * 1M (tests/bench/storing-profile.bench.mjs). Pinned by the rows each list statement reads, from its own
 * EXPLAIN ANALYZE, not by timings.
 */

interface PlanNode {
  'Relation Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PlanNode[]
}

/** Rows of mt_record a statement's scans produced or threw away, summed over the plan. */
function recordRowsRead(n: PlanNode): number {
  const own = n['Relation Name'] === 'mt_record'
    ? (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) * n['Actual Loops']
    : 0
  return own + (n.Plans ?? []).reduce((s, c) => s + recordRowsRead(c), 0)
}

/** A wall-clock time of the list zone (Asia/Shanghai), `hoursAgo` before now, as the search fields take it. */
const shanghai = (hoursAgo: number) => new Date(Date.now() + (8 - hoursAgo) * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')

describe('the record lists while a large send is stored on PGlite', () => {
  let h: Harness
  let tok: Record<string, string>
  // A fresh database per test: where the records a list may show are most of the table (an earlier test's send), a
  // sequential scan is the planner's right choice, and it reads the hidden rows too.
  beforeEach(async () => {
    h = await setup({ backend: 'pglite', historyRows: 200 })
    tok = await h.tokensFor('acme02', 'acme', 'admin')
    await h.db.query("update customer set balance = 10000000 where cus_id = 'acme02'")
  })
  afterEach(() => h.close())

  /**
   * Runs `store` (which stores a large batch of acme02 through the Db it is given) and, before its 4th transaction
   * (two chunks in), lists the sent records of every view holding acme02, with and without a window: what each list
   * answered, what the plain query gives, and the mt_record rows each list statement read.
   */
  async function listedMidway(
    store: (db: Db) => Promise<void>,
    list: { path: string; only: string; csv?: boolean; sort?: { body: Record<string, string>; sql: string } } = { path: '/mtRecord/list', only: '' },
  ) {
    const sort = list.sort ?? { body: {}, sql: 'm.receive_time desc, m.sn desc' }
    const statements: { text: string; params: unknown[] }[] = []
    const capturing: Db = {
      ...h.db,
      kind: h.db.kind,
      query: (text, params, opts) => {
        if (text.includes('from mt_record')) statements.push({ text, params: params ?? [] })
        return h.db.query(text, params, opts)
      },
    }
    const lists = createApp({ db: capturing, carrier: h.carrier, config: { distDir: '/nonexistent-dist', listCountCacheMs: 0 } })
    const views = [
      { user: 'acme02', scope: "m.cus_id = 'acme02'" },
      { user: 'acme', scope: "m.cus_id in (select cus_id from customer where cus_id = 'acme' or parent_id = 'acme')" },
      { user: 'admin', scope: 'true' },
    ]
    // No window (the last 7 days, counted) and a window ending inside today (whole days from the rollups, today counted).
    const searches = [
      { body: {}, window: "m.receive_time >= now() - interval '7 days'" },
      {
        body: { start_time: shanghai(24 * 5).slice(0, 10), end_time: shanghai(-1) },
        window: `m.receive_time >= ('${shanghai(24 * 5).slice(0, 10)}'::timestamp at time zone 'Asia/Shanghai')
          and m.receive_time <= ('${shanghai(-1)}'::timestamp at time zone 'Asia/Shanghai')`,
      },
    ]
    const seen = { hidden: 0, read: [] as number[], totals: [] as number[], wanted: [] as number[], pages: [] as number[][], wantedPages: [] as number[][] }
    await store(gatedBefore(h.db, 4, async () => {
      seen.hidden = await countOf(h.db, 'select count(*)::int as n from mt_record m join send_storing s on s.batch_id = m.batch_id')
      for (const v of views) {
        for (const s of searches) {
          statements.length = 0
          const res = await lists.request(`/api${list.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tok[v.user]}` },
            body: JSON.stringify({ ...s.body, ...sort.body, ...(list.csv ? { format: 'csv' } : { pageNumber: 1, pageSize: 20 }) }),
          })
          if (list.csv) {
            // The file's rows (one line each, after the header) and its announced total, both as the list counts.
            const lines = (await res.text()).split('\n').filter(Boolean).length - 1
            seen.totals.push(Number(res.headers.get('x-total-count')) === lines ? lines : -lines)
          } else {
            const { data } = (await res.json()) as { data: { total: number; records: { sn: number }[] } }
            seen.totals.push(data.total)
            seen.pages.push(data.records.map((r) => Number(r.sn)))
            seen.wantedPages.push((await h.db.query<{ sn: number }>(`select m.sn from mt_record m where ${v.scope} and m.prod_type = 0 and ${s.window}
              ${list.only} and not exists (select 1 from send_storing s where s.batch_id = m.batch_id)
              order by ${sort.sql} limit 20`)).rows.map((r) => Number(r.sn)))
          }
          seen.wanted.push(await countOf(h.db, `select count(*)::int as n from mt_record m where ${v.scope} and m.prod_type = 0 and ${s.window} ${list.only}
            and not exists (select 1 from send_storing s where s.batch_id = m.batch_id)`))
          let read = 0
          for (const st of statements) {
            const { rows } = await h.db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (analyze, format json) ${st.text}`, st.params)
            read += recordRowsRead(rows[0]["QUERY PLAN"][0].Plan)
          }
          seen.read.push(read)
        }
      }
    }))
    return seen
  }

  /** Each list answered the plain query's total and read at most the rows it counts and its page's two sides (20 each). */
  function readNoneHidden(seen: Awaited<ReturnType<typeof listedMidway>>, hidden = 2 * STORE_CHUNK) {
    expect(seen.hidden).toBe(hidden)
    expect(seen.totals).toEqual(seen.wanted)
    expect(seen.pages).toEqual(seen.wantedPages)
    seen.read.forEach((read, i) => expect(read, `list ${i}`).toBeLessThanOrEqual(seen.wanted[i] + 40))
    expect(Math.max(...seen.wanted) + 40).toBeLessThan(seen.hidden)
  }

  const n = CHUNKED_FROM + STORE_CHUNK / 2

  it('an immediate send: they count their totals around its hidden records, reading none of them', async () => {
    readNoneHidden(await listedMidway(async (db) => {
      const app = createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
      const res = await postForm(app, '/user/groupSend', tok.acme02, sendForm({ content: 'stored while listed' }, 'numbers', mobilesOf('137', n, 0).join('\n')))
      expect(res.status).toBe(200)
    }))
  })

  const SORTS = [
    { name: 'mobile', body: { orderBy: 'decodeMobile', order: 'asc' }, sql: 'm.mobile asc, m.sn asc' },
    { name: 'status', body: { orderBy: 'mt_status', order: 'desc' }, sql: 'm.mt_status desc, m.sn desc' },
  ]
  it.each(SORTS)('an immediate send: a list sorted by $name reads and counts around it too', async (sort) => {
    readNoneHidden(await listedMidway(async (db) => {
      const app = createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
      const res = await postForm(app, '/user/groupSend', tok.acme02, sendForm({ content: 'stored while sorted' }, 'numbers', mobilesOf('137', n, 0).join('\n')))
      expect(res.status).toBe(200)
    }, { path: '/mtRecord/list', only: '', sort }))
  })

  it("an immediate send: the carrier's reports read around its records, reporting the others waiting", async () => {
    // Two records of another account waiting for their reports, older than the send.
    await h.db.query(`insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time)
      select 'acme01', 0, '1390000000' || k, 'waiting elsewhere', 500, now() - interval '10 seconds' from generate_series(1, 2) k`)
    const picked: { text: string; params: unknown[] }[] = []
    const capturing = (d: Db): Db => ({
      ...d, kind: d.kind,
      query: (text, params, opts) => (text.includes('with picked') && picked.push({ text, params: params ?? [] }), d.query(text, params, opts)),
      transaction: (fn) => d.transaction((tx) => fn(capturing(tx))),
    })
    const seen = { hidden: 0, reported: 0, read: -1, rereadHidden: -1 }
    const app = createApp({ db: gatedBefore(h.db, 4, async () => {
      seen.hidden = await countOf(h.db, 'select count(*)::int as n from mt_record m join send_storing s on s.batch_id = m.batch_id')
      // (no minimum age: the records being stored qualify but for being hidden)
      seen.reported = (await simulateTick(capturing(h.db), { minAgeSeconds: 0 })).reported
      // The same statement again, rolled back: the rows of mt_record its pick reads now that nothing visible waits.
      await h.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (analyze, format json) ${picked[0].text}`, picked[0].params)
        seen.read = recordRowsRead(rows[0]['QUERY PLAN'][0].Plan)
        throw new Error('rolled back')
      }).catch((e: Error) => expect(e.message).toBe('rolled back'))
      seen.rereadHidden = await countOf(h.db, 'select count(*)::int as n from mt_record m join send_storing s on s.batch_id = m.batch_id where m.mt_status <> 500')
    }), carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
    const res = await postForm(app, '/user/groupSend', tok.acme02, sendForm({ content: 'stored while reported' }, 'numbers', mobilesOf('137', n, 0).join('\n')))
    expect(res.status).toBe(200)
    // (a stray row or two of the index's edge at most, not the 4,000 stored so far)
    expect({ ...seen, read: seen.read <= 2 }).toEqual({ hidden: 2 * STORE_CHUNK, reported: 2, read: true, rereadHidden: 0 })
  })

  it('an immediate send: a list filtered on "waiting for a report" (all its records are) reads and counts around it', async () => {
    readNoneHidden(await listedMidway(async (db) => {
      const app = createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
      const res = await postForm(app, '/user/groupSend', tok.acme02, sendForm({ content: 'stored while filtered' }, 'numbers', mobilesOf('137', n, 0).join('\n')))
      expect(res.status).toBe(200)
    }, { path: '/mtRecord/list', only: 'and m.mt_status = 500', sort: { body: { status: '500' }, sql: 'm.receive_time desc, m.sn desc' } }))
  })

  it('two sends stored at once: they read and count around both', async () => {
    const send = (db: Db, content: string, prefix: string) => postForm(
      createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } }),
      '/user/groupSend', tok.acme02, sendForm({ content }, 'numbers', mobilesOf(prefix, n, 0).join('\n')))
    readNoneHidden(await listedMidway(async (db) => {
      // The first send stops two chunks in; the second starts then, and the lists run once it is two chunks in too.
      const first = await send(gatedBefore(h.db, 4, async () => expect((await send(db, 'second', '138')).status).toBe(200)), 'first', '137')
      expect(first.status).toBe(200)
    }), 4 * STORE_CHUNK)
  })

  it('a link send: the short-link records list does the same', async () => {
    readNoneHidden(await listedMidway(async (db) => {
      const app = createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
      const res = await postForm(app, '/shortChainTool/smsLinkGroupSend', tok.acme02,
        sendForm({ content: 'sale {link}', long_url: 'https://shop.example.com/sale' }, 'numbers', mobilesOf('137', n, 0).join('\n')))
      expect(res.status).toBe(200)
    }, { path: '/shortChainTool/list', only: 'and m.long_link is not null' }))
  })

  it('an immediate send: a download of the sent records counts and reads around it, its file holding what the list counts', async () => {
    const seen = await listedMidway(async (db) => {
      const app = createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
      const res = await postForm(app, '/user/groupSend', tok.acme02, sendForm({ content: 'stored while downloaded' }, 'numbers', mobilesOf('137', n, 0).join('\n')))
      expect(res.status).toBe(200)
    }, { path: '/mtRecord/download', only: '', csv: true })
    expect(seen.hidden).toBe(2 * STORE_CHUNK)
    expect(seen.totals).toEqual(seen.wanted)
    // The count, then the rows after the range and the rows before it, each read once (and the first read's end).
    seen.read.forEach((read, i) => expect(read, `download ${i}`).toBeLessThanOrEqual(2 * seen.wanted[i] + 40))
  })

  it('a due timed batch being sent: the same, around the records copied from its details so far', async () => {
    await h.db.query(
      `insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time)
       values ('TDUE1', 'acme02', 0, 0, 0, 'due while listed', $1, now() - interval '1 minute', now() - interval '1 hour')`, [n])
    await h.db.query(
      `insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
       select 'TDUE1', 'acme02', '139' || lpad(k::text, 8, '0'), 'due while listed', 0, now() - interval '1 minute', now()
       from generate_series(1, $1) k`, [n])
    readNoneHidden(await listedMidway(async (db) => expect(await runDueBatches(db)).toEqual(['TDUE1'])))
    expect(await countOf(h.db, "select count(*)::int as n from mt_record where content = 'due while listed'")).toBe(n)
  })
})
