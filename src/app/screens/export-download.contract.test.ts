import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locale } from '@/domain/constants'
import { toCsv } from '@/domain/csv'
import { contactsList } from '@/features/address-book/address-book.list'
import { interactRecordsList, moRecordsList } from '@/features/records/mo-records.list'
import { intlMtRecordsList, mtRecordsList, videoMtRecordsList } from '@/features/records/mt-records.list'
import { shortLinkRecordsList } from '@/features/records/short-link-records.list'
import { optOutsList } from '@/features/opt-outs/opt-outs.list'
import { batchStatsList } from '@/features/statistics/batch-stats.list'
import { sendStatsList } from '@/features/statistics/send-stats.list'
import type { ListContext, ListDefinition, Row } from '@/grid'
import { visibleColumns } from '@/grid/column-defs'
import { exportTable } from '@/grid/view-rows'
import { i18nObject } from '@/i18n/i18n-util'
import { loadAllLocales } from '@/i18n/i18n-util.sync'
import { setup, type Harness } from '../../../server/test/harness'

/*
 * "Export view" (the grid's CSV of the rows it loaded: the declaration's columns through exportTable and the product's
 * CSV, as ListScreen does) and "Download all" (the server's file of the same search) of one list say the same thing:
 * every column the grid exports is in the file under the same header, and each of its cells reads the same (months
 * yyyy-MM, times in the platform's zone, statuses and carrier codes in words, counts and money as plain numbers).
 * The file may carry more columns (the send statistics' product and replies) and the grid a few of its own (below),
 * and the totals row "Export view" appends is the grid's own.
 */
interface Case {
  list: ListDefinition
  search: Record<string, unknown>
  /** Fields only the grid shows: a mark computed for the page (opted out) or a derived rate. */
  gridOnly: string[]
  /** Headers' catalogue fields that identify a row, when the file orders its rows otherwise than the list. */
  key?: string[]
}

const WIDE = { start_time: '2000-01-01', end_time: '2100-01-01' }
const CASES: Case[] = [
  { list: mtRecordsList, search: { ...WIDE, cus_id: 'acme' }, gridOnly: ['opted_out'] },
  { list: batchStatsList, search: WIDE, gridOnly: ['success_rate'] },
  // The file is per period, account and product; with the product fixed a period and an account name one row.
  { list: sendStatsList, search: { ...WIDE, dimension: 1 }, gridOnly: [], key: ['gathering_time', 'cus_id'] },
  { list: contactsList, search: WIDE, gridOnly: ['opted_out'] },
  { list: intlMtRecordsList, search: WIDE, gridOnly: ['opted_out'] },
  { list: videoMtRecordsList, search: WIDE, gridOnly: ['opted_out'] },
  { list: moRecordsList, search: WIDE, gridOnly: ['opted_out'] },
  { list: interactRecordsList, search: WIDE, gridOnly: ['opted_out'] },
  { list: shortLinkRecordsList, search: WIDE, gridOnly: ['opted_out'] },
  { list: optOutsList, search: WIDE, gridOnly: [] },
]
const PAGE = 500

/** RFC 4180 as src/domain/csv.ts writes it: BOM, CRLF, quoted cells with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const s = text.replace(/^\uFEFF/, '')
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]
    if (quoted && ch === '"' && s[i + 1] === '"') {
      cell += '"'
      i++
    } else if (quoted && ch === '"') quoted = false
    else if (quoted) cell += ch
    else if (ch === '"') quoted = true
    else if (ch === ',') endCell()
    else if (ch === '\r' && s[i + 1] === '\n') {
      endCell()
      rows.push(row)
      row = []
      i++
    } else cell += ch
  }
  if (cell || row.length) {
    endCell()
    rows.push(row)
  }
  return rows
}

let h: Harness
let token: string
let ctx: ListContext

beforeAll(async () => {
  loadAllLocales()
  h = await setup()
  token = await h.tokenFor('admin', 'Admin@12345')
  const info = await h.call('/user/getUserInfo', {}, { token })
  ctx = { authUser: info.data.userInfo.authUser, roles: info.data.roles, flags: Object.fromEntries(info.data.permission.map((p: string) => [p, true])) }
})
afterAll(() => h?.close())

async function exportView(c: Case, locale: Locale) {
  const { list } = c
  const res = await h.call(list.endpoint, { ...c.search, ...list.fixed, ...list.defaultSort, pageNumber: 1, pageSize: PAGE }, { token, lang: locale })
  expect(res.status, res.msg).toBe(200)
  const rows = res.data.records as Row[]
  expect(rows.length, 'the demo data fills the list').toBeGreaterThan(0)
  const columns = visibleColumns(list, ctx).filter((col) => !c.gridOnly.includes(col.field))
  const { header, body } = exportTable(columns.map((col) => col.field), list, i18nObject(locale), rows, null)
  return { fields: columns.map((col) => col.field), table: parseCsv(new TextDecoder().decode(toCsv(header, body))) }
}

async function downloadAll(c: Case, locale: Locale) {
  const { list } = c
  const res = await h.app.request(`/api${list.download!.endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': locale },
    body: JSON.stringify({ ...c.search, ...list.fixed, ...list.defaultSort, format: 'csv' }),
  })
  expect(res.status).toBe(200)
  return parseCsv(await res.text())
}

describe('"Export view" and "Download all" of the same list', () => {
  it.each(CASES.flatMap((c) => (['zh-CN', 'en'] as const).map((l) => [c.list.id, l, c] as const)))('%s (%s)', async (_id, locale, c) => {
    const [view, file] = await Promise.all([exportView(c, locale), downloadAll(c, locale)])
    const [viewHead, ...viewRows] = view.table
    const [fileHead, ...fileRows] = file
    const at = viewHead.map((head) => fileHead.indexOf(head))
    expect(viewHead.filter((_, i) => at[i] < 0), `headers the file lacks (it has ${fileHead.join(', ')})`).toEqual([])
    const keyOf = (cells: string[], cols: number[]) => cols.map((i) => cells[i]).join('\u0000')
    const keyCols = c.key?.map((f) => view.fields.indexOf(f))
    const fileByKey = keyCols && new Map(fileRows.map((r) => [keyOf(r, keyCols.map((i) => at[i])), r]))
    const mismatches: string[] = []
    viewRows.forEach((row, r) => {
      const fileRow = fileByKey ? fileByKey.get(keyOf(row, keyCols!)) : fileRows[r]
      if (!fileRow) return void mismatches.push(`row ${r + 1}: not in the file`)
      row.forEach((cell, i) => {
        if (fileRow[at[i]] !== cell) mismatches.push(`row ${r + 1} ${viewHead[i]}: view ${JSON.stringify(cell)}, file ${JSON.stringify(fileRow[at[i]])}`)
      })
    })
    expect(mismatches.slice(0, 12), `${mismatches.length} cells differ`).toEqual([])
    if (!fileByKey) expect(fileRows.length).toBeGreaterThanOrEqual(viewRows.length)
  })
})
