import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { P2P_SEND_PATH } from '../../../src/domain/send'
import type { Db } from '../../db'
import { runDueBatches } from '../../send/scheduler'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, countOf, postForm, sendForm } from '../../test/send-kit'

const form = (payload: Record<string, unknown>, rows: string) => sendForm(payload, 'rows', rows)

const post = postForm

const recordsOf = async (db: Db, batchId: string) =>
  (await db.query<{ mobile: string; content: string }>('select mobile, content from mt_record where batch_id = $1 order by mobile', [batchId])).rows

describe('routes/send/p2p', () => {
  describe(`POST ${P2P_SEND_PATH}`, () => {
    let h: Harness
    let token: string
    let price: number
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      token = await h.tokenFor('acme02', 'Acme02@12345')
      price = Number((await h.db.query<{ p: number }>("select price::float8 as p from customer_product where cus_id = 'acme02' and prod_type = 0")).rows[0].p)
    })
    afterAll(() => h.close())
    const send = (payload: Record<string, unknown>, rows: string) => post(h.app, P2P_SEND_PATH, token, form(payload, rows))

    // A domestic text starts with its 【signature】, so it is never all ASCII: 70 characters a message.
    it('fills each row into the template and debits exactly the messages of each filled row (the 70 rule)', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const template = '【艾克米】Hi {p1}: {p2}' // 10 fixed characters: the signature's 5 and 5 ASCII
      const rows = [
        ['13900000001', 'Ann', 'x'.repeat(57)], // 10 + 3 + 57 = 70: 1 message
        ['13900000002', 'Bob', 'x'.repeat(58)], // 71: 2 messages
        ['13900000003', '李', 'y'.repeat(59)], // 10 + 1 + 59 = 70: 1 message
        ['13900000004', '李雷', 'y'.repeat(59)], // 71: 2 messages
        ['13900000005', '😀', 'z'.repeat(130)], // 141 code points with an emoji (one code point): 3 messages
      ]
      const res = await send({ template }, rows.map((r) => r.join('\t')).join('\n'))
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ numbers: 5, invalid: 0, duplicates: 0, messages: 9, timed: false, status: 500 })
      const cost = Math.round(9 * price * 1000) / 1000
      expect(res.data.cost).toBeCloseTo(cost, 3)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - cost, 3)
      const records = await recordsOf(h.db, res.data.batch_id)
      expect(records.map((r) => r.content)).toEqual(rows.map((r) => `【艾克米】Hi ${r[1]}: ${r[2]}`))
      const batch = (await h.db.query<{ batch_type: number; content: string }>('select batch_type::int as batch_type, content from sms_batch where batch_id = $1', [res.data.batch_id])).rows[0]
      expect(batch).toEqual({ batch_type: 2, content: template })
    })

    it('drops and counts invalid mobiles, keeps the first row of a repeated mobile, and leaves missing values empty', async () => {
      const rows = ['139-0000-0011\tfirst\tA', '12345\tbad', '13900000011\tsecond\tB', '\tno mobile', '+8613900000012\tonly one value', '13900000013']
      const res = await send({ template: '【艾克米】{p1}/{p2}/{p1}' }, `${rows.join('\r\n')}\n`)
      expect(res.data).toMatchObject({ numbers: 3, invalid: 2, duplicates: 1 })
      expect(await recordsOf(h.db, res.data.batch_id)).toEqual([
        { mobile: '13900000011', content: '【艾克米】first/A/first' },
        { mobile: '13900000012', content: '【艾克米】only one value//only one value' },
        { mobile: '13900000013', content: '【艾克米】//' },
      ])
    })

    it('a sensitive word in a row value sends the batch to review', async () => {
      const res = await send({ template: '【艾克米】您好 {p1}' }, '13900000021\t张三\n13900000022\t正规发票代开')
      expect(res.data.status).toBe(100)
      expect(await countOf(h.db, 'select batch_type::int as n from sms_batch where batch_id = $1', [res.data.batch_id])).toBe(0)
    })

    it('a retry with the same idempotency key returns the first reply without sending or billing again', async () => {
      const payload = { template: '【艾克米】retry {p1}', idempotency_key: randomUUID() }
      const rows = '13900000031\ta\n13900000032\tb'
      const first = await send(payload, rows)
      const after = await balanceOf(h.db, 'acme02')
      const again = await send(payload, rows)
      expect(again.data).toEqual(first.data)
      expect(await balanceOf(h.db, 'acme02')).toBe(after)
      expect(await countOf(h.db, "select count(*)::int as n from mt_record where content like '【艾克米】retry %'")).toBe(2)
    })

    it('refuses a send the balance cannot cover, storing and debiting nothing', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const batches = await countOf(h.db, 'select count(*)::int as n from sms_batch')
      const records = await countOf(h.db, 'select count(*)::int as n from mt_record')
      const rows = Array.from({ length: 20_000 }, (_, i) => `139${String(1_000_000 + i).padStart(8, '0')}\t${'长'.repeat(200)}`).join('\n')
      const res = await send({ template: '【艾克米】{p1}' }, rows)
      expect(res).toMatchObject({ status: 400, msg: 'Insufficient balance' })
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
      expect(await countOf(h.db, 'select count(*)::int as n from sms_batch')).toBe(batches)
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record')).toBe(records)
    })

    it('refuses rows without a valid mobile', async () => {
      expect(await send({ template: '【艾克米】x {p1}' }, '123\tA\nabc\tB')).toMatchObject({ status: 400, msg: 'Invalid number format' })
    })

    it('a timed send stores each row filled, unbilled, and the scheduler sends those contents when due', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const due = new Date(Date.now() + 11 * 60_000)
      const res = await send({ template: '【艾克米】later {p1}', timing_time: due.toISOString() }, '13900000041\tone\n13900000042\t二')
      expect(res.data).toMatchObject({ timed: true, status: 0, numbers: 2, messages: 2, balance_after: before })
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
      const sent = await runDueBatches(h.db, { now: new Date(due.getTime() + 60_000) })
      expect(sent).toContain(res.data.batch_id)
      const { rows } = await h.db.query<{ batch_id: string; batch_type: number }>(
        "select batch_id, batch_type::int as batch_type from sms_batch where content = '【艾克米】later {p1}'")
      expect(rows).toHaveLength(1)
      expect(rows[0].batch_type).toBe(2)
      expect(await recordsOf(h.db, rows[0].batch_id)).toEqual([
        { mobile: '13900000041', content: '【艾克米】later one' },
        { mobile: '13900000042', content: '【艾克米】later 二' },
      ])
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - Math.round(2 * price * 1000) / 1000, 3)
    })

    it('/user/groupPreview with a rows part shows the first filled messages and the totals, storing nothing', async () => {
      const records = await countOf(h.db, 'select count(*)::int as n from mt_record')
      const rows = Array.from({ length: 12 }, (_, i) => `139000001${String(i).padStart(2, '0')}\tname${i}`)
      const f = new FormData()
      f.set('payload', JSON.stringify({ template: '【艾克米】Dear {p1}, {p2}!' }))
      f.set('rows', new Blob([[...rows, '13900000100\tagain', 'bad'].join('\n')]))
      const res = await post(h.app, '/user/groupPreview', token, f)
      expect(res.status).toBe(200)
      expect(res.data.messages).toHaveLength(10)
      expect(res.data.messages[0]).toEqual({ mobile: '13900000100', content: '【艾克米】Dear name0, !', messages: 1 })
      expect(res.data).toMatchObject({ numbers: 12, invalid: 1, duplicates: 1, total_messages: 12 })
      expect(res.data.cost).toBeCloseTo(Math.round(12 * price * 1000) / 1000, 3)
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record')).toBe(records)
    })
  })
})
