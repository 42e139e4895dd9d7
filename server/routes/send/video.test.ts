import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { videoSmsText } from '../../../src/domain/send-video'
import type { Db } from '../../db'
import { runDueBatches } from '../../send/scheduler'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, countOf, mobilesOf, sendForm } from '../../test/send-kit'

const numbersOf = (n: number, from = 0) => mobilesOf('135', n, from).join('\n')

const form = (payload: Record<string, unknown>, numbers: string) => sendForm(payload, 'numbers', numbers)


interface Tpl { id: number; title: string; sign: string }
/** One of the account's video templates with `status`, from the demo data. */
async function templateOf(db: Db, cusId: string, status: number): Promise<Tpl> {
  const { rows } = await db.query<Tpl>(
    'select cus_template_id as id, title, template_sign as sign from video_template where cus_id = $1 and status = $2 order by cus_template_id limit 1', [cusId, status])
  if (!rows[0]) throw new Error(`no template of ${cusId} in status ${status}`)
  return rows[0]
}

describe('routes/send/video', () => {
  describe('POST /videoTemplate/videoSmsGroupSend', () => {
    let h: Harness
    let token: string
    let approved: Tpl
    let price: number
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      token = await h.tokenFor('acme01', 'Acme01@12345')
      approved = await templateOf(h.db, 'acme01', 2)
      price = Number((await h.db.query<{ p: number }>("select price::float8 as p from customer_product where cus_id = 'acme01' and prod_type = 2")).rows[0].p)
    })
    afterAll(() => h.close())

    async function send(payload: Record<string, unknown>, numbers: string) {
      const res = await h.app.request('/api/videoTemplate/videoSmsGroupSend', {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form(payload, numbers),
      })
      return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
    }

    it('sends an approved template: one message per number at the video price, records of prod_type 2 named after it', async () => {
      const before = await balanceOf(h.db, 'acme01')
      const res = await send({ cus_template_id: approved.id }, `${numbersOf(1000)}\n13500000000\n12345`)
      expect(res.status).toBe(200)
      const cost = Math.round(1000 * price * 1000) / 1000
      expect(res.data).toMatchObject({ numbers: 1000, duplicates: 1, invalid: 1, messages: 1000, timed: false, status: 500 })
      expect(res.data.cost).toBeCloseTo(cost, 3)
      expect(await balanceOf(h.db, 'acme01')).toBeCloseTo(before - cost, 3)
      const text = videoSmsText(approved.sign, approved.title)
      expect(await countOf(h.db, `select count(*)::int as n from mt_record where batch_id = $1 and prod_type = 2 and template_name = $2
        and content = $3 and price = $4`, [res.data.batch_id, approved.title, text, price])).toBe(1000)

      const list = await h.call('/newMtRecord/list', { prod_type: 2, batch_id: res.data.batch_id, start_time: '2000-01-01', pageSize: 5 }, { token })
      expect(list.data.total).toBe(1000)
      expect(list.data.records[0]).toMatchObject({ prod_type: 2, title: approved.title, decodeContent: text })
    })

    it("refuses an unapproved template and another tenant's approved one, storing and debiting nothing", async () => {
      const pending = await templateOf(h.db, 'acme01', 0)
      const rejected = await templateOf(h.db, 'acme01', 3)
      const foreign = await templateOf(h.db, 'initech', 2)
      const parents = await templateOf(h.db, 'acme', 2)
      const before = await balanceOf(h.db, 'acme01')
      const records = await countOf(h.db, 'select count(*)::int as n from mt_record')
      for (const t of [pending, rejected, foreign, parents, { id: 999_999 }]) {
        expect(await send({ cus_template_id: t.id }, numbersOf(3))).toMatchObject({ status: 400, msg: 'The video template does not exist or is not approved' })
      }
      expect(await balanceOf(h.db, 'acme01')).toBe(before)
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record')).toBe(records)
    })

    it('refuses a send the balance cannot cover', async () => {
      await h.db.query("update customer set balance = 1 where cus_id = 'acme01'")
      expect(await send({ cus_template_id: approved.id }, numbersOf(10))).toMatchObject({ status: 400, msg: 'Insufficient balance' })
      expect(await balanceOf(h.db, 'acme01')).toBe(1)
      await h.db.query("update customer set balance = 6800 where cus_id = 'acme01'")
    })

    it('a retry with the same idempotency key returns the first reply without sending or billing again', async () => {
      const payload = { cus_template_id: approved.id, idempotency_key: randomUUID() }
      const first = await send(payload, numbersOf(7, 2_000_000))
      const after = await balanceOf(h.db, 'acme01')
      const again = await send(payload, numbersOf(7, 2_000_000))
      expect(again.data).toEqual(first.data)
      expect(await balanceOf(h.db, 'acme01')).toBe(after)
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1', [first.data.batch_id])).toBe(7)
    })

    it('a timed send is stored unbilled, then the scheduler sends it as video records named after the template', async () => {
      const before = await balanceOf(h.db, 'acme01')
      const timing = new Date(Date.now() + 11 * 60_000).toISOString()
      const res = await send({ cus_template_id: approved.id, timing_time: timing }, numbersOf(4, 3_000_000))
      expect(res.data).toMatchObject({ timed: true, status: 0, numbers: 4, messages: 4, balance_after: before })
      const batch = (await h.db.query<{ kind: string; template_name: string; prod_type: number }>(
        'select kind, template_name, prod_type::int as prod_type from time_batch where time_batch = $1', [res.data.batch_id])).rows[0]
      expect(batch).toEqual({ kind: 'video', template_name: approved.title, prod_type: 2 })
      expect(await balanceOf(h.db, 'acme01')).toBe(before)
      // Its text is the template's: the timed list's content edit is refused for it and changes nothing.
      const edit = await h.call('/pageTimeBatch/edit', { time_batch: res.data.batch_id, content: '改过的内容' }, { token })
      expect(edit.status).toBe(409)
      expect(await countOf(h.db, "select count(*)::int as n from time_mt_message where time_batch = $1 and content = '改过的内容'",
        [res.data.batch_id])).toBe(0)

      expect(await runDueBatches(h.db, { now: new Date(Date.now() + 12 * 60_000) })).toContain(res.data.batch_id)
      expect(await balanceOf(h.db, 'acme01')).toBeCloseTo(before - Math.round(4 * price * 1000) / 1000, 3)
      expect(await countOf(h.db, `select count(*)::int as n from mt_record where prod_type = 2 and template_name = $1 and mobile = any($2::text[])`,
        [approved.title, numbersOf(4, 3_000_000).split('\n')])).toBe(4)
      // The batch it became keeps the template it sent, which its resend sends again.
      const sent = await h.db.query<{ id: number }>(
        `select v.cus_template_id as id from mt_record m join video_send v on v.batch_id = m.batch_id where m.mobile = $1 and m.prod_type = 2`,
        [numbersOf(1, 3_000_000)])
      expect(sent.rows).toEqual([{ id: approved.id }])
    })
  })

  describe('POST /videoTemplate/getSendContentByCusTemplateId', () => {
    let h: Harness
    let token: string
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      token = await h.tokenFor('acme', 'Acme@12345')
    })
    afterAll(() => h.close())

    it("gives the template's theme, frames, text and the account's price", async () => {
      const t = await templateOf(h.db, 'acme', 2)
      const res = await h.call('/videoTemplate/getSendContentByCusTemplateId', { cus_template_id: t.id }, { token })
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ videoTheme: t.title, template_sign: t.sign, smsTextContent: videoSmsText(t.sign, t.title), price: 0.3 })
      expect(res.data.videoFrameList).toHaveLength(3)
      expect(res.data.videoFrameList[0].mediaUrl).toMatch(/^data:image\/svg\+xml;base64,/)
      // A sub-account's template, asked for as that sub-account (its parent may send for it).
      const sub = await templateOf(h.db, 'acme01', 2)
      expect((await h.call('/videoTemplate/getSendContentByCusTemplateId', { cus_template_id: sub.id, cus_id: 'acme01' }, { token })).data.videoTheme).toBe(sub.title)
    })

    it("does not show another tenant's template", async () => {
      const foreign = await templateOf(h.db, 'initech', 2)
      expect((await h.call('/videoTemplate/getSendContentByCusTemplateId', { cus_template_id: foreign.id }, { token })).status).toBe(404)
      // The detail answers by the template list's scope (server/templates): naming the owner as cus_id does not widen it.
      expect((await h.call('/videoTemplate/getVideoTemplate', { cus_template_id: foreign.id, cus_id: 'initech' }, { token })).status).toBe(404)
    })
  })
})
