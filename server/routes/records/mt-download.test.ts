import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { carrierCodeText } from '../../../src/domain/carrier-codes'
import type { Locale } from '../../../src/domain/constants'
import { PROD_CSP, PROD_VIDEO, mtDownloadColumns } from '../../../src/domain/lists/records'
import { DOWNLOAD_BATCH } from '../../lists'
import { csvWriter, xlsxWriter, type Cell } from '../../lists/writers'
import { DEMO_ACCOUNTS } from '../../seed'
import { setup, type Harness } from '../../test/harness'
import { fileTime, statusWord } from './common'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const WIDE = { start_time: '2000-01-01' }

// Text a file must carry exactly: quotes, separators and line breaks (quoted), formula starts (neutralised), empty
// text and nulls, tabs, Chinese and characters outside the BMP. Times at a second's last microsecond and across
// midnight in the file's zone (+8), which a rounding or a wrong offset would move.
const TRICKY = ['say "hi", then\r\nleave', '=1+1', '+86 1', '-5', '@sum', '\tx', '\rx', '', '你好，世界 😀', 'a\nb', ',', '"']
const TIMES = ['2026-03-04 15:59:59.999999+00', '2026-03-04 16:00:00.000001+00', '2025-12-31 23:59:59.5+00']

/**
 * The file as the download wrote it before it read through one cursor with times formatted by the database: the
 * rows the list gives page by page (same filter, same order), each time through fileTime, the month as yyyy-MM, the
 * carrier code in words (carrierCodeText) and the status through
 * statusWord, written by the writers' row-array call.
 */
async function referenceFile(rows: Row[], prodType: number, withPrice: boolean, locale: Locale, format: 'csv' | 'xlsx') {
  const columns = mtDownloadColumns(prodType, withPrice)
  const cells = rows.map((row): Cell[] => columns.map((c) =>
    c.field === 'status' ? statusWord(row as never, locale)
    : c.field === 'report_result_desc' ? carrierCodeText(row.report_result_desc, locale)
    : c.field === 'month' ? `${row.month.slice(0, 4)}-${row.month.slice(4)}`
    : c.field === 'receive_time' || c.field === 'report_time' ? fileTime(row[c.field])
    : row[c.field] as Cell))
  const chunks: Uint8Array[] = []
  const writer = format === 'csv' ? csvWriter((b) => chunks.push(b)) : xlsxWriter((b) => chunks.push(b))
  writer.start(columns.map((c) => c.header[locale]))
  for (let i = 0; i < cells.length; i += DOWNLOAD_BATCH) await writer.rows(cells.slice(i, i + DOWNLOAD_BATCH))
  await writer.end()
  return new Uint8Array(Buffer.concat(chunks))
}

const sheetXml = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml'])

