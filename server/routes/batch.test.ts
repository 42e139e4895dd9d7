import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { platformDayStart } from '../../src/domain/marketing'
import { runDueBatches } from '../send/scheduler'
import { simulateTick } from '../send/carrier-sim'
import { setup, type Harness } from '../test/harness'
import { balanceOf, countOf, mobilesOf, postForm, sendForm } from '../test/send-kit'
import { parseCsv } from '../lists/csv.test-helper'

/*
 * A batch after its send: its page's reads (counters, failure groups), the resends through the send path, the cancel
 * and its refund against the carrier job, the failed numbers' file and a record in full, each within the caller's
 * tenant scope.
 */
describe('routes/batch', () => {
  let h: Harness
  let t: Record<string, string>
  const price = async (cus: string) =>
    Number((await h.db.query<{ p: number }>('select price::float8 as p from customer_product where cus_id = $1 and prod_type = 0', [cus])).rows[0].p)
  const send = async (mobiles: string[], content = '【艾克米】您的订单已发货', token = t.acme02) => {
    const res = await postForm(h.app, '/user/groupSend', token, sendForm({ content }, 'numbers', mobiles))
    expect(res.status, res.msg).toBe(200)
    return res.data.batch_id as string
  }
  /** Reports as the carrier would: `code` of the records of these numbers (DELIVRD a delivery, TIMEOUT a time-out). */
  const report = async (batch: string, mobiles: string[], code: string) => {
    const status = code === 'TIMEOUT' ? 600 : 0
    const result = code === 'DELIVRD' ? 0 : code === 'TIMEOUT' ? null : 2
    await h.db.query(
      `update mt_record set mt_status = $3, report_result = $4, report_result_desc = $5, report_time = now()
       where batch_id = $1 and mobile = any($2::text[])`, [batch, mobiles, status, result, code])
  }
  const call = (path: string, body: Record<string, unknown>, token = t.acme02) => h.call(path, body, { token, lang: 'en' })

  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    t = await h.tokensFor('acme', 'acme01', 'acme02', 'globex', 'admin')
  })
  afterAll(() => h.close())

  describe('a batch with failures of each kind', () => {
    const all = mobilesOf('139', 20, 7_100_000)
    const transient = all.slice(0, 5)
    const permanent = all.slice(5, 8)
    const timedOut = all.slice(8, 10)
    let batch: string

    beforeAll(async () => {
      batch = await send(all)
      await report(batch, transient.slice(0, 3), 'MK:0005')
      await report(batch, transient.slice(3), 'MN:0001')
      await report(batch, permanent, 'MK:0001')
      await report(batch, timedOut, 'TIMEOUT')
      await report(batch, all.slice(10, 18), 'DELIVRD')
      // One transient number opted out since the send: the resend scrubs it.
      await h.db.query(`insert into opt_out (ent_id, mobile, source, added_by) values ('acme', $1, 2, 'acme')`, [transient[0]])
    })

    it('shows its counters, the figures of every screen, to its account and its enterprise only', async () => {
      const d = await call('/batch/detail', { batch_id: batch })
      expect(d.status).toBe(200)
      expect(d.data).toMatchObject({
        batch_id: batch, cus_id: 'acme02', signature: '【艾克米】', receive_count: 20, sent_count: 20, success_count: 8, failure_count: 8,
        unknown_count: 4, timeout_count: 2, resent_from: null, resends: [], status_hidden: false,
      })
      expect((await call('/batch/detail', { batch_id: batch }, t.acme)).status).toBe(200)
      expect((await call('/batch/detail', { batch_id: batch }, t.admin)).status).toBe(200)
      for (const other of [t.acme01, t.globex]) {
        for (const path of ['/batch/detail', '/batch/failures', '/batch/cancel']) {
          expect((await call(path, { batch_id: batch }, other)).status, path).toBe(404)
        }
        expect((await call('/batch/resendPreview', { batch_id: batch, target: 'failed' }, other)).status).toBe(404)
        expect((await call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: randomUUID() }, other)).status).toBe(404)
      }
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1 and mt_status = 800', [batch])).toBe(0)
    })

    it('groups its failures by code, with their kind, and by operator', async () => {
      const g = await call('/batch/failures', { batch_id: batch })
      expect(g.data.codes).toEqual([
        { code: 'MK:0001', count: 3, kind: 'permanent' },
        { code: 'MK:0005', count: 3, kind: 'transient' },
        { code: 'MN:0001', count: 2, kind: 'transient' },
      ])
      expect(g.data.operators).toEqual([{ operator: 'mobile', count: 8 }])
    })

    it('leads each group into the sent records: one code, one operator, counted exactly', async () => {
      const search = { batch_id: batch, status: 700, start_time: '2000-01-01', pageSize: 50 }
      const list = (extra: Record<string, unknown>) => call('/mtRecord/list', { ...search, ...extra })
      const code = await list({ report_code: 'mk:0001' })
      expect(code.data.total).toBe(3)
      expect(code.data.records.map((r: { decodeMobile: string }) => r.decodeMobile).sort()).toEqual([...permanent].sort())
      expect((await list({ operator: 'mobile' })).data.total).toBe(8)
      expect((await list({ operator: 'unicom' })).data.total).toBe(0)
      expect((await call('/mtRecord/list', { batch_id: batch, start_time: '2000-01-01', operator: 'mobile' })).data.total).toBe(20)
      expect((await list({ operator: 'nobody' })).status).toBe(400)
    })

    it('writes every failed number to the file, with its code and kind', async () => {
      const res = await h.app.request('/api/batch/failedDownload', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.acme02}`, 'accept-language': 'en' },
        body: JSON.stringify({ batch_id: batch, format: 'csv' }),
      })
      expect(res.status).toBe(200)
      const [head, ...rows] = parseCsv(await res.text())
      expect(head.slice(0, 3)).toEqual(['Mobile', 'Status description', 'Kind'])
      expect(rows.map((r) => r[0]).sort()).toEqual([...transient, ...permanent].sort())
      expect(rows.find((r) => r[0] === permanent[0])?.slice(1, 3)).toEqual(['Vacant number (MK:0001)', 'Permanent'])
    })

    it('resends to the transient failures only, scrubbed, as a linked batch billed once under retries', async () => {
      const unit = await price('acme02')
      const preview = await call('/batch/resendPreview', { batch_id: batch, target: 'failed' })
      expect(preview.data).toMatchObject({ numbers: 4, opted_out: 1, messages: 4 })
      expect(preview.data.cost).toBeCloseTo(4 * unit, 3)
      const before = await balanceOf(h.db, 'acme02')
      const key = randomUUID()
      const first = await call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: key })
      expect(first.status, first.msg).toBe(200)
      expect(first.data).toMatchObject({ numbers: 4, opted_out: 1, messages: 4, resent_from: batch, timed: false })
      const again = await Promise.all([1, 2].map(() => call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: key })))
      for (const a of again) expect(a.data.batch_id).toBe(first.data.batch_id)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - 4 * unit, 3)
      const sent = (await h.db.query<{ mobile: string }>('select mobile from mt_record where batch_id = $1 order by mobile', [first.data.batch_id])).rows
      expect(sent.map((r) => r.mobile)).toEqual(transient.slice(1).sort())
      expect(await countOf(h.db, 'select count(*)::int as n from sms_batch where resent_from = $1', [batch])).toBe(1)
      const d = await call('/batch/detail', { batch_id: first.data.batch_id })
      expect(d.data.resent_from).toBe(batch)
      expect((await call('/batch/detail', { batch_id: batch })).data.resends).toMatchObject([{ batch_id: first.data.batch_id, target: 'failed' }])
      // Another key (a second click elsewhere) sends nothing twice.
      const twice = await call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: randomUUID() })
      expect(twice).toMatchObject({ status: 409, msg: `This batch was already resent: see batch ${first.data.batch_id}` })
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - 4 * unit, 3)
    })

    it('resends to the records whose report timed out', async () => {
      const res = await call('/batch/resend', { batch_id: batch, target: 'unknown', idempotency_key: randomUUID() })
      expect(res.status, res.msg).toBe(200)
      expect(res.data.numbers).toBe(2)
      const sent = (await h.db.query<{ mobile: string }>('select mobile from mt_record where batch_id = $1 order by mobile', [res.data.batch_id])).rows
      expect(sent.map((r) => r.mobile)).toEqual([...timedOut].sort())
    })

    it('refuses a resend when the signature it carries is no longer approved', async () => {
      const other = await send(mobilesOf('139', 3, 7_200_000))
      await report(other, mobilesOf('139', 3, 7_200_000), 'MK:0005')
      await h.db.query(`update signature set status = 3 where cus_id = 'acme' and name = '艾克米'`)
      try {
        const res = await call('/batch/resend', { batch_id: other, target: 'failed', idempotency_key: randomUUID() })
        expect(res.status).toBe(400)
        expect(await countOf(h.db, 'select count(*)::int as n from sms_batch where resent_from = $1', [other])).toBe(0)
      } finally {
        await h.db.query(`update signature set status = 1 where cus_id = 'acme' and name = '艾克米'`)
      }
    })

    it('shows a record in full: segments, price, operator, times and report pushes', async () => {
      const sn = Number((await h.db.query<{ sn: string }>('select sn from mt_record where batch_id = $1 and mobile = $2', [batch, permanent[0]])).rows[0].sn)
      const push = await h.db.query<{ id: string }>(`insert into push_batch (cus_id, items, status, attempts) values ('acme02', 1, 1, 2) returning id`)
      const id = Number(push.rows[0].id)
      await h.db.query(`insert into push_outbox (cus_id, item_id, item, batch_id) values ('acme02', $1, '{}', $2)`, [`report-${sn}`, id])
      await h.db.query(`insert into push_attempt (batch_id, cus_id, attempt, url, status_code, error, outcome) values
        ($1, 'acme02', 1, 'https://x.example/', 503, '', 0), ($1, 'acme02', 2, 'https://x.example/', 200, '', 1)`, [id])
      const d = await call('/mtRecord/detail', { sn })
      expect(d.status).toBe(200)
      expect(d.data).toMatchObject({
        sn, batch_id: batch, mobile: permanent[0], segments: 1, operator: 'mobile', mt_status: 0, report_result_desc: 'MK:0001',
      })
      expect(d.data.price).toBeCloseTo(await price('acme02'), 4)
      expect(d.data.carrier_time).toBe(d.data.report_time)
      expect(d.data.pushes).toMatchObject([{ delivery_id: id, status: 1, attempts: [{ attempt: 1, status_code: 503, outcome: 0 }, { attempt: 2, status_code: 200, outcome: 1 }] }])
      expect((await call('/mtRecord/detail', { sn }, t.acme01)).status).toBe(404)
      expect((await call('/mtRecord/detail', { sn }, t.globex)).status).toBe(404)
      expect((await call('/mtRecord/detail', { sn }, t.acme)).status).toBe(200)
    })
  })

  describe('resends of every kind, through their own send paths', () => {
    /** A send of `path` by `token` (a form with its numbers), checked to have gone at once. */
    const sendKind = async (path: string, token: string, payload: Record<string, unknown>, mobiles: string[]) => {
      const res = await postForm(h.app, path, token, sendForm(payload, 'numbers', mobiles))
      expect(res.status, res.msg).toBe(200)
      expect(res.data.timed).toBe(false)
      return res.data.batch_id as string
    }
    const recordsOf = async (batch: string) => (await h.db.query<{ mobile: string; country_code: string | null; price: number; template_name: string | null }>(
      'select mobile, country_code, price::float8 as price, template_name from mt_record where batch_id = $1 order by mobile', [batch])).rows
    const batchRow = async (batch: string) => (await h.db.query<{ prod_type: number; sender_id: string | null; resent_from: string | null; resend_target: string | null }>(
      'select prod_type::int as prod_type, sender_id, resent_from, resend_target from sms_batch where batch_id = $1', [batch])).rows[0]
    const productPrice = async (cus: string, prod: number) =>
      Number((await h.db.query<{ p: number }>('select price::float8 as p from customer_product where cus_id = $1 and prod_type = $2', [cus, prod])).rows[0].p)

    it('international: each number to its country at today\'s price, with the batch\'s sender id, scrubbed, linked', async () => {
      const batch = await sendKind('/user/intlGroupSend', t.globex, { cus_id: 'globex', content: 'Your parcel is on its way', sender_id: 'Globex1' },
        ['+447911200001', '+447911200002', '+447911200003', '0081901200004'])
      await report(batch, ['447911200001', '447911200002', '81901200004'], 'MK:0005')
      await report(batch, ['447911200003'], 'MK:0001')
      await h.db.query(`insert into opt_out (ent_id, mobile, source, added_by) values ('globex', '447911200002', 2, 'globex')`)
      // Prices of today: Japan's changed since the send.
      await h.db.query(`update country set price = 0.5 where iso = 'JP'`)
      try {
        const preview = await call('/batch/resendPreview', { batch_id: batch, target: 'failed' }, t.globex)
        expect(preview.data).toMatchObject({ numbers: 2, opted_out: 1, over_cap: 0, messages: 2, send_time: null })
        expect(preview.data.cost).toBeCloseTo(0.29 + 0.5, 3)
        const before = await balanceOf(h.db, 'globex')
        const res = await call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: randomUUID() }, t.globex)
        expect(res.status, res.msg).toBe(200)
        expect(res.data).toMatchObject({ numbers: 2, opted_out: 1, resent_from: batch, timed: false })
        expect(await balanceOf(h.db, 'globex')).toBeCloseTo(before - 0.79, 3)
        expect(await batchRow(res.data.batch_id)).toEqual({ prod_type: 1, sender_id: 'Globex1', resent_from: batch, resend_target: 'failed' })
        expect((await recordsOf(res.data.batch_id)).map((r) => [r.mobile, r.country_code, r.price])).toEqual([['447911200001', 'GB', 0.29], ['81901200004', 'JP', 0.5]])
      } finally {
        await h.db.query(`update country set price = 0.48 where iso = 'JP'`)
      }
    })

    it('video: the template it sent, while that is still approved', async () => {
      const tpl = (await h.db.query<{ id: number; title: string; status: number }>(
        `select cus_template_id as id, title, status::int as status from video_template where cus_id = 'acme01' and status = 2 order by cus_template_id limit 1`)).rows[0]
      const mobiles = mobilesOf('139', 3, 7_600_000)
      const batch = await sendKind('/videoTemplate/videoSmsGroupSend', t.acme01, { cus_template_id: tpl.id }, mobiles)
      await report(batch, mobiles.slice(0, 2), 'MK:0005')
      await report(batch, mobiles.slice(2), 'TIMEOUT')
      const price = await productPrice('acme01', 2)
      const preview = await call('/batch/resendPreview', { batch_id: batch, target: 'failed' }, t.acme01)
      expect(preview.data).toMatchObject({ numbers: 2, messages: 2 })
      expect(preview.data.cost).toBeCloseTo(2 * price, 3)
      const res = await call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: randomUUID() }, t.acme01)
      expect(res.status, res.msg).toBe(200)
      expect(await batchRow(res.data.batch_id)).toMatchObject({ prod_type: 2, resent_from: batch })
      expect((await recordsOf(res.data.batch_id)).map((r) => r.template_name)).toEqual([tpl.title, tpl.title])
      expect(await countOf(h.db, 'select cus_template_id as n from video_send where batch_id = $1', [res.data.batch_id])).toBe(tpl.id)
      // A template no longer approved is refused, as the video send page refuses it.
      await h.db.query('update video_template set status = 3 where cus_template_id = $1', [tpl.id])
      try {
        const refused = await call('/batch/resend', { batch_id: batch, target: 'unknown', idempotency_key: randomUUID() }, t.acme01)
        expect(refused).toMatchObject({ status: 400, msg: 'The video template does not exist or is not approved' })
        expect(await countOf(h.db, 'select count(*)::int as n from sms_batch where resent_from = $1', [batch])).toBe(1)
      } finally {
        await h.db.query('update video_template set status = 2 where cus_template_id = $1', [tpl.id])
      }
    })

    it('5G: the template, chatbot and fallback SMS it sent, the fallback under the signature rule', async () => {
      const tpl = (await h.db.query<{ template_id: number; chatbot_id: string }>(
        `select template_id, chatbot_id from csp_template where cus_id = 'globex' and template_name = '新品上市' limit 1`)).rows[0]
      const mobiles = mobilesOf('139', 2, 7_700_000)
      const batch = await sendKind('/cspTemplate/cspSmsGroupSend', t.globex, { ...tpl, low_type: [1], sms_text: '【环球】新品上市，回TD退订' }, mobiles)
      await report(batch, mobiles, 'MN:0001')
      const res = await call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: randomUUID() }, t.globex)
      expect(res.status, res.msg).toBe(200)
      expect(res.data).toMatchObject({ numbers: 2, messages: 2 })
      expect(await batchRow(res.data.batch_id)).toMatchObject({ prod_type: 6, resent_from: batch })
      const kept = (await h.db.query('select template_id, chatbot_id, low_type, sms_text from csp_send where batch_id = $1', [res.data.batch_id])).rows
      expect(kept).toEqual([{ ...tpl, low_type: '1', sms_text: '【环球】新品上市，回TD退订' }])
    })

    it('a video or 5G batch whose template was not kept says so, on its page and when asked', async () => {
      const tpl = (await h.db.query<{ id: number }>(`select cus_template_id as id from video_template where cus_id = 'acme01' and status = 2 limit 1`)).rows[0]
      const mobiles = mobilesOf('139', 1, 7_800_000)
      const batch = await sendKind('/videoTemplate/videoSmsGroupSend', t.acme01, { cus_template_id: tpl.id }, mobiles)
      await report(batch, mobiles, 'MK:0005')
      expect((await call('/batch/detail', { batch_id: batch }, t.acme01)).data.resend_not_recorded).toBe(false)
      // As a batch of the demo history: nothing kept beside it.
      await h.db.query('delete from video_send where batch_id = $1', [batch])
      expect((await call('/batch/detail', { batch_id: batch }, t.acme01)).data.resend_not_recorded).toBe(true)
      const msg = 'The template this batch was sent with was not kept, so it cannot be resent; send it again from its send page'
      expect(await call('/batch/resendPreview', { batch_id: batch, target: 'failed' }, t.acme01)).toMatchObject({ status: 409, msg })
      const zh = await h.call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: randomUUID() }, { token: t.acme01 })
      expect(zh).toMatchObject({ status: 409, msg: '该批次发送时没有记下所用的模板，无法重发；请在发送页重新发送' })
    })
  })

  describe('a marketing resend outside the marketing hours', () => {
    const day = platformDayStart(new Date()).getTime() + 9 * 86_400_000
    const at = (hh: number, days = 0) => new Date(day + days * 86_400_000 + hh * 3_600_000)
    afterEach(() => vi.useRealTimers())

    it('goes as a timed batch for the hours\' next start, linked to its batch before and after the scheduler sends it', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(at(10))
      const mobiles = mobilesOf('139', 3, 7_900_000)
      const res = await postForm(h.app, '/user/groupSend', t.acme02, sendForm({ content: '【艾克米】周末特惠，回T退订', marketing: true }, 'numbers', mobiles))
      expect(res.data).toMatchObject({ timed: false, sms_type: 'marketing' })
      const batch = res.data.batch_id as string
      await report(batch, mobiles.slice(0, 2), 'MK:0005')
      vi.setSystemTime(at(22))
      const preview = await call('/batch/resendPreview', { batch_id: batch, target: 'failed' })
      expect(preview.data).toMatchObject({ numbers: 2, send_time: at(8, 1).toISOString() })
      const timed = await call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: randomUUID() })
      expect(timed.status, timed.msg).toBe(200)
      expect(timed.data).toMatchObject({ timed: true, quiet_hours: true, send_time: at(8, 1).toISOString(), resent_from: batch })
      const tb = timed.data.batch_id as string
      expect((await call('/batch/detail', { batch_id: batch })).data.resends).toMatchObject([{ batch_id: tb, target: 'failed', timed: true }])
      // Another key while it waits sends nothing twice.
      expect(await call('/batch/resend', { batch_id: batch, target: 'failed', idempotency_key: randomUUID() }))
        .toMatchObject({ status: 409, msg: `This batch was already resent: see batch ${tb}` })
      vi.setSystemTime(at(8, 1))
      while ((await runDueBatches(h.db, { now: at(8, 1), limit: 100 })).length);
      const sent = (await h.db.query<{ batch_id: string; resend_target: string; n: number }>(
        `select b.batch_id, b.resend_target, (select count(*)::int from mt_record m where m.batch_id = b.batch_id) as n
         from sms_batch b where b.resent_from = $1`, [batch])).rows
      expect(sent).toEqual([{ batch_id: expect.stringMatching(/^B/), resend_target: 'failed', n: 2 }])
      expect((await call('/batch/detail', { batch_id: batch })).data.resends).toMatchObject([{ batch_id: sent[0].batch_id, timed: false }])
      expect((await call('/batch/detail', { batch_id: sent[0].batch_id })).data.resent_from).toBe(batch)
    })
  })

  describe('cancel the rest', () => {
    const originalPrices = async (batch: string) => (await h.db.query<{ price: string }>('select price::text as price from mt_record where batch_id = $1 limit 1', [batch])).rows[0].price

    it('ends the waiting records as cancelled and refunds exactly their cost as one automatic refund', async () => {
      const mobiles = mobilesOf('139', 30, 7_300_000)
      const batch = await send(mobiles, '【艾克米】' + '长'.repeat(70))
      const unitCost = Number(await originalPrices(batch))
      await report(batch, mobiles.slice(0, 10), 'DELIVRD')
      const before = await balanceOf(h.db, 'acme02')
      const res = await call('/batch/cancel', { batch_id: batch })
      expect(res.status, res.msg).toBe(200)
      expect(res.data).toMatchObject({ batch_id: batch, cancelled: 20 })
      expect(res.data.refund).toBeCloseTo(20 * unitCost, 3)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before + 20 * unitCost, 3)
      expect(res.data.balance_after).toBeCloseTo(before + 20 * unitCost, 3)
      const refunds = (await h.db.query<{ money: number; pre: number; post: number; type: number }>(
        `select recharge_money::float8 as money, pre_balance::float8 as pre, post_balance::float8 as post, recharge_type::int as type
         from recharge_record where cus_id = 'acme02' and remark like $1`, [`${batch}%`])).rows
      expect(refunds).toHaveLength(1)
      expect(refunds[0].type).toBe(1)
      expect(refunds[0].money).toBeCloseTo(20 * unitCost, 3)
      expect(refunds[0].post - refunds[0].pre).toBeCloseTo(20 * unitCost, 3)
      const d = (await call('/batch/detail', { batch_id: batch })).data
      expect(d).toMatchObject({ receive_count: 30, sent_count: 30, success_count: 10, failure_count: 20, unknown_count: 0, messages: 60 })
      expect(d.cost).toBeCloseTo(10 * unitCost, 3)
      expect((await call('/batch/failures', { batch_id: batch })).data.codes).toEqual([{ code: 'CANCELLED', count: 20, kind: 'permanent' }])
      // Nothing of it goes out after the cancel committed, and nothing is left to cancel.
      await h.db.query(`update mt_record set receive_time = receive_time - interval '10 seconds' where batch_id = $1`, [batch])
      await simulateTick(h.db, { minAgeSeconds: 0 })
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1 and mt_status = 800 and price = 0', [batch])).toBe(20)
      expect(await call('/batch/cancel', { batch_id: batch })).toMatchObject({ status: 409 })
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before + 20 * unitCost, 3)
    })

    it('waits for records the carrier job holds and leaves them reported, refunding only what it cancelled', async () => {
      const mobiles = mobilesOf('139', 10, 7_400_000)
      const batch = await send(mobiles)
      const unitCost = Number(await originalPrices(batch))
      const before = await balanceOf(h.db, 'acme02')
      let cancel: Promise<Awaited<ReturnType<typeof call>>> | undefined
      await h.db.transaction(async (tx) => {
        // The carrier job's claim of four of them, as its statement takes it.
        await tx.query(`select sn from mt_record where batch_id = $1 and mobile = any($2::text[]) for update skip locked`, [batch, mobiles.slice(0, 4)])
        cancel = call('/batch/cancel', { batch_id: batch })
        await new Promise((r) => setTimeout(r, 300))
        await tx.query(`update mt_record set mt_status = 0, report_result = 0, report_result_desc = 'DELIVRD', report_time = now()
          where batch_id = $1 and mobile = any($2::text[])`, [batch, mobiles.slice(0, 4)])
      })
      const res = await cancel!
      expect(res.data.cancelled).toBe(6)
      expect(res.data.refund).toBeCloseTo(6 * unitCost, 3)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before + 6 * unitCost, 3)
      expect(await countOf(h.db, `select count(*)::int as n from mt_record where batch_id = $1 and mt_status = 0 and report_result = 0 and price > 0`, [batch])).toBe(4)
    })

    it('never both sends and refunds a record when carrier ticks race the cancel', async () => {
      for (let round = 0; round < 3; round++) {
        const mobiles = mobilesOf('139', 300, 7_500_000 + round * 1000)
        const batch = await send(mobiles)
        const unitCost = Number(await originalPrices(batch))
        await h.db.query(`update mt_record set receive_time = receive_time - interval '10 seconds' where batch_id = $1`, [batch])
        const before = await balanceOf(h.db, 'acme02')
        const [res] = await Promise.all([
          call('/batch/cancel', { batch_id: batch }),
          simulateTick(h.db, { minAgeSeconds: 0, batch: 60 }), simulateTick(h.db, { minAgeSeconds: 0, batch: 60 }),
        ])
        await simulateTick(h.db, { minAgeSeconds: 0 })
        const states = (await h.db.query<{ cancelled: boolean; priced: boolean; n: number }>(
          `select mt_status = 800 as cancelled, price > 0 as priced, count(*)::int as n from mt_record where batch_id = $1 group by 1, 2`, [batch])).rows
        // A cancelled record has its price refunded (0); every other one was reported and keeps its price.
        expect(states.every((s) => s.cancelled !== s.priced)).toBe(true)
        const cancelled = states.find((s) => s.cancelled)?.n ?? 0
        expect(await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1 and mt_status = 500', [batch])).toBe(0)
        if (res.status === 200) {
          expect(res.data.cancelled).toBe(cancelled)
          expect(res.data.refund).toBeCloseTo(cancelled * unitCost, 3)
        } else {
          expect([res.status, cancelled]).toEqual([409, 0])
        }
        expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before + cancelled * unitCost, 3)
      }
    })
  })
})
