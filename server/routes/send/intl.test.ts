import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db'
import { simulateTick } from '../../send/carrier-sim'
import { runDueBatches } from '../../send/scheduler'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, postForm, sendForm } from '../../test/send-kit'

// Seeded country prices per message: GB (44) 0.29, JP (81) 0.48, HK (852) 0.32. 999 is no calling code.
const GB = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `+44791${String(from + i).padStart(7, '0')}`)
const JP = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `0081901${String(from + i).padStart(7, '0')}`)
const UNKNOWN = '+999123456789'

const form = (payload: Record<string, unknown>, numbers: string[]) => sendForm({ cus_id: 'globex', ...payload }, 'numbers', numbers)
const post = postForm
type Counts = { sent_count: number; success_count: number; failure_count: number; unknown_count: number }
/** What one country's statistics row gained between two reads. */
function gained(now: Map<string, Counts>, before: Map<string, Counts>, iso: string): Counts {
  const a = now.get(iso)
  const b = before.get(iso)
  const d = (k: keyof Counts) => (a?.[k] ?? 0) - (b?.[k] ?? 0)
  return { sent_count: d('sent_count'), success_count: d('success_count'), failure_count: d('failure_count'), unknown_count: d('unknown_count') }
}
const one = async (db: Db, sql: string, params: unknown[] = []) => Number(Object.values((await db.query(sql, params)).rows[0])[0])

