import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSP_CONTENT_TYPE } from '../../../src/domain/send-csp'
import type { Db } from '../../db'
import { runDueBatches } from '../../send/scheduler'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, mobilesOf, sendForm } from '../../test/send-kit'

const numbersOf = (n: number, from = 0) => mobilesOf('137', n, from).join('\n')

const form = (payload: Record<string, unknown>, numbers: string) => sendForm(payload, 'numbers', numbers)


interface Template {
  template_id: number
  template_name: string
  chatbot_id: string
}
const templateWhere = async (db: Db, where: string) =>
  (await db.query<Template>(`select template_id, template_name, chatbot_id from csp_template where ${where} order by template_id limit 1`)).rows[0]

describe('routes/send/csp', () => {
  describe('5G (csp) send', () => {
    let h: Harness
    const t: Record<string, string> = {}
    let cards: Template
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      t.globex = await h.tokenFor('globex', 'Globex@12345')
      t.acme = await h.tokenFor('acme', 'Acme@12345')
      t.admin = await h.tokenFor('admin', 'Admin@12345')
      cards = await templateWhere(h.db, "cus_id = 'globex' and template_name = '新品上市'")
    })
    afterAll(() => h.close())

    const send = async (payload: Record<string, unknown>, numbers: string, token = t.globex) => {
      const res = await h.app.request('/api/cspTemplate/cspSmsGroupSend', {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form(payload, numbers),
      })
      return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
    }
    const ok = (extra: Record<string, unknown> = {}) => ({ chatbot_id: cards.chatbot_id, template_id: cards.template_id, ...extra })

    it('lists an account its own chatbots, an administrator any account\'s, and refuses another tenant\'s', async () => {
      const own = await h.call('/user/getChatbotList', {}, { token: t.globex })
      expect(own.data.map((b: { chatbot_id: string }) => b.chatbot_id)).toEqual(['chatbot_globex_1', 'chatbot_globex_2', 'chatbot_globex_3'])
      const asAdmin = await h.call('/user/getChatbotList', { cus_id: 'globex' }, { token: t.admin })
      expect(asAdmin.data).toEqual(own.data)
      expect((await h.call('/user/getChatbotList', { cus_id: 'globex' }, { token: t.acme })).status).toBe(403)
      expect((await h.call('/user/getChatbotList', {}, { token: t.acme })).data).toEqual([])
    })

    it('gives a template\'s Preview to its account only', async () => {
      const res = await h.call('/cspTemplate/getSendContentByCusTemplateId', { template_id: cards.template_id }, { token: t.globex })
      expect(res.data).toMatchObject({ template_name: '新品上市', contentType: CSP_CONTENT_TYPE.card, low_type: '1,3', price: 0.08 })
      expect(res.data.cspCardList.map((c: { mediaType: string }) => c.mediaType)).toEqual(['image', 'video', 'audio'])
      expect(res.data.cspCardList[0]).toMatchObject({ cardSeq: 1, cardTitle: '春季新品首发', buttons: [{ buttonName: '立即购买' }, { buttonName: '了解更多' }] })
      expect(res.data.smsTextContent).not.toBe('')
      expect(res.data.aimTextContent).not.toBe('')
      expect((await h.call('/cspTemplate/getSendContentByCusTemplateId', { template_id: cards.template_id }, { token: t.acme })).status).toBe(404)
    })

    it('sends an approved template: one message per recipient at the csp price, records with prod_type 6 and the template name', async () => {
      const before = await balanceOf(h.db, 'globex')
      const price = 0.08
      const res = await send(ok({ low_type: [1, 3], sms_text: '【环球】新品上市，回TD退订', aim_text: '新品上市阅信' }), `${numbersOf(120)}\n13700000000\nabc`)
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ numbers: 120, duplicates: 1, invalid: 1, messages: 120, timed: false, status: 500 })
      expect(res.data.cost).toBeCloseTo(120 * price, 3)
      expect(await balanceOf(h.db, 'globex')).toBeCloseTo(before - 120 * price, 3)
      const rec = await h.db.query<{ n: number; p: number }>(
        `select count(*)::int as n, sum(price)::float8 as p from mt_record where batch_id = $1 and prod_type = 6 and template_name = '新品上市'`, [res.data.batch_id])
      expect(rec.rows[0].n).toBe(120)
      expect(rec.rows[0].p).toBeCloseTo(120 * price, 3)
      const kept = await h.db.query('select low_type, sms_text, aim_text, video_template_id from csp_send where batch_id = $1', [res.data.batch_id])
      expect(kept.rows[0]).toEqual({ low_type: '1,3', sms_text: '【环球】新品上市，回TD退订', aim_text: '新品上市阅信', video_template_id: null })
      const list = await h.call('/newMtRecord/list', { prod_type: 6, batch_id: res.data.batch_id, pageSize: 500 }, { token: t.globex })
      expect(list.data.total).toBe(120)
      expect(list.data.records.every((r: { prod_type: number; template_name: string }) => r.prod_type === 6 && r.template_name === '新品上市')).toBe(true)
    })

    it('refuses a template that is not approved, or another tenant\'s, storing and debiting nothing', async () => {
      const pending = await templateWhere(h.db, "cus_id = 'globex' and template_status <> 4")
      const before = await balanceOf(h.db, 'globex')
      const refused = await send({ chatbot_id: pending.chatbot_id, template_id: pending.template_id }, numbersOf(3, 1000))
      expect(refused).toMatchObject({ status: 400, msg: 'The 5G message template does not exist or is not approved' })
      const acmeTries = await send(ok(), numbersOf(3, 1000), t.acme)
      expect(acmeTries).toMatchObject({ status: 400, msg: 'The 5G message template does not exist or is not approved' })
      expect(await balanceOf(h.db, 'globex')).toBe(before)
      expect(Number((await h.db.query<{ n: number }>("select count(*)::int as n from mt_record where mobile = '13700001000'")).rows[0].n)).toBe(0)
    })

    it('refuses a chatbot that is not the template\'s, or is offline', async () => {
      const wrong = await send(ok({ chatbot_id: 'chatbot_globex_1' }), numbersOf(2, 2000))
      expect(wrong).toMatchObject({ status: 400, msg: 'The chatbot is not available or does not match the template' })
      await h.db.query("update chatbot set status = 0 where chatbot_id = 'chatbot_globex_2'")
      const offline = await send(ok(), numbersOf(2, 2000))
      await h.db.query("update chatbot set status = 1 where chatbot_id = 'chatbot_globex_2'")
      expect(offline.status).toBe(400)
      expect((await send(ok({ chatbot_id: 'chatbot_acme_1' }), numbersOf(2, 2000))).status).toBe(400)
    })

    it('requires the content of each chosen fallback, and a video fallback needs an approved video template of the account', async () => {
      expect((await send(ok({ low_type: [1] }), numbersOf(1, 3000))).status).toBe(400)
      expect((await send(ok({ low_type: [3], aim_text: '  ' }), numbersOf(1, 3000))).status).toBe(400)
      expect((await send(ok({ low_type: [4] }), numbersOf(1, 3000))).status).toBe(400)
      const acmeVideo = (await h.db.query<{ id: number }>("select cus_template_id as id from video_template where cus_id = 'acme' and status = 2 limit 1")).rows[0]
      expect(await send(ok({ low_type: [2], video_template_id: acmeVideo.id }), numbersOf(1, 3000))).toMatchObject({ status: 400, msg: 'The video template does not exist or is not approved' })
      const none = await send(ok({ low_type: [] }), numbersOf(1, 3000))
      expect(none.status).toBe(200)
    })

    it('refuses a send the balance cannot cover', async () => {
      await h.db.query("update customer set balance = 1 where cus_id = 'globex'")
      const res = await send(ok(), numbersOf(13, 4000)) // 13 × 0.08 = 1.04
      await h.db.query("update customer set balance = 23800 where cus_id = 'globex'")
      expect(res).toMatchObject({ status: 400, msg: 'Insufficient balance' })
    })

    it('a retry with the same idempotency key returns the first reply without sending or billing again', async () => {
      const payload = ok({ idempotency_key: randomUUID() })
      const first = await send(payload, numbersOf(7, 5000))
      const after = await balanceOf(h.db, 'globex')
      const again = await send(payload, numbersOf(7, 5000))
      expect(again.data).toEqual(first.data)
      expect(await balanceOf(h.db, 'globex')).toBe(after)
      expect(Number((await h.db.query<{ n: number }>('select count(*)::int as n from mt_record where batch_id = $1', [first.data.batch_id])).rows[0].n)).toBe(7)
    })

    it('a timed send becomes a csp timed batch with the template name, unbilled until sent', async () => {
      const before = await balanceOf(h.db, 'globex')
      const res = await send(ok({ timing_time: new Date(Date.now() + 15 * 60_000).toISOString() }), numbersOf(4, 6000))
      expect(res.data).toMatchObject({ timed: true, status: 0, numbers: 4, balance_after: before })
      const b = await h.db.query('select kind, template_name, prod_type::int as prod_type from time_batch where time_batch = $1', [res.data.batch_id])
      expect(b.rows[0]).toEqual({ kind: 'csp', template_name: '新品上市', prod_type: 6 })
      expect(await balanceOf(h.db, 'globex')).toBe(before)
      // When due, the scheduler bills it as an immediate send would: one message per recipient at the csp price.
      await runDueBatches(h.db, { now: new Date(Date.now() + 16 * 60_000) })
      expect(await balanceOf(h.db, 'globex')).toBeCloseTo(before - 4 * 0.08, 3)
      const rec = await h.db.query<{ n: number }>(
        "select count(*)::int as n from mt_record where prod_type = 6 and template_name = '新品上市' and mobile = any($1::text[])", [numbersOf(4, 6000).split('\n')])
      expect(rec.rows[0].n).toBe(4)
      // The batch it became keeps the template and chatbot it sent, which its resend sends again.
      const kept = await h.db.query(
        `select s.template_id, s.chatbot_id from mt_record m join csp_send s on s.batch_id = m.batch_id where m.mobile = $1 and m.prod_type = 6`,
        [numbersOf(1, 6000)])
      expect(kept.rows).toEqual([{ template_id: cards.template_id, chatbot_id: cards.chatbot_id }])
    })

    it('an administrator sends for a csp account it names, which pays', async () => {
      const before = await balanceOf(h.db, 'globex')
      const res = await send(ok({ cus_id: 'globex' }), numbersOf(2, 7000), t.admin)
      expect(res.status).toBe(200)
      expect(await balanceOf(h.db, 'globex')).toBeCloseTo(before - 2 * 0.08, 3)
      const owners = await h.db.query<{ cus_id: string }>('select distinct cus_id from mt_record where batch_id = $1', [res.data.batch_id])
      expect(owners.rows).toEqual([{ cus_id: 'globex' }])
    })
  })
})
