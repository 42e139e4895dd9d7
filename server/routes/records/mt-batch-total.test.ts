import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { Carrier } from '../../carrier'
import type { Db } from '../../db'
import { storeBatchRow, storeRecords } from '../../send/store'
import { rowsRead } from '../../test/explain'
import { CAPTCHA, setup, type Harness } from '../../test/harness'

/*
 * A sent-record search by one batch takes its total from the batch's counters (sms_batch) when the search allows it,
 * equal to counting the records after sends, reports and a batch split across days; its page is a range of the
 * (batch_id, receive_time, sn) index, and another tenant's batch reads no record at all.
 */
const BIG = 4000

describe('routes/records/mt-batch-total', () => {
  describe('sent records of one batch', () => {
    let h: Harness
    let exact: ReturnType<typeof createApp>
    let traced: ReturnType<typeof createApp>
    const statements: { sql: string; params: unknown[] }[] = []
    const tok: Record<string, string> = {}
    const big = 'BTEST0000001'
    const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

    beforeAll(async () => {
      h = await setup({ historyRows: 3000 })
      const config = { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist' }
      exact = createApp({ db: h.db, carrier: new Carrier(), config: { ...config, listTotals: 'exact' } })
      const tracing: Db = { ...h.db, query: (t, p, o) => (statements.push({ sql: t, params: p ?? [] }), h.db.query(t, p, o)) }
      traced = createApp({ db: tracing, carrier: new Carrier(), config })
      Object.assign(tok, await h.tokensFor('admin', 'acme', 'acme01', 'globex'))
      // A send as the send path stores it (store.ts): the batch row with its counters, then its records.
      const mobiles = Array.from({ length: BIG }, (_, i) => `139${String(i).padStart(8, '0')}`)
      await h.db.transaction(async (tx) => {
        const b = { batchId: big, cusId: 'acme01', prodType: 0, batchType: 1 as const, content: '【艾克米】批次测试', mobiles, contents: '【艾克米】批次测试', unitPrice: 0.05, review: false }
        const { status, now } = await storeBatchRow(tx, b)
        await storeRecords(tx, b, status, now)
      })
      // Reports arrive (the counters follow them in sms_batch_report_trigger): successes, failures, time-outs.
      await h.db.query(`update mt_record set mt_status = 0, report_result = 0 where batch_id = $1 and sn % 10 < 6`, [big])
      await h.db.query(`update mt_record set mt_status = 0, report_result = 3 where batch_id = $1 and sn % 10 = 6`, [big])
      await h.db.query(`update mt_record set mt_status = 17 where batch_id = $1 and sn % 10 = 7`, [big])
      await h.db.query(`update mt_record set mt_status = 600 where batch_id = $1 and sn % 10 = 8`, [big])
      await h.db.exec('analyze mt_record; analyze sms_batch')
    })
    afterAll(() => h.close())

    const list = async (app: { request: typeof exact.request }, token: string, body: object) => {
      const res = await app.request('/api/mtRecord/list', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...body }),
      })
      const json = (await res.json()) as { code: number; data: { total: number; records: { sn: number }[] } }
      expect(json.code).toBe(200)
      return json.data
    }
    const both = async (who: string, body: object) => {
      const [fast, counted] = await Promise.all([list(h.app, tok[who], body), list(exact, tok[who], body)])
      expect({ who, body, total: fast.total, records: fast.records }).toEqual({ who, body, total: counted.total, records: counted.records })
      return fast.total
    }
    const statuses = [{}, { status: 0 }, { status: 700 }, { status: 100 }, { status: 500 }, { status: 600 }]

    it('equals the exact count for every account kind, status and window, over the seed batches and a stored send', async () => {
      const { rows } = await h.db.query<{ batch_id: string; day: string }>(
        `select batch_id, to_char(min(receive_time) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from mt_record
         where batch_id is not null and prod_type = 0 group by batch_id order by count(*) desc, batch_id limit 6`)
      let counted = 0
      for (const { batch_id, day } of [...rows, { batch_id: big, day: today() }]) {
        const windows = [{}, { start_time: '2000-01-01' }, { start_time: day, end_time: today() }, { start_time: `${day} 12:00`, end_time: today() }, { end_time: day, start_time: day }]
        for (const who of ['admin', 'acme', 'acme01', 'globex']) {
          for (const w of windows) {
            for (const s of statuses) if ((await both(who, { batch_id, ...w, ...s })) > 0) counted++
          }
        }
      }
      expect(counted).toBeGreaterThan(60)
      expect(await both('admin', { batch_id: big, start_time: '2000-01-01' })).toBe(BIG)
    })

    it('reads the total from the batch row when the window holds the whole batch, and counts otherwise', async () => {
      const body = { batch_id: big, start_time: today() }
      const before = await list(h.app, tok.acme01, body)
      // Counters no record backs: only a total read from the batch row can see them.
      const bump = 'receive_count = receive_count + 1000, failure_count = failure_count + 7, unknown_count = unknown_count + 5, timeout_count = timeout_count + 3'
      await h.db.query(`update sms_batch set ${bump} where batch_id = $1`, [big])
      try {
        expect((await list(h.app, tok.acme01, body)).total).toBe(before.total + 1000)
        expect((await list(h.app, tok.acme, { ...body, status: 700 })).total).toBe((await list(exact, tok.acme, { ...body, status: 700 })).total + 7)
        // Waiting and time-out apart (timeout_count): unknown_count less the time-outs, and the time-outs.
        expect((await list(h.app, tok.acme, { ...body, status: 500 })).total).toBe((await list(exact, tok.acme, { ...body, status: 500 })).total + 2)
        expect((await list(h.app, tok.acme, { ...body, status: 600 })).total).toBe((await list(exact, tok.acme, { ...body, status: 600 })).total + 3)
        for (const other of [{ mobile: '13900000005' }, { content: '批次' }, { start_time: '2000-01-01', end_time: '2000-01-02' }]) {
          expect((await list(h.app, tok.acme01, { ...body, ...other })).total).toBe((await list(exact, tok.acme01, { ...body, ...other })).total)
        }
        expect((await list(exact, tok.acme01, body)).total).toBe(BIG)
      } finally {
        await h.db.query(`update sms_batch set ${bump.replaceAll('+', '-')} where batch_id = $1`, [big])
      }
    })

    it('counts a batch split across days within the window and reads the counter when the window holds both days', async () => {
      // Half of the batch a day earlier (mt_daily's triggers follow), as a send stored over midnight would be.
      await h.db.query(`update mt_record set receive_time = receive_time - interval '1 day' where batch_id = $1 and sn % 2 = 0`, [big])
      try {
        const yesterday = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10)
        for (const w of [{ start_time: today() }, { start_time: yesterday, end_time: yesterday }, { start_time: yesterday }, {}]) {
          for (const s of statuses) await both('acme', { batch_id: big, ...w, ...s })
        }
        expect((await list(h.app, tok.acme, { batch_id: big, start_time: today() })).total).toBe(BIG / 2)
        expect((await list(h.app, tok.acme, { batch_id: big, start_time: yesterday })).total).toBe(BIG)
      } finally {
        await h.db.query(`update mt_record set receive_time = receive_time + interval '1 day' where batch_id = $1 and sn % 2 = 0`, [big])
      }
    })

    const readBy = async (who: string, body: object) => {
      statements.length = 0
      const page = await list(traced, tok[who], body)
      const q = statements.find((s) => s.sql.includes('mt_record m'))!
      return { page, read: await rowsRead(h.db, 'mt_record', q.sql, q.params) }
    }

    it('reads a page of the batch and its total from the index and the batch row, not every record of the batch', async () => {
      for (const who of ['admin', 'acme', 'acme01']) {
        const { page, read } = await readBy(who, { batch_id: big, start_time: today() })
        expect(page.total).toBe(BIG)
        expect(page.records).toHaveLength(20)
        // The page's 20 and the batch's two ends (the session check reads none): far from the batch's 4,000.
        expect({ who, read }).toEqual({ who, read: 22 })
      }
      // Sorted the other way, the page is the index read forwards.
      const asc = await readBy('acme', { batch_id: big, start_time: today(), orderBy: 'receive_time', order: 'asc' })
      expect(asc.read).toBe(22)
    })

    it("reads no record of another tenant's or another product's batch", async () => {
      for (const [who, body] of [['globex', { batch_id: big, start_time: '2000-01-01' }], ['globex', { batch_id: big, status: 500 }],
        ['admin', { batch_id: big, cus_id: 'globex', start_time: '2000-01-01', mobile: '13900000005' }]] as const) {
        const { page, read } = await readBy(who, body)
        // (at most the batch's two ends, probed for the total)
        expect({ who, body, total: page.total, records: page.records, few: read <= 2 }).toEqual({ who, body, total: 0, records: [], few: true })
      }
      const video = await h.app.request('/api/newMtRecord/list', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.acme}` },
        body: JSON.stringify({ pageNumber: 1, pageSize: 20, prod_type: 2, batch_id: big, start_time: '2000-01-01' }),
      })
      expect(((await video.json()) as { data: { total: number } }).data.total).toBe(0)
    })
  })
})
