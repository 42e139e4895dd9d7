import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import type { Db } from '../../db'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, countOf, mobilesOf, postForm, sendForm } from '../../test/send-kit'

const numbersOf = (n: number, from = 0) => mobilesOf('139', n, from).join('\n')

const form = (payload: Record<string, unknown>, numbers: string) => sendForm(payload, 'numbers', numbers)

const post = postForm


/** A Db whose Nth insert into mt_record throws, as a database failing mid-way would. */
function failingOn(db: Db, nth: number): Db {
  let inserts = 0
  const wrap = (d: Db): Db => ({
    ...d,
    query: (text, params) => {
      if (/insert into mt_record/i.test(text) && ++inserts === nth) return Promise.reject(new Error('injected failure'))
      return d.query(text, params)
    },
    transaction: (fn) => d.transaction((tx) => fn(wrap(tx))),
  })
  return wrap(db)
}

describe('routes/send/send', () => {
  describe('POST /user/groupSend', () => {
    let h: Harness
    let token: string
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      token = await h.tokenFor('acme02', 'Acme02@12345')
    })
    afterAll(() => h.close())
    const send = (payload: Record<string, unknown>, numbers: string, app = h.app) => post(app, '/user/groupSend', token, form(payload, numbers))

    it('stores the batch and every record, drops invalid and repeated numbers, and debits exactly', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const price = Number((await h.db.query<{ p: number }>("select price::float8 as p from customer_product where cus_id = 'acme02' and prod_type = 0")).rows[0].p)
      const content = '【艾克米】' + '验'.repeat(66) // 71 non-ASCII characters with the signature: 2 messages each
      const res = await send({ content }, `${numbersOf(10_000)}\n13900000000\n12345\n02088887777`)
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ numbers: 10_000, duplicates: 1, invalid: 2, messages: 20_000, timed: false, status: 500 })
      const cost = Math.round(20_000 * price * 1000) / 1000
      expect(res.data.cost).toBeCloseTo(cost, 3)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - cost, 3)
      expect(res.data.balance_after).toBeCloseTo(before - cost, 3)
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1 and mt_status = 500 and content = $2', [res.data.batch_id, content])).toBe(10_000)
      const batch = (await h.db.query<{ receive_count: number; batch_type: number }>('select receive_count, batch_type from sms_batch where batch_id = $1', [res.data.batch_id])).rows[0]
      expect(batch).toEqual({ receive_count: 10_000, batch_type: 1 })
    })

    it('refuses a send the balance cannot cover, with the message, storing and debiting nothing', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const batches = await countOf(h.db, 'select count(*)::int as n from sms_batch')
      const res = await send({ content: '【艾克米】' + 'x'.repeat(161) }, numbersOf(200_000, 30_000_000))
      expect(res).toMatchObject({ status: 400, msg: 'Insufficient balance' })
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
      expect(await countOf(h.db, 'select count(*)::int as n from sms_batch')).toBe(batches)
    })

    it('refuses a list without a valid number', async () => {
      expect(await send({ content: '【艾克米】hi' }, '123\nabc')).toMatchObject({ status: 400, msg: 'Invalid number format' })
    })

    it('stores nothing and debits nothing when the database fails mid-way', async () => {
      await h.db.query("update customer set balance = 5000 where cus_id = 'acme02'")
      const before = await balanceOf(h.db, 'acme02')
      const records = await countOf(h.db, 'select count(*)::int as n from mt_record')
      const broken = createApp({ db: failingOn(h.db, 2), carrier: h.carrier, config: { distDir: '/nonexistent-dist' } })
      const res = await send({ content: '【艾克米】hello' }, numbersOf(25_000, 50_000_000), broken)
      expect(res.status).toBe(500) // the second chunk's insert failed after the debit and the first chunk
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record')).toBe(records)
    })

    it('a retry with the same idempotency key returns the first reply without sending or billing again', async () => {
      const payload = { content: '【艾克米】retry me', idempotency_key: randomUUID() }
      const first = await send(payload, numbersOf(10, 60_000_000))
      const after = await balanceOf(h.db, 'acme02')
      const [again, third] = await Promise.all([send(payload, numbersOf(10, 60_000_000)), send(payload, numbersOf(10, 60_000_000))])
      expect(again.data).toEqual(first.data)
      expect(third.data).toEqual(first.data)
      expect(await balanceOf(h.db, 'acme02')).toBe(after)
      expect(await countOf(h.db, "select count(*)::int as n from mt_record where content = '【艾克米】retry me'")).toBe(10)
    })

    it('concurrent sends never take the balance below zero', async () => {
      await h.db.query("update customer set balance = 10 where cus_id = 'acme02'")
      const price = Number((await h.db.query<{ p: number }>("select price::float8 as p from customer_product where cus_id = 'acme02' and prod_type = 0")).rows[0].p)
      const perSend = Math.ceil(3 / price) // each send costs about 3 yuan: at most 3 of 6 fit in 10
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => send({ content: '【艾克米】concurrent' }, numbersOf(perSend, 70_000_000 + i * perSend))))
      const okCount = results.filter((r) => r.status === 200).length
      expect(results.every((r) => r.status === 200 || r.msg === 'Insufficient balance')).toBe(true)
      const balance = await balanceOf(h.db, 'acme02')
      expect(balance).toBeGreaterThanOrEqual(0)
      expect(balance).toBeCloseTo(10 - okCount * Math.round(perSend * price * 1000) / 1000, 3)
      expect(await countOf(h.db, "select count(*)::int as n from mt_record where content = '【艾克米】concurrent'")).toBe(okCount * perSend)
      await h.db.query("update customer set balance = 1250.5 where cus_id = 'acme02'")
    })

    it('content with a sensitive word waits for review (status 100, batch type 0)', async () => {
      const res = await send({ content: '【艾克米】正规发票代开' }, numbersOf(3, 80_000_000))
      expect(res.data.status).toBe(100)
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1 and mt_status = 100', [res.data.batch_id])).toBe(3)
      expect(await countOf(h.db, 'select batch_type::int as n from sms_batch where batch_id = $1', [res.data.batch_id])).toBe(0)
    })

    it('a timed send stores a timed batch and its details, unbilled until sent', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const timing = new Date(Date.now() + 11 * 60_000).toISOString()
      const res = await send({ content: '【艾克米】later', timing_time: timing }, numbersOf(5, 90_000_000))
      expect(res.data).toMatchObject({ timed: true, status: 0, numbers: 5, balance_after: before })
      expect(await countOf(h.db, 'select count(*)::int as n from time_mt_message where time_batch = $1 and send_status = 0', [res.data.batch_id])).toBe(5)
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
      expect((await send({ content: '【艾克米】too soon', timing_time: new Date(Date.now() + 5 * 60_000).toISOString() }, numbersOf(1))).status).toBe(400)
    })

    it('preview shows the first messages and the cost without storing anything', async () => {
      const records = await countOf(h.db, 'select count(*)::int as n from mt_record')
      const f = new FormData()
      f.set('payload', JSON.stringify({ content: '【艾克米】preview text' }))
      f.set('numbers', new Blob([numbersOf(30)]))
      const res = await post(h.app, '/user/groupPreview', token, f)
      expect(res.data.messages).toHaveLength(10)
      expect(res.data.messages[0]).toEqual({ mobile: '13900000000', content: '【艾克米】preview text', messages: 1 })
      expect(res.data.numbers).toBe(30)
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record')).toBe(records)
    })
  })
})
