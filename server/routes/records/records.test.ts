import { unzipSync, strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mtSendStatus } from '../../../src/domain/lists/records'
import { parseCsv } from '../../lists/csv.test-helper'
import { DEMO_ACCOUNTS } from '../../seed'
import { setup, type Harness } from '../../test/harness'

const WIDE = { start_time: '2000-01-01' }
type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

describe('routes/records/records', () => {
  let h: Harness
  const t: Record<string, string> = {}
  beforeAll(async () => {
    h = await setup()
    for (const u of ['admin', 'acme', 'acme01', 'globex', 'initech']) t[u] = await h.tokenFor(u, DEMO_ACCOUNTS.find((a) => a.cusId === u)!.password)
  })
  afterAll(() => h.close())

  const list = async (path: string, body: Record<string, unknown>, user = 'admin') => {
    const res = await h.call(path, body, { token: t[user] })
    expect(res.status, res.msg).toBe(200)
    return res.data as { records: Row[]; total: number }
  }
  const count = async (where: string, params: unknown[] = []) =>
    (await h.db.query<{ n: number }>(`select count(*)::int as n from mt_record m where ${where}`, params)).rows[0].n

  describe('sent records', () => {
    it('page through the whole filtered set in a stable order, total equal to the records', async () => {
      const body = { ...WIDE, cus_id: 'acme01', pageSize: 100 }
      const first = await list('/mtRecord/list', body)
      expect(first.total).toBe(await count(`cus_id = 'acme01' and prod_type = 0`))
      const seen: Row[] = []
      for (let p = 1; p <= Math.ceil(first.total / 100); p++) seen.push(...(await list('/mtRecord/list', { ...body, pageNumber: p })).records)
      expect(seen).toHaveLength(first.total)
      expect(new Set(seen.map((r) => r.sn)).size).toBe(first.total)
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1], seen[i]]
        expect(a.receive_time > b.receive_time || (a.receive_time === b.receive_time && a.sn > b.sn)).toBe(true)
      }
      expect(seen.every((r) => r.prod_type === 0 && r.cus_id === 'acme01' && r.cus_name === '艾克米市场部' && /^\d{6}$/.test(r.month))).toBe(true)
    })

    it('sort by a whitelisted column with the key as tiebreak; unknown columns fall back to newest first', async () => {
      const { records } = await list('/mtRecord/list', { ...WIDE, orderBy: 'cus_id', order: 'asc', pageSize: 500 })
      const keys = records.map((r) => [r.cus_id, r.sn])
      expect(keys).toEqual([...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])))
      const fallback = await list('/mtRecord/list', { ...WIDE, orderBy: 'content; drop table mt_record', pageSize: 5 })
      const plain = await list('/mtRecord/list', { ...WIDE, pageSize: 5 })
      expect(fallback.records.map((r) => r.sn)).toEqual(plain.records.map((r) => r.sn))
    })

    it.each([
      [0, 'success', `mt_status = 0 and report_result = 0`],
      [700, 'failure', `mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)`],
      [500, 'waiting', 'mt_status = 500'],
      [100, 'review', 'mt_status = 100'],
      [600, 'timeout', 'mt_status = 600'],
    ])('filter by status %i (%s)', async (status, key, where) => {
      const res = await list('/mtRecord/list', { ...WIDE, status, pageSize: 500 })
      expect(res.total).toBe(await count(`prod_type = 0 and ${where}`))
      expect(res.total).toBeGreaterThan(0)
      expect(res.records.every((r) => mtSendStatus(r as never) === key)).toBe(true)
    })

    it('filter by time (date-only end includes the day), by month, and default to the last 7 days', async () => {
      const day = (await h.db.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Shanghai') - interval '10 days', 'YYYY-MM-DD') as d`)).rows[0].d
      const oneDay = await list('/mtRecord/list', { start_time: day, end_time: day, pageSize: 500 })
      expect(oneDay.total).toBe(await count(`prod_type = 0 and (receive_time at time zone 'Asia/Shanghai')::date = $1::date`, [day]))
      expect(oneDay.total).toBeGreaterThan(0)
      const month = day.slice(0, 7).replace('-', '')
      const byMonth = await list('/mtRecord/list', { month })
      expect(byMonth.total).toBe(await count(`prod_type = 0 and to_char(receive_time at time zone 'Asia/Shanghai', 'YYYYMM') = $1`, [month]))
      const byDefault = await list('/mtRecord/list', {})
      expect(byDefault.total).toBe(await count(`prod_type = 0 and receive_time >= now() - interval '7 days'`))
      expect(byDefault.total).toBeLessThan((await list('/mtRecord/list', WIDE)).total)
    })

    it('filter by mobile and batch', async () => {
      const [some] = (await list('/mtRecord/list', { ...WIDE, pageSize: 1 })).records
      const byMobile = await list('/mtRecord/list', { ...WIDE, mobile: some.decodeMobile })
      expect(byMobile.total).toBeGreaterThan(0)
      expect(byMobile.records.every((r) => r.decodeMobile === some.decodeMobile)).toBe(true)
      const byBatch = await list('/mtRecord/list', { ...WIDE, batch_id: some.batch_id })
      expect(byBatch.total).toBe(await count(`prod_type = 0 and batch_id = $1`, [some.batch_id]))
    })

    it('search content only for users with showContentFilterWhere', async () => {
      const word = '验证码'
      const acme = await list('/mtRecord/list', { ...WIDE, content: word }, 'acme')
      expect(acme.total).toBeGreaterThan(0)
      expect(acme.records.every((r) => r.decodeContent.includes(word))).toBe(true)
      const initechAll = await list('/mtRecord/list', WIDE, 'initech')
      expect((await list('/mtRecord/list', { ...WIDE, content: word }, 'initech')).total).toBe(initechAll.total)
    })

    it('ignore the account filter for non-administrators (their scope still applies)', async () => {
      const acme = await list('/mtRecord/list', { ...WIDE, cus_id: 'globex' }, 'acme')
      expect(acme.total).toBe((await list('/mtRecord/list', WIDE, 'acme')).total)
      expect(acme.records.every((r) => r.cus_id.startsWith('acme'))).toBe(true)
    })

    it('blank status and report time with showClientStatus 0, and ignore its status filter', async () => {
      const g = await list('/mtRecord/list', WIDE, 'globex')
      expect(g.records.length).toBeGreaterThan(0)
      expect(g.records.every((r) => r.mt_status === null && r.report_result === null && r.report_result_desc === null && r.report_time === null)).toBe(true)
      expect((await list('/mtRecord/list', { ...WIDE, status: 100 }, 'globex')).total).toBe(g.total)
      const csv = await download('/mtRecord/download', { ...WIDE, format: 'csv' }, 'globex')
      const [head, ...rows] = parseCsv(csv.text)
      expect(rows.every((r) => r[head.indexOf('Send status')] === '' && r[head.indexOf('Reported')] === '')).toBe(true)
    })

    it('international rows have country and, only with the permission, price', async () => {
      const admin = await list('/newMtRecord/list', { ...WIDE, prod_type: 1 })
      expect(admin.records.length).toBeGreaterThan(0)
      expect(admin.records.every((r) => r.prod_type === 1 && r.country && r.countryName && typeof r.price === 'number' && /^\d+\.\d{4}$/.test(r.priceStr))).toBe(true)
      const acme = await list('/newMtRecord/list', { ...WIDE, prod_type: 1 }, 'acme')
      expect(acme.records.length).toBeGreaterThan(0)
      expect(acme.records.every((r) => !('price' in r) && !('priceStr' in r) && r.countryName)).toBe(true)
      const country = admin.records[0].country
      const one = await list('/newMtRecord/list', { ...WIDE, prod_type: 1, country })
      expect(one.total).toBe(await count(`prod_type = 1 and country_code = $1`, [country]))
      const file = parseCsv((await download('/newMtRecord/download', { ...WIDE, prod_type: 1, format: 'csv' }, 'acme')).text)
      expect(file[0]).toContain('Country')
      expect(file[0]).not.toContain('Price')
    })

    it('video rows carry the subject, csp rows the template name', async () => {
      const video = await list('/newMtRecord/list', { ...WIDE, prod_type: 2 })
      expect(video.records.length).toBeGreaterThan(0)
      expect(video.records.every((r) => r.prod_type === 2 && r.title)).toBe(true)
      const csp = await list('/newMtRecord/list', { ...WIDE, prod_type: 6 })
      expect(csp.records.every((r) => r.prod_type === 6 && r.template_name)).toBe(true)
      expect((await h.call('/newMtRecord/list', { prod_type: 0 }, { token: t.admin })).status).toBe(400)
    })
  })

  describe('uplink and interaction records', () => {
    it('filter uplink records by product, mobile and time', async () => {
      const all = await list('/moRecord/list', { ...WIDE, pageSize: 50 })
      const { rows } = await h.db.query<{ n: number }>(`select count(*)::int as n from mo_record where prod_type = 0`)
      expect(all.total).toBe(rows[0].n)
      const r0 = all.records[0]
      expect(Object.keys(r0).sort()).toEqual(['cus_id', 'cus_name', 'decodeContent', 'decodeMobile', 'deliver_time', 'opted_out', 'prod_type', 'sn', 'src_calling_number'])
      const byMobile = await list('/moRecord/list', { ...WIDE, mobile: r0.decodeMobile })
      expect(byMobile.records.every((r) => r.decodeMobile === r0.decodeMobile)).toBe(true)
      const video = await list('/moRecord/list', { ...WIDE, prod_type: 2 })
      expect(video.total).toBeGreaterThan(0)
      expect(video.records.every((r) => r.prod_type === 2)).toBe(true)
    })

    it('interaction records are replies with their whole content', async () => {
      const res = await list('/interact/list', { ...WIDE, pageSize: 100 })
      expect(res.total).toBeGreaterThan(0)
      expect(res.records.every((r) => r.decodeWholeContent.includes(r.decodeContent))).toBe(true)
      expect(res.total).toBeLessThan((await list('/moRecord/list', WIDE)).total)
    })
  })

  describe('short-link sends', () => {
    it('filter by click status; the marker follows the click time', async () => {
      const all = await list('/shortChainTool/list', { ...WIDE, pageSize: 500 })
      const clicked = await list('/shortChainTool/list', { ...WIDE, click_status: 1, pageSize: 500 })
      const unclicked = await list('/shortChainTool/list', { ...WIDE, click_status: 0, pageSize: 500 })
      expect(clicked.total).toBeGreaterThan(0)
      expect(unclicked.total).toBeGreaterThan(0)
      expect(clicked.total + unclicked.total).toBe(all.total)
      expect(all.total).toBe(await count(`prod_type = 0 and long_link is not null`))
      expect(clicked.records.every((r) => r.clicked && r.click_time && r.osystem && r.browser && r.mtLonglink)).toBe(true)
      expect(unclicked.records.every((r) => !r.clicked && r.click_time === null)).toBe(true)
    })
  })

  const download = async (path: string, body: Record<string, unknown>, user = 'admin', lang = 'en') => {
    const res = await h.app.request(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t[user]}`, 'accept-language': lang },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(200)
    const bytes = new Uint8Array(await res.arrayBuffer())
    return { res, bytes, text: new TextDecoder().decode(bytes) }
  }

  describe('downloads', () => {
    it('csv: BOM, headers in the caller language, the filtered rows newest first, X-Total-Count', async () => {
      const body = { ...WIDE, cus_id: 'acme01', status: 0 }
      const { res, bytes, text } = await download('/mtRecord/download', { ...body, format: 'csv' }, 'admin', 'zh-CN')
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(res.headers.get('content-type')).toContain('text/csv')
      expect(res.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''%E5%8F%91%E9%80%81%E8%AE%B0%E5%BD%95-\d{8}\.csv/)
      const [head, ...rows] = parseCsv(text)
      expect(head.slice(0, 3)).toEqual(['账号', '账号名称', '手机号码'])
      const listed = await list('/mtRecord/list', { ...body, pageSize: 500 })
      expect(Number(res.headers.get('x-total-count'))).toBe(listed.total)
      expect(rows).toHaveLength(listed.total)
      expect(rows.map((r) => r[2])).toEqual(listed.records.map((r) => r.decodeMobile))
      expect(rows.every((r) => r[head.indexOf('发送状态')] === '发送成功')).toBe(true)
    })

    it('xlsx opens as a workbook whose sheet holds the header and every filtered row', async () => {
      const body = { ...WIDE, cus_id: 'acme01' }
      const { res, bytes } = await download('/shortChainTool/download', body)
      expect(res.headers.get('content-type')).toContain('spreadsheetml')
      const files = unzipSync(bytes)
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']))
      const sheet = strFromU8(files['xl/worksheets/sheet1.xml'])
      const rows = [...sheet.matchAll(/<row>(.*?)<\/row>/g)].map((m) => [...m[1].matchAll(/<c(?: t="inlineStr")?>(?:<is><t xml:space="preserve">(.*?)<\/t><\/is>|<v>(.*?)<\/v>)?<\/c>|<c\/>/g)].map((c) => c[1] ?? c[2] ?? ''))
      const listed = await list('/shortChainTool/list', { ...body, pageSize: 500 })
      expect(rows[0][0]).toBe('Account')
      expect(rows.length - 1).toBe(listed.total)
      expect(rows.slice(1).map((r) => r[3])).toEqual(listed.records.map((r) => r.decodeMobile))
      expect(rows.slice(1).every((r) => r[0] === 'acme01' && ['Clicked', 'Not clicked'].includes(r[6]))).toBe(true)
    })

    it('uplink and interaction files carry their columns', async () => {
      const mo = parseCsv((await download('/moRecord/download', { ...WIDE, format: 'csv' })).text)
      expect(mo[0]).toEqual(['Account', 'Account name', 'Reply port number', 'Mobile', 'Content', 'Reply time'])
      expect(mo[1][5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      const interact = parseCsv((await download('/interact/download', { ...WIDE, format: 'csv' })).text)
      expect(interact[0].at(-1)).toBe('Whole content')
      expect(interact.length - 1).toBe((await list('/interact/list', WIDE)).total)
    })
  })
})
