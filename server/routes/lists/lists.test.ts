import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCsv } from '../../lists/csv.test-helper'
import { setup, type Harness } from '../../test/harness'

type Rows = Record<string, any>[] // eslint-disable-line @typescript-eslint/no-explicit-any
const sum = (rows: Rows, k: string) => rows.reduce((s, r) => s + Number(r[k]), 0)

describe('routes/lists/lists', () => {
  let h: Harness
  const tok: Record<string, string> = {}
  beforeAll(async () => {
    h = await setup()
    tok.admin = await h.tokenFor('admin', 'Admin@12345')
    tok.acme = await h.tokenFor('acme', 'Acme@12345')
    tok.acme01 = await h.tokenFor('acme01', 'Acme01@12345')
  })
  afterAll(() => h.close())
  const list = async (path: string, body: Record<string, unknown>, who = 'admin') => {
    const res = await h.call(path, body, { token: tok[who] })
    expect(res.status, `${path}: ${res.msg}`).toBe(200)
    return res.data as { records: Rows; total: number; totals?: Record<string, number> }
  }

  describe('batch statistics', () => {
    it('pages in a stable order without repeats', async () => {
      const all = await list('/dataGathering/batchList', { pageSize: 500 })
      const p1 = await list('/dataGathering/batchList', { pageSize: 10, pageNumber: 1 })
      const p2 = await list('/dataGathering/batchList', { pageSize: 10, pageNumber: 2 })
      expect(p1.total).toBe(all.total)
      expect([...p1.records, ...p2.records].map((r) => r.batch_id)).toEqual(all.records.slice(0, 20).map((r) => r.batch_id))
    })

    it('totals are the six sums over the whole filtered set, not the page', async () => {
      const filter = { batch_type: 1, prod_type: 0 }
      const all = await list('/dataGathering/batchList', { ...filter, pageSize: 500 }, 'acme')
      const page = await list('/dataGathering/batchList', { ...filter, pageSize: 5 }, 'acme')
      expect(all.records.every((r) => r.batch_type === 1 && r.prod_type === 0)).toBe(true)
      for (const k of ['receive_count', 'wait_send_count', 'sent_count', 'success_count', 'failure_count', 'unknown_count']) {
        expect(page.totals![k], k).toBe(sum(all.records, k))
      }
      expect(page.totals!.receive_count).toBeGreaterThan(sum(page.records, 'receive_count'))
    })

    it('floors to-be-sent at 0 when more was sent than received', async () => {
      await h.db.query(`insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time, receive_count, sent_count)
        values ('BFLOOR', 'acme', 0, 1, 'x', now(), 5, 9)`)
      const res = await list('/dataGathering/batchList', { batch_id: 'BFLOOR' }, 'acme')
      expect(res.records[0]).toMatchObject({ receive_count: 5, sent_count: 9, wait_send_count: 0 })
      expect(res.totals!.wait_send_count).toBe(0)
    })

    it('downloads the filtered batches and one batch\'s numbers', async () => {
      const batches = await list('/dataGathering/batchList', { pageSize: 500, prod_type: 0 }, 'acme')
      const res = await h.app.request('/api/dataGathering/downloadBatch', { method: 'POST', headers: { 'content-type': 'application/json',
        authorization: `Bearer ${tok.acme}`, 'accept-language': 'en' }, body: JSON.stringify({ prod_type: 0, format: 'csv' }) })
      const [head, ...rows] = parseCsv(await res.text())
      expect(head).toEqual(expect.arrayContaining(['Submitted', 'Waiting', 'Sent to carrier']))
      expect(rows.length).toBe(batches.total)
      expect(res.headers.get('x-total-count')).toBe(String(batches.total))
      const big = batches.records.find((b) => b.receive_count > 1 && b.batch_id !== 'BFLOOR')!
      const nums = await h.app.request('/api/dataGathering/mobileDownload', { method: 'POST', headers: { 'content-type': 'application/json',
        authorization: `Bearer ${tok.acme}` }, body: JSON.stringify({ batch_id: big.batch_id, format: 'csv' }) })
      expect(parseCsv(await nums.text()).length - 1).toBe(big.receive_count)
      const other = await h.app.request('/api/dataGathering/mobileDownload', { method: 'POST', headers: { 'content-type': 'application/json',
        authorization: `Bearer ${tok.acme01}` }, body: JSON.stringify({ batch_id: big.cus_id === 'acme01' ? 'none' : big.batch_id, format: 'csv' }) })
      expect(parseCsv(await other.text()).length - 1).toBe(0)
    })
  })

  describe('statistics by period and country', () => {
    it('counts every sent record of the scope once, by day, month and year alike', async () => {
      const { rows } = await h.db.query<{ n: number; ok: number }>(`select count(*) filter (where mt_status <> 100)::int as n,
        count(*) filter (where mt_status = 0 and report_result = 0)::int as ok from mt_record where cus_id in ('acme', 'acme01', 'acme02')`)
      for (const dimension of [0, 1, 2]) {
        const res = await list('/dataGathering/list', { dimension, pageSize: 500 }, 'acme')
        expect(res.totals).toMatchObject({ sent_count: rows[0].n, success_count: rows[0].ok })
        expect(sum(res.records, 'sent_count')).toBe(res.totals!.sent_count)
        const r = res.records[0]
        expect(r.successUnionStr).toBe(`${r.success_count} (${((r.success_count * 100) / r.sent_count).toFixed(2)}%)`)
        expect(r.gathering_time).toHaveLength([10, 7, 4][dimension])
      }
    })

    it('follows records that change later (a report arriving, a delete)', async () => {
      const before = (await list('/dataGathering/list', { pageSize: 1 }, 'acme')).totals!
      const { rows } = await h.db.query<{ n: number }>(`with u as (update mt_record set mt_status = 0, report_result = 0
        where cus_id = 'acme' and mt_status = 500 returning 1) select count(*)::int as n from u`)
      const after = (await list('/dataGathering/list', { pageSize: 1 }, 'acme')).totals!
      expect(after.success_count).toBe(before.success_count + rows[0].n)
      expect(after.unknown_count).toBe(before.unknown_count - rows[0].n)
      expect(after.sent_count).toBe(before.sent_count)
    })

    it('splits international sends by country with totals', async () => {
      const res = await list('/dataGathering/countryList', { pageSize: 500 }, 'acme')
      expect(res.records.length).toBeGreaterThan(1)
      expect(res.records[0].countryName).not.toBe('')
      expect(res.totals!.sent_count).toBe(sum(res.records, 'sent_count'))
    })

    it('lists per period, account and product with replies', async () => {
      const res = await list('/dataGathering/dimeList', { dimension: 1, pageSize: 500 }, 'acme')
      expect(res.totals!.reply_count).toBe(sum(res.records, 'reply_count'))
      const { rows } = await h.db.query<{ n: number }>(`select count(*)::int as n from mo_record where cus_id in ('acme', 'acme01', 'acme02')`)
      expect(res.totals!.reply_count).toBe(rows[0].n)
    })

    it('answers the dashboards with 30-day axes', async () => {
      const info = (await h.call('/dataGathering/getSmsIndexInfo', { prod_type: 2 }, { token: tok.acme })).data
      expect(info.timeAxis).toHaveLength(30)
      expect(info.sentCountAxis).toHaveLength(30)
      const normal = (await h.call('/dataGathering/getNormalSmsIndexInfo', {}, { token: tok.acme })).data
      expect(normal.curMonthAllCount).toBeGreaterThanOrEqual(normal.todayAllCount)
    })
  })

  describe('timed batches', () => {
    const op = (time_batch: string, type: string, who = 'acme', lang = 'en') =>
      h.call('/pageTimeBatch/operation', { time_batch, type }, { token: tok[who], lang })
    const batchOf = async (status: number) => (await list('/pageTimeBatch/list', { send_status: status, cus_id: 'acme', prod_type: 0 }, 'acme')).records[0].time_batch as string
    const details = async (time_batch: string) => (await list('/timeMtMessage/list', { time_batch, pageSize: 500 }, 'acme')).records

    it('pauses a to-be-sent batch and its details, recovers it, then intercepts it', async () => {
      const tb = await batchOf(0)
      const paused = await op(tb, 'pause')
      expect(paused).toMatchObject({ status: 200, msg: 'Batch paused' })
      expect((await details(tb)).every((d) => d.send_status === 2)).toBe(true)
      expect((await op(tb, 'pause')).status).toBe(409)
      expect((await op(tb, 'recover')).status).toBe(200)
      expect((await details(tb)).every((d) => d.send_status === 0)).toBe(true)
      expect((await op(tb, 'recover')).msg).toBe('Recover failed: only a paused batch can be recovered')
      expect((await op(tb, 'intercept')).status).toBe(200)
      expect((await list('/pageTimeBatch/list', { time_batch: tb }, 'acme')).records[0].send_status).toBe(3)
      expect((await op(tb, 'pause')).status).toBe(409)
    })

    it('refuses to pause a sent batch, in the caller\'s language', async () => {
      const tb = await batchOf(1)
      const res = await op(tb, 'pause', 'acme', 'zh-CN')
      expect(res.status).toBe(409)
      expect(res.msg).toBe('暂停失败：只能暂停待发送的批次')
      expect((await op(tb, 'intercept')).status).toBe(409)
    })

    it('edits content only before sending, never empty, and only within scope', async () => {
      const tb = await batchOf(0)
      expect((await h.call('/pageTimeBatch/edit', { time_batch: tb, content: '  ' }, { token: tok.acme })).status).toBe(400)
      expect((await h.call('/pageTimeBatch/edit', { time_batch: tb, content: '【艾克米】new text' }, { token: tok.acme01 })).status).toBe(409)
      expect((await h.call('/pageTimeBatch/edit', { time_batch: tb, content: '【艾克米】new text' }, { token: tok.acme })).status).toBe(200)
      expect((await list('/pageTimeBatch/list', { time_batch: tb }, 'acme')).records[0].decodeContent).toBe('【艾克米】new text')
      expect((await h.call('/pageTimeBatch/edit', { time_batch: await batchOf(1), content: '【艾克米】late' }, { token: tok.acme })).status).toBe(409)
      expect((await op(tb, 'pause', 'acme01')).status).toBe(409)
    })

    it('totals the numbers of the filtered batches', async () => {
      const res = await list('/pageTimeBatch/list', { pageSize: 500 }, 'acme')
      expect(res.totals!.batch_count).toBe(sum(res.records, 'batch_count'))
      expect(new Set(res.records.map((r) => r.send_status))).toEqual(new Set([0, 1, 2, 3, 4]))
    })
  })

  describe('recharges, templates, number checks', () => {
    it('ignores the account filter of a sub-account and keeps enterprise recharges apart', async () => {
      const own = await list('/recharge/list', { cus_id: 'acme', pageSize: 500 }, 'acme01')
      expect(own.records.length).toBeGreaterThan(0)
      expect(own.records.every((r) => r.cus_id === 'acme01')).toBe(true)
      expect(own.totals!.recharge_money).toBeCloseTo(sum(own.records, 'recharge_money'), 2)
      const ep = await list('/epRecharge/list', { pageSize: 500 }, 'acme')
      expect(ep.records.every((r) => r.cus_id !== 'acme' && r.recharge_type === 0)).toBe(true)
      const r = own.records[0]
      expect(r.postBalanceStr).toBe(r.post_balance.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }))
    })

    it('filters template statuses with their synonyms', async () => {
      const video = await list('/videoTemplate/list', { status: 0, pageSize: 500 })
      expect(new Set(video.records.map((r) => r.status))).toEqual(new Set([0, 5]))
      const csp = await list('/cspTemplate/list', { template_status: 1, pageSize: 500 })
      expect(new Set(csp.records.map((r) => r.template_status))).toEqual(new Set([1, 2, 3]))
      const content = await list('/contentTemplate/list', { check_status: 2, keyword: '验证码', pageSize: 500 })
      expect(content.records.length).toBeGreaterThan(0)
      expect(content.records.every((r) => r.check_status === 2 && r.template_content.includes('验证码'))).toBe(true)
    })

    it('sums number-check statistics over the filtered days and words the ratios', async () => {
      const filter = { start_time: '2000-01-01', cus_id: 'acme01', pageSize: 10 }
      const page = await list('/mobileBlack/mobileBlackStatistics', filter)
      const all = await list('/mobileBlack/mobileBlackStatistics', { ...filter, pageSize: 500 })
      expect(page.totals!.request_count).toBe(sum(all.records, 'request_count'))
      const r = page.records[0]
      expect(r.successRatio).toBe(`${((r.success_count * 100) / r.request_count).toFixed(2)}%`)
      const ue = await list('/mobileUe/list', { file_status: 2, pageSize: 500 }, 'acme')
      expect(ue.records.every((f) => f.check_count === f.batch_count && f.ue_count + f.nue_count === f.check_count)).toBe(true)
    })
  })

  describe('accounts and the crud sample', () => {
    it('lists customers for administrators only', async () => {
      expect((await h.call('/customer/list', {}, { token: tok.acme })).status).toBe(403)
      const res = await list('/customer/list', { keyword: 'glo' })
      expect(res.records.map((r) => r.cus_id)).toEqual(['globex'])
      expect(res.records[0]).toMatchObject({ balanceStr: '23,800.000', payTypeStr: '预付费' })
      const subs = await list('/user/subAccountList', {}, 'acme')
      expect(subs.records.map((r) => r.cus_id).sort()).toEqual(['acme01', 'acme02'])
    })

    it('adds, updates and deletes with the spec\'s messages (an administrator\'s screen: crud-admin.test.ts)', async () => {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${tok.admin}`, 'accept-language': 'en' }
      const send = async (method: string, path: string, b?: unknown) =>
        (await h.app.request(`/api${path}`, { method, headers, body: b === undefined ? undefined : JSON.stringify(b) })).json() as Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any
      const before = await send('GET', '/crud/list?page=1&size=5')
      expect(before.data.records).toHaveLength(5)
      const added = await send('POST', '/crud/add', { name: 'Pen', mobile: '13912345678', amount: 3.5 })
      expect(added.msg).toBe('Added')
      expect((await send('POST', '/crud/add', { name: '', mobile: '123', amount: 1 })).code).toBe(400)
      const id = added.data.id
      expect((await send('PUT', '/crud/update', { id, name: 'Pencil', mobile: '13912345678', amount: 2 })).msg).toBe('Updated')
      expect((await send('GET', '/crud/list?page=1&size=1')).data.records[0]).toMatchObject({ id, name: 'Pencil', amount: 2 })
      expect((await send('DELETE', '/crud/delete', { id })).msg).toBe('Deleted')
      expect((await send('GET', '/crud/list?page=1&size=1')).data.total).toBe(before.data.total)
    })
  })
})