describe('routes/records/mt-download', () => {
  let h: Harness
  const t: Record<string, string> = {}
  beforeAll(async () => {
    // More sent records than one batch holds, so the file spans batch boundaries.
    h = await setup({ historyRows: 16_000 })
    for (const u of ['admin', 'acme', 'globex']) t[u] = await h.tokenFor(u, DEMO_ACCOUNTS.find((a) => a.cusId === u)!.password)
    const values: string[] = []
    const params: unknown[] = []
    const bind = (v: unknown) => `$${params.push(v)}`
    TRICKY.forEach((text, i) => {
      const time = TIMES[i % TIMES.length]
      const statuses: [number, number | null][] = [[0, 0], [0, 3], [100, null], [500, null], [600, null]]
      const [status, result] = statuses[i % statuses.length]
      // (video and 5G messages carry the template's name too, a column of their files)
      for (const [cus, prod] of [['acme', 0], ['globex', 0], ['acme', 1], ['acme', PROD_VIDEO], ['globex', PROD_CSP]] as const) {
        values.push(`(${bind(cus)}, ${bind(prod)}, ${bind(i % 2 ? text : `1380000${i}`)}, ${bind(text)}, ${bind(prod === 1 ? 'US' : null)}, 0.0123,
          ${bind(status)}, ${bind(result)}, ${bind(i % 3 ? text : '')}, ${bind(time)}::timestamptz, ${bind(i % 2 ? null : TIMES[(i + 1) % TIMES.length])}::timestamptz,
          ${bind(i % 4 ? `B${text}` : null)}, ${bind(prod > 1 && i % 2 ? text : null)})`)
      }
    })
    await h.db.query(`insert into mt_record (cus_id, prod_type, mobile, content, country_code, price, mt_status, report_result, report_result_desc,
      receive_time, report_time, batch_id, template_name) values ${values.join(', ')}`, params)
  }, 120_000)
  afterAll(() => h.close())

  const listed = async (path: string, body: Record<string, unknown>, user: string, lang: Locale) => {
    const rows: Row[] = []
    for (let page = 1; ; page++) {
      const res = await h.call(path, { ...body, pageNumber: page, pageSize: 500 }, { token: t[user], lang })
      expect(res.status, res.msg).toBe(200)
      const { records, total } = res.data as { records: Row[]; total: number }
      rows.push(...records)
      if (rows.length >= total || !records.length) return rows
    }
  }
  const download = async (path: string, body: Record<string, unknown>, user: string, lang: Locale) => {
    const res = await h.app.request(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t[user]}`, 'accept-language': lang },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(200)
    return new Uint8Array(await res.arrayBuffer())
  }

  describe('a sent-record download holds the very bytes the row-by-row writer gave for the same rows', () => {
    it.each([
      ['admin', 'zh-CN', '/mtRecord/download', {}, 0, false],
      ['admin', 'en', '/mtRecord/download', { cus_id: 'acme' }, 0, false],
      // showClientStatus 0: status, its description and the report time blank
      ['globex', 'zh-CN', '/mtRecord/download', {}, 0, false],
      // international: country name in the caller's language, and the price for the administrator only
      ['admin', 'en', '/newMtRecord/download', { prod_type: 1 }, 1, true],
      ['acme', 'zh-CN', '/newMtRecord/download', { prod_type: 1 }, 1, false],
      // video (subject) and 5G messages (template name)
      ['admin', 'en', '/newMtRecord/download', { prod_type: PROD_VIDEO }, PROD_VIDEO, false],
      ['admin', 'zh-CN', '/newMtRecord/download', { prod_type: PROD_CSP }, PROD_CSP, false],
    ] as const)('%s, %s, %s %j: csv', async (user, lang, path, filter, prodType, withPrice) => {
      const body = { ...WIDE, ...filter }
      const rows = await listed(path.replace('download', 'list'), body, user, lang)
      expect(rows.length).toBeGreaterThan(0)
      if (user === 'admin' && prodType === 0 && !('cus_id' in filter)) expect(rows.length).toBeGreaterThan(DOWNLOAD_BATCH)
      const got = await download(path, { ...body, format: 'csv' }, user, lang)
      const want = await referenceFile(rows, prodType, withPrice, lang, 'csv')
      expect(got.length).toBe(want.length)
      expect(Buffer.from(got).equals(Buffer.from(want))).toBe(true)
      // the tricky rows are in it, quoted and neutralised
      const text = new TextDecoder().decode(got)
      expect(text).toContain('"say ""hi"", then\r\nleave"')
      expect(text).toContain(",'=1+1,")
    })

    it('xlsx: the same sheet XML', async () => {
      const rows = await listed('/mtRecord/list', WIDE, 'admin', 'zh-CN')
      const got = await download('/mtRecord/download', { ...WIDE, format: 'xlsx' }, 'admin', 'zh-CN')
      expect(sheetXml(got)).toBe(sheetXml(await referenceFile(rows, 0, false, 'zh-CN', 'xlsx')))
    })
  })
})
