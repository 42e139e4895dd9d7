import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { Carrier } from '../../carrier'
import type { Db } from '../../db'
import { storeTimed } from '../../send/store'
import { rowsRead } from '../../test/explain'
import { CAPTCHA, setup, type Harness } from '../../test/harness'

/*
 * Timed details over a large timed batch: the first page of every filter is an index range in list order (timing
 * time desc, sn desc), one batch's total comes from its row when the search is the batch alone, and another
 * tenant's batch reads nothing.
 */
const BIG = 4000

describe('routes/lists/timed-details', () => {
  describe('timed details of a large batch', () => {
    let h: Harness
    let traced: ReturnType<typeof createApp>
    const statements: { sql: string; params: unknown[] }[] = []
    const tok: Record<string, string> = {}
    let big = ''
    const tomorrow = () => new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10)

    beforeAll(async () => {
      h = await setup({ historyRows: 3000 })
      const tracing: Db = { ...h.db, query: (t, p, o) => (statements.push({ sql: t, params: p ?? [] }), h.db.query(t, p, o)) }
      traced = createApp({ db: tracing, carrier: new Carrier(), config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist' } })
      Object.assign(tok, await h.tokensFor('admin', 'acme', 'acme01', 'globex'))
      const mobiles = Array.from({ length: BIG }, (_, i) => `137${String(i).padStart(8, '0')}`)
      const timing = new Date(Date.now() + 86_400_000).toISOString()
      // As the send path schedules it (store.ts): the batch row, then its details, all with the batch's timing time.
      big = (await h.db.transaction((tx) => storeTimed(tx, {
        cusId: 'acme01', prodType: 0, kind: 'group', content: '【艾克米】定时测试', mobiles, contents: '【艾克米】定时测试', timing, cost: 0,
      }))).batch_id
      await h.db.exec('analyze time_mt_message; analyze time_batch')
    })
    afterAll(() => h.close())

    const list = async (who: string, body: object) => {
      statements.length = 0
      const res = await traced.request('/api/timeMtMessage/list', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tok[who]}` }, body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...body }),
      })
      const json = (await res.json()) as { code: number; data: { total: number; records: { sn: number; time_batch: string }[] } }
      expect(json.code).toBe(200)
      const q = statements.find((s) => s.sql.includes('time_mt_message m'))!
      return { ...json.data, read: await rowsRead(h.db, 'time_mt_message', q.sql, q.params) }
    }
    const counted = async (cond: string, params: unknown[]) =>
      (await h.db.query<{ n: number }>(`select count(*)::int as n from time_mt_message where ${cond}`, params)).rows[0].n

    it('reads a page of 20 and the batch row for one batch, by every account that may see it, in either order', async () => {
      for (const who of ['admin', 'acme', 'acme01']) {
        for (const order of [{}, { orderBy: 'timing_time', order: 'asc' }, { orderBy: 'sn', order: 'desc' }]) {
          const page = await list(who, { time_batch: big, ...order })
          expect({ who, order, total: page.total, n: page.records.length }).toEqual({ who, order, total: BIG, n: 20 })
          expect(page.records.every((r) => r.time_batch === big)).toBe(true)
          // The page's 20 and the batch's two ends: not the batch's 4,000.
          expect({ who, order, read: page.read }).toEqual({ who, order, read: 22 })
        }
      }
    })

    it('reads the details of one mobile through its index, and the newest page of all details in order', async () => {
      const mobile = '13700000042'
      const one = await list('acme', { mobile })
      expect(one.total).toBe(await counted('mobile = $1', [mobile]))
      expect(one.records).toHaveLength(1)
      // The page and the count each read the mobile's one detail.
      expect(one.read).toBeLessThanOrEqual(2)
      const inBatch = await list('acme01', { time_batch: big, mobile })
      expect([inBatch.total, inBatch.read <= 2]).toEqual([1, true])
      // With no filter every detail is counted; the page itself is read in order from the time index.
      const all = await list('admin', {})
      expect(all.total).toBe(await counted('true', []))
      expect(all.read).toBeLessThanOrEqual(all.total + 20)
      const { rows } = await h.db.query<{ sn: number }>('select sn from time_mt_message order by timing_time desc, sn desc limit 20')
      expect(all.records.map((r) => Number(r.sn))).toEqual(rows.map((r) => Number(r.sn)))
    })

    it('takes the total from the batch row only when the search is the batch alone, and counts otherwise', async () => {
      await h.db.query('update time_batch set batch_count = batch_count + 1000 where time_batch = $1', [big])
      // Half the details a day later: a window can now hold part of the batch.
      await h.db.query(`update time_mt_message set timing_time = timing_time + interval '1 day' where time_batch = $1 and sn % 2 = 0`, [big])
      try {
        expect((await list('acme', { time_batch: big })).total).toBe(BIG + 1000)
        expect((await list('acme', { time_batch: big, start_time: '2000-01-01' })).total).toBe(BIG + 1000)
        expect((await list('acme', { time_batch: big, end_time: tomorrow() })).total).toBe(BIG / 2)
        // A status every detail has: the row's count too (time_mt_message_batch_status_idx); one none has: 0.
        expect((await list('acme01', { time_batch: big, send_status: 0 })).total).toBe(BIG + 1000)
        expect((await list('acme01', { time_batch: big, send_status: 1 })).total).toBe(0)
        expect((await list('acme01', { time_batch: big, prod_type: 0 })).total).toBe(BIG + 1000)
        expect((await list('acme01', { time_batch: big, prod_type: 2 })).total).toBe(0)
      } finally {
        await h.db.query('update time_batch set batch_count = batch_count - 1000 where time_batch = $1', [big])
        await h.db.query(`update time_mt_message set timing_time = timing_time - interval '1 day' where time_batch = $1 and sn % 2 = 0`, [big])
      }
      // A seeded batch, by its owner and the administrator: the row's count is the details'.
      const { rows } = await h.db.query<{ time_batch: string; cus_id: string }>(
        `select time_batch, cus_id from time_batch where time_batch <> $1 and cus_id = 'acme' order by batch_count desc limit 1`, [big])
      for (const who of ['admin', 'acme']) {
        expect((await list(who, { time_batch: rows[0].time_batch })).total).toBe(await counted('time_batch = $1', [rows[0].time_batch]))
      }
    })

    it('sums the batches for a search with no mobile, equal to counting the details, and counts the others', async () => {
      const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
      const scopes: Record<string, [string, unknown[]]> = {
        admin: ['true', []], acme: [`cus_id in ('acme', 'acme01', 'acme02')`, []], acme01: [`cus_id = 'acme01'`, []], globex: [`cus_id like 'globex%'`, []],
      }
      const searches: [object, string][] = [
        [{}, 'true'], [{ prod_type: 0 }, `time_batch in (select time_batch from time_batch where prod_type = 0)`],
        [{ prod_type: 2 }, `time_batch in (select time_batch from time_batch where prod_type = 2)`],
        [{ start_time: day }, `timing_time >= ('${day}'::timestamp at time zone 'Asia/Shanghai')`],
        [{ end_time: day }, `timing_time < (('${day}'::date + 1)::timestamp at time zone 'Asia/Shanghai')`],
        [{ send_status: 1 }, 'send_status = 1'], [{ send_status: 4 }, 'send_status >= 4 and send_status <> 5'], [{ send_status: 5 }, 'send_status = 5'], [{ mobile: '13700000042' }, `mobile = '13700000042'`],
      ]
      for (const [who, [scope]] of Object.entries(scopes)) {
        for (const [body, cond] of searches) {
          expect({ who, body, total: (await list(who, body)).total }).toEqual({ who, body, total: await counted(`${scope} and ${cond}`, []) })
        }
      }
      expect((await list('admin', { cus_id: 'globex' })).total).toBe(await counted(`cus_id = 'globex'`, []))
      // A count no detail backs: only a total summed from the batch rows can see it.
      const before = await list('acme', {})
      await h.db.query('update time_batch set batch_count = batch_count + 1000 where time_batch = $1', [big])
      try {
        expect((await list('acme', {})).total).toBe(before.total + 1000)
        expect((await list('globex', {})).total).toBe(await counted(scopes.globex[0], []))
        // A status filter sums the rows too (its batch's details are all to be sent); a mobile is counted.
        expect((await list('acme', { send_status: 0 })).total).toBe(await counted(`${scopes.acme[0]} and send_status = 0`, []) + 1000)
        expect((await list('acme', { mobile: '13700000042' })).total).toBe(await counted(`${scopes.acme[0]} and mobile = '13700000042'`, []))
      } finally {
        await h.db.query('update time_batch set batch_count = batch_count - 1000 where time_batch = $1', [big])
      }
    })

    it('totals a status filter from the batch rows, reading no detail of a batch whose details share one status, and counts a mixed batch', async () => {
      const page = await list('acme01', { time_batch: big, send_status: 0 })
      // The page's 20 and a probe or two of the (time_batch, send_status) index: not the batch's 4,000.
      expect({ total: page.total, few: page.read <= 24 }).toEqual({ total: BIG, few: true })
      expect((await list('acme01', { send_status: 0 })).read).toBeLessThan(BIG)
      // Some paused (as no operation does: they move with their batch), some left out as opted out when it was sent.
      await h.db.query('update time_mt_message set send_status = 2 where time_batch = $1 and sn % 10 = 3', [big])
      await h.db.query('update time_mt_message set send_status = 5 where time_batch = $1 and sn % 20 = 7', [big])
      try {
        const failed = 'send_status >= 4 and send_status <> 5'
        for (const [status, cond] of [[0, 'send_status = 0'], [2, 'send_status = 2'], [4, failed], [5, 'send_status = 5'], [1, 'send_status = 1']] as const) {
          for (const body of [{ time_batch: big, send_status: status }, { send_status: status }, { send_status: status, start_time: '2000-01-01' }]) {
            const scope = body.time_batch ? `time_batch = '${big}'` : `cus_id = 'acme01'`
            expect({ body, total: (await list('acme01', body)).total }).toEqual({ body, total: await counted(`${scope} and ${cond}`, []) })
          }
        }
        expect((await list('acme01', { time_batch: big, send_status: 2 })).total).toBe(BIG / 10)
        // The opted-out details are their own choice, and no longer among the failed.
        expect((await list('acme01', { time_batch: big, send_status: 5 })).total).toBe(BIG / 20)
        expect((await list('acme01', { time_batch: big, send_status: 4 })).total).toBe(0)
      } finally {
        await h.db.query('update time_mt_message set send_status = 0 where time_batch = $1 and send_status in (2, 5)', [big])
      }
    })

    it("downloads one batch's numbers, and another tenant's batch as an empty file reading none of its details", async () => {
      const download = async (who: string) => {
        statements.length = 0
        const res = await traced.request('/api/pageTimeBatch/mobileDownload', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tok[who]}` }, body: JSON.stringify({ time_batch: big, format: 'csv' }),
        })
        expect(res.status).toBe(200)
        const lines = (await res.text()).split('\n').filter(Boolean).length - 1
        const mine = statements.filter((s) => s.sql.includes('time_mt_message m'))
        const read = (await Promise.all(mine.map((q) => rowsRead(h.db, 'time_mt_message', q.sql, q.params)))).reduce((a, b) => a + b, 0)
        return { total: Number(res.headers.get('x-total-count')), lines, detailsRead: read }
      }
      const mine = await download('acme01')
      expect({ total: mine.total, lines: mine.lines }).toEqual({ total: BIG, lines: BIG })
      expect(await download('globex')).toEqual({ total: 0, lines: 0, detailsRead: 0 })
    })

    it("reads no detail of another tenant's batch", async () => {
      for (const body of [{ time_batch: big }, { time_batch: big, mobile: '13700000042' }, { time_batch: big, send_status: 0 }]) {
        const page = await list('globex', body)
        // (at most the batch's two ends, probed for the total)
        expect({ body, total: page.total, records: page.records, few: page.read <= 2 }).toEqual({ body, total: 0, records: [], few: true })
      }
    })
  })
})
