import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { Carrier } from '../../carrier'
import { CAPTCHA, setup, type Harness } from '../../test/harness'

/*
 * Sent-record list totals come from the daily rollups when the search allows it, and equal what counting the
 * records gives for every combination; searches the rollups cannot answer exactly are still counted.
 */
describe('routes/records/mt-total', () => {
  describe('sent-record list totals', () => {
    let h: Harness
    let exact: ReturnType<typeof createApp>
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 3000 })
      exact = createApp({ db: h.db, carrier: new Carrier(), config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist', listTotals: 'exact' } })
      Object.assign(tok, await h.tokensFor('admin', 'acme', 'acme01', 'globex'))
    })
    afterAll(() => h.close())

    const total = async (app: { request: typeof exact.request }, path: string, token: string, body: object) => {
      const res = await app.request(`/api${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...body }),
      })
      const json = (await res.json()) as { code: number; data: { total: number; records: unknown[] } }
      expect(json.code).toBe(200)
      return json.data
    }

    const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 - offset * 86_400_000).toISOString().slice(0, 10)
    const month = day(20).slice(0, 7).replace('-', '')
    const windows = [
      { start_time: day(6), end_time: day(0) },
      { start_time: `${day(29)} 00:00:00`, end_time: day(3) },
      { start_time: day(89) },
      { month },
      { month, start_time: day(25) },
      {},
      { start_time: `${day(6)} 12:00`, end_time: day(0) },
      { start_time: day(6), end_time: `${day(0)} 18:00:00` },
      { start_time: `${day(29)} 08:30`, end_time: `${day(2)} 09:15:30` },
      { start_time: `${day(3)} 10:00`, end_time: `${day(3)} 16:00` },
      { month, start_time: `${day(25)} 13:00` },
    ]
    const filters = [{}, { status: 0 }, { status: 700 }, { status: 100 }, { status: 500 }, { status: 600 }, { mobile: '13800138000' }, { content: '验证码' }]

    it('equals the exact count for every account kind, window and filter, for ordinary and international records', async () => {
      let compared = 0
      for (const [who, path, extra] of [['admin', '/mtRecord/list', {}], ['admin', '/mtRecord/list', { cus_id: 'acme01' }], ['acme', '/mtRecord/list', {}],
        ['acme01', '/mtRecord/list', {}], ['globex', '/newMtRecord/list', { prod_type: 1 }], ['admin', '/newMtRecord/list', { prod_type: 1, country: 'us' }]] as const) {
        for (const w of windows) {
          for (const f of filters) {
            const body = { ...extra, ...w, ...f }
            const [fast, counted] = await Promise.all([total(h.app, path, tok[who], body), total(exact, path, tok[who], body)])
            expect({ who, body, total: fast.total, records: fast.records }).toEqual({ who, body, total: counted.total, records: counted.records })
            if (counted.total > 0) compared++
          }
        }
      }
      expect(compared).toBeGreaterThan(100)
    })

    it('reads whole days from mt_daily and counts records for part days (the default window\'s first), mobile, content, batch and waiting status', async () => {
      const body = { start_time: day(6), end_time: day(0) }
      const partDay = { start_time: `${day(6)} 00:00:01`, end_time: day(0) }
      const before = await total(h.app, '/mtRecord/list', tok.acme01, body)
      const beforeMobile = await total(h.app, '/mtRecord/list', tok.acme01, { ...body, mobile: '13800138000' })
      const beforePartDay = await total(h.app, '/mtRecord/list', tok.acme01, partDay)
      const beforeDefault = await total(h.app, '/mtRecord/list', tok.acme01, {})
      // Rollup rows that no record backs: only a total read from the rollups can see them. Day 1 is a whole day of
      // both windows; day 6 is the part day of partDay, whose records are counted instead.
      await h.db.query(`insert into mt_daily (cus_id, prod_type, day, country, receive_count) values
        ('acme01', 0, $1::date, 'ZZ', 1000), ('acme01', 0, $2::date, 'ZZ', 20000)`, [day(1), day(6)])
      try {
        expect((await total(h.app, '/mtRecord/list', tok.acme01, body)).total).toBe(before.total + 21_000)
        expect((await total(h.app, '/mtRecord/list', tok.acme01, partDay)).total).toBe(beforePartDay.total + 1000)
        expect((await total(h.app, '/mtRecord/list', tok.acme01, { ...body, mobile: '13800138000' })).total).toBe(beforeMobile.total)
        // No window (the last 7 x 24 hours, from inside day 7): days 1 and 6 are whole days of it.
        expect((await total(h.app, '/mtRecord/list', tok.acme01, {})).total).toBe(beforeDefault.total + 21_000)
        expect((await total(h.app, '/mtRecord/list', tok.acme01, { ...body, status: 500 })).total)
          .toBe((await total(exact, '/mtRecord/list', tok.acme01, { ...body, status: 500 })).total)
        expect((await total(exact, '/mtRecord/list', tok.acme01, body)).total).toBe(before.total)
      } finally {
        await h.db.query(`delete from mt_daily where country = 'ZZ'`)
      }
    })

    it('remembers a counted total per tenant and search for listCountCacheMs, and never a rollup total', async () => {
      const cached = createApp({ db: h.db, carrier: new Carrier(), config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist', listCountCacheMs: 60_000 } })
      const body = { start_time: day(6), end_time: day(0), mobile: '13912345678' }
      const whole = { start_time: day(6), end_time: day(0) }
      const first = await total(cached, '/mtRecord/list', tok.acme01, body)
      const firstWhole = await total(cached, '/mtRecord/list', tok.acme01, whole)
      await h.db.query(`insert into mt_record (cus_id, prod_type, mobile, content, price, mt_status, receive_time) values ('acme01', 0, '13912345678', 'x', 0.05, 500, now())`)
      try {
        const again = await total(cached, '/mtRecord/list', tok.acme01, body)
        expect(again.total).toBe(first.total)
        // The page itself is read fresh: the new record is on it even while the total is remembered.
        expect(again.records).toHaveLength(first.records.length + 1)
        expect((await total(cached, '/mtRecord/list', tok.admin, body)).total).toBe(first.total + 1)
        expect((await total(cached, '/mtRecord/list', tok.acme01, whole)).total).toBe(firstWhole.total + 1)
      } finally {
        await h.db.query(`delete from mt_record where mobile = '13912345678'`)
      }
    })
  })
})