describe('routes/send/intl', () => {
  describe('POST /user/intlGroupSend', () => {
    let h: Harness
    let token: string
    let admin: string
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      token = await h.tokenFor('globex', 'Globex@12345')
      admin = await h.tokenFor('admin', 'Admin@12345')
    })
    afterAll(() => h.close())
    const send = (payload: Record<string, unknown>, numbers: string[], as = token) => post(h.app, '/user/intlGroupSend', as, form(payload, numbers))

    it('bills each number at its country price, counts an unknown calling code invalid, and stores country, price and sender id', async () => {
      const before = await balanceOf(h.db, 'globex')
      const content = 'x'.repeat(161) // ASCII: 2 messages of 160
      const res = await send({ content, sender_id: 'Globex' }, [...GB(3), ...JP(2), UNKNOWN, GB(1)[0]])
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ numbers: 5, invalid: 1, duplicates: 1, messages: 10, timed: false, status: 500 })
      const cost = Math.round((3 * 2 * 0.29 + 2 * 2 * 0.48) * 1000) / 1000
      expect(res.data.cost).toBeCloseTo(cost, 3)
      expect(await balanceOf(h.db, 'globex')).toBeCloseTo(before - cost, 3)
      const rows = (await h.db.query<{ mobile: string; country_code: string; price: number; prod_type: number }>(
        'select mobile, country_code, price::float8 as price, prod_type::int as prod_type from mt_record where batch_id = $1 order by sn', [res.data.batch_id])).rows
      expect(rows.map((r) => [r.mobile, r.country_code, r.price, r.prod_type])).toEqual([
        ...GB(3).map((m) => [m.slice(1), 'GB', 0.58, 1]), ...JP(2).map((m) => [m.slice(2), 'JP', 0.96, 1]),
      ])
      expect((await h.db.query('select sender_id, prod_type::int as p from sms_batch where batch_id = $1', [res.data.batch_id])).rows[0])
        .toEqual({ sender_id: 'Globex', p: 1 })
    })

    it('lists the records under international sent records with their country, and the price for holders of the permission', async () => {
      const res = await send({ content: 'listed' }, [...GB(2, 100), ...JP(1, 100)])
      const own = await h.call('/newMtRecord/list', { prod_type: 1, batch_id: res.data.batch_id, pageNumber: 1, pageSize: 20 }, { token, lang: 'en' })
      expect(own.data.total).toBe(3)
      expect(own.data.records.map((r: { country: string; countryName: string }) => `${r.country} ${r.countryName}`).sort())
        .toEqual(['GB United Kingdom', 'GB United Kingdom', 'JP Japan'])
      expect(own.data.records[0].priceStr).toBeUndefined()
      const byAdmin = await h.call('/newMtRecord/list', { prod_type: 1, batch_id: res.data.batch_id, pageNumber: 1, pageSize: 20 }, { token: admin })
      expect(byAdmin.data.records.map((r: { priceStr: string }) => r.priceStr).sort()).toEqual(['0.2900', '0.2900', '0.4800'])
      const ordinary = await h.call('/mtRecord/list', { batch_id: res.data.batch_id, pageNumber: 1, pageSize: 20 }, { token })
      expect(ordinary.data.total).toBe(0)
    })

    it('the statistics by country follow the reports', async () => {
      const stats = async () => {
        const r = await h.call('/dataGathering/countryList', { prod_type: 1, cus_id: 'globex', pageNumber: 1, pageSize: 50 }, { token })
        return new Map<string, Counts>(
          r.data.records.map((x: { country: string }) => [x.country, x]))
      }
      const reportAll = async () => {
        while ((await simulateTick(h.db, { minAgeSeconds: 0 })).reported > 0) { /* until no record waits */ }
      }
      await reportAll() // the earlier tests' sends, so only this one's reports arrive below
      const before = await stats()
      const res = await send({ content: 'reported' }, [...GB(4, 200), ...JP(3, 200)])
      expect(gained(await stats(), before, 'GB').sent_count).toBe(4)
      await reportAll()
      const now = await stats()
      for (const [iso, n] of [['GB', 4], ['JP', 3]] as const) {
        const ok = await one(h.db, 'select count(*)::int from mt_record where batch_id = $1 and country_code = $2 and mt_status = 0 and report_result = 0', [res.data.batch_id, iso])
        const d = gained(now, before, iso)
        expect(d.sent_count).toBe(n)
        expect(d.success_count).toBe(ok)
        expect(d.success_count + d.failure_count + d.unknown_count).toBe(n)
      }
    })

    it('refuses a sender id with symbols, and a send without an account, with the message', async () => {
      const batches = await one(h.db, 'select count(*)::int from sms_batch')
      expect(await send({ content: 'hi', sender_id: 'Glo-bex!' }, GB(1, 300)))
        .toMatchObject({ status: 400, msg: 'The sender ID may contain only letters and digits, at most 11' })
      expect(await send({ content: 'hi', sender_id: 'ABCDEFGHIJKL' }, GB(1, 300))).toMatchObject({ status: 400, msg: expect.stringContaining('sender ID') })
      expect(await send({ content: 'hi', cus_id: undefined }, GB(1, 300))).toMatchObject({ status: 400, msg: 'Choose the sending account' })
      expect(await send({ content: 'hi', cus_id: '' }, GB(1, 300))).toMatchObject({ status: 400, msg: 'Choose the sending account' })
      expect(await one(h.db, 'select count(*)::int from sms_batch')).toBe(batches)
    })

    it('refuses a list with no valid number, and an account without international sending', async () => {
      expect(await send({ content: 'hi' }, [UNKNOWN, '+4412'])).toMatchObject({ status: 400, msg: 'Invalid number format' })
      const acme02 = await h.tokenFor('acme02', 'Acme02@12345')
      expect((await send({ content: 'hi', cus_id: 'acme02' }, GB(1, 400), acme02)).status).toBe(403)
      expect((await send({ content: 'hi', cus_id: 'acme' }, GB(1, 400))).status).toBe(403) // not globex's sub-account
    })

    it('refuses a send the balance cannot cover at the country prices, storing and debiting nothing', async () => {
      await h.db.query("update customer set balance = 1 where cus_id = 'globex01'")
      const records = await one(h.db, "select count(*)::int from mt_record where cus_id = 'globex01'")
      // 3 × 0.29 = 0.87 fits in 1 at GB prices; 3 × 0.48 = 1.44 at JP prices does not.
      expect(await send({ content: 'poor', cus_id: 'globex01' }, JP(3, 500))).toMatchObject({ status: 400, msg: 'Insufficient balance' })
      expect(await balanceOf(h.db, 'globex01')).toBe(1)
      expect(await one(h.db, "select count(*)::int from mt_record where cus_id = 'globex01'")).toBe(records)
      expect((await send({ content: 'fits', cus_id: 'globex01' }, GB(3, 500))).status).toBe(200)
      expect(await balanceOf(h.db, 'globex01')).toBeCloseTo(0.13, 3)
    })

    it('a retry with the same idempotency key returns the first reply without sending or billing again', async () => {
      const payload = { content: 'retry intl', idempotency_key: randomUUID() }
      const first = await send(payload, [...GB(2, 600), ...JP(2, 600)])
      const after = await balanceOf(h.db, 'globex')
      const again = await Promise.all([send(payload, GB(2, 600)), send(payload, GB(2, 600))])
      expect(again.map((r) => r.data)).toEqual([first.data, first.data])
      expect(await balanceOf(h.db, 'globex')).toBe(after)
      expect(await one(h.db, "select count(*)::int from mt_record where content = 'retry intl'")).toBe(4)
    })

    it('a timed send is billed by country when the scheduler sends it, keeping country, price and sender id', async () => {
      const before = await balanceOf(h.db, 'globex')
      const timing = new Date(Date.now() + 11 * 60_000).toISOString()
      const res = await send({ content: 'later intl', sender_id: 'GLX2', timing_time: timing }, [...GB(2, 700), ...JP(1, 700)])
      expect(res.data).toMatchObject({ timed: true, status: 0, numbers: 3, balance_after: before })
      expect(res.data.cost).toBeCloseTo(2 * 0.29 + 0.48, 3)
      expect(await balanceOf(h.db, 'globex')).toBe(before)
      expect(await runDueBatches(h.db, { now: new Date(Date.now() + 12 * 60_000) })).toEqual([res.data.batch_id])
      expect(await balanceOf(h.db, 'globex')).toBeCloseTo(before - (2 * 0.29 + 0.48), 3)
      const rows = (await h.db.query<{ country_code: string; price: number; batch_id: string }>(
        "select country_code, price::float8 as price, batch_id from mt_record where content = 'later intl' order by country_code")).rows
      expect(rows.map((r) => [r.country_code, r.price])).toEqual([['GB', 0.29], ['GB', 0.29], ['JP', 0.48]])
      const batch = (await h.db.query('select sender_id, prod_type::int as p from sms_batch where batch_id = $1', [rows[0].batch_id])).rows[0]
      expect(batch).toEqual({ sender_id: 'GLX2', p: 1 })
    })

    it('preview shows the first messages and the cost per country without storing anything', async () => {
      const records = await one(h.db, 'select count(*)::int from mt_record')
      const f = form({ content: 'preview intl' }, [...GB(3, 800), ...JP(1, 800), UNKNOWN])
      const res = await post(h.app, '/user/intlGroupPreview', token, f)
      expect(res.data).toMatchObject({ numbers: 4, invalid: 1, total_messages: 4 })
      expect(res.data.cost).toBeCloseTo(3 * 0.29 + 0.48, 3)
      expect(res.data.by_country).toEqual([
        { iso: 'GB', calling_code: '44', numbers: 3, price: 0.29, messages: 3, cost: 0.87 },
        { iso: 'JP', calling_code: '81', numbers: 1, price: 0.48, messages: 1, cost: 0.48 },
      ])
      expect(res.data.messages[0]).toEqual({ mobile: GB(1, 800)[0].slice(1), content: 'preview intl', messages: 1 })
      expect(await one(h.db, 'select count(*)::int from mt_record')).toBe(records)
    })
  })
})
