import { crc32 } from 'node:zlib'
import * as XLSX from '@e965/xlsx'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { heapGrowthDuring } from '../test/memory'
import { parseCsv } from './csv.test-helper'
import { csvWriter, xlsxWriter, type Cell, type FileWriter } from './writers'

const collect = (make: (push: (c: Uint8Array) => void) => FileWriter) => {
  const chunks: Uint8Array[] = []
  const w = make((c) => chunks.push(c))
  return { w, bytes: () => Buffer.concat(chunks) }
}

/** Every entry of the zip's central directory: name, CRC-32, uncompressed size, as a reader checks them. */
function centralDirectory(zip: Uint8Array) {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const eocd = zip.length - 22
  expect(v.getUint32(eocd, true)).toBe(0x06054b50)
  const count = v.getUint16(eocd + 10, true)
  let at = v.getUint32(eocd + 16, true)
  const out: { name: string; crc: number; size: number }[] = []
  for (let i = 0; i < count; i++) {
    expect(v.getUint32(at, true)).toBe(0x02014b50)
    const nameLen = v.getUint16(at + 28, true)
    out.push({ name: strFromU8(zip.subarray(at + 46, at + 46 + nameLen)), crc: v.getUint32(at + 16, true), size: v.getUint32(at + 24, true) })
    at += 46 + nameLen + v.getUint16(at + 30, true) + v.getUint16(at + 32, true)
  }
  return out
}

/**
 * The cells a spreadsheet program reads back, every sheet after the first without its header row, read by SheetJS
 * straight from the streamed bytes: it walks the local headers, so every entry must be one whose end it can find
 * without the sizes a streamed entry only gives in its data descriptor (deflated, not stored).
 */
function readBack(zip: Uint8Array): Cell[][] {
  const book = XLSX.read(zip, { type: 'buffer', raw: true })
  return book.SheetNames.flatMap((name, i) =>
    XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[name], { header: 1, raw: true, defval: null, blankrows: true }).slice(i ? 1 : 0))
}

describe('file writers', () => {
  it('csv streams the product CSV: BOM, CRLF, quoting and formula cells neutralised, in rows and rowsOf alike', () => {
    const { w, bytes } = collect(csvWriter)
    w.start(['账号', 'Content'])
    w.rows([['acme', '你好, "世界"'], ['x', null]])
    w.rowsOf([{ a: '=1+2', n: -5 }], [(r) => r.a, (r) => r.n])
    const out = bytes()
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(parseCsv(new TextDecoder().decode(out))).toEqual([['账号', 'Content'], ['acme', '你好, "世界"'], ['x', ''], ["'=1+2", '-5']])
    expect(new TextDecoder().decode(out).split('\r\n')).toHaveLength(5)
  })

  it('xlsx escapes XML, drops control characters and continues on a new sheet past the row limit', async () => {
    const { w, bytes } = collect((push) => xlsxWriter(push, 2))
    w.start(['h'])
    await w.rows([['<a&b>'], ['bell\u0007'], [3]])
    await w.end()
    const files = unzipSync(bytes())
    expect(strFromU8(files['xl/workbook.xml'])).toContain('sheetId="2"')
    expect(strFromU8(files['xl/worksheets/sheet1.xml'])).toContain('&lt;a&amp;b&gt;</t>')
    expect(strFromU8(files['xl/worksheets/sheet1.xml'])).toContain('>bell</t>')
    expect(strFromU8(files['xl/worksheets/sheet2.xml'])).toMatch(/<row><c t="inlineStr"><is><t xml:space="preserve">h<\/t><\/is><\/c><\/row><row><c><v>3<\/v><\/c><\/row>/)
  })

  it('xlsx reads back cell for cell: unicode, escaping, numbers, times as text, empty cells, over batches and sheets', async () => {
    const rows: Cell[][] = [
      ['【阿克米】验证码 123456，5分钟内有效', 13800138000, '2026-11-20 10:00:01', 0.05, null],
      ['<b>&amp; "quoted" \'single\'</b>', -12.5, '', 'emoji 📱 and 𠮷', '  leading and trailing  '],
      ['=1+2', 0, 'tab\tand\nnew line', 1e21, 'ﬀ\u00e9\u0301'],
      [null, null, null, null, 'only last'],
    ]
    const { w, bytes } = collect((push) => xlsxWriter(push, 3))
    w.start(['账号', 'Mobile', '时间', 'Price', 'Note'])
    for (let i = 0; i < 5; i++) await w.rows(rows)
    await w.rows([])
    await w.end()
    const zip = bytes()
    const want = [['账号', 'Mobile', '时间', 'Price', 'Note'], ...Array.from({ length: 5 }, () => rows).flat()]
      .map((r) => r.map((c) => (c === '' ? null : c)))
    expect(readBack(zip)).toEqual(want)
    // 20 rows, 3 per sheet: 7 sheets, each with the header.
    const files = unzipSync(zip)
    expect(Object.keys(files).filter((f) => f.startsWith('xl/worksheets/'))).toHaveLength(7)
    // Every entry's CRC-32 and size in the central directory match its content, as strict readers check.
    for (const entry of centralDirectory(zip)) {
      expect(entry.size, entry.name).toBe(files[entry.name].length)
      expect(entry.crc, entry.name).toBe(crc32(files[entry.name]))
    }
  })

  it('xlsx of a header only (no rows) is a valid workbook with one sheet', async () => {
    const { w, bytes } = collect(xlsxWriter)
    w.start(['h1', 'h2'])
    await w.end()
    expect(readBack(bytes())).toEqual([['h1', 'h2']])
  })

  it('xlsx holds about one batch however many rows go through (60 MB of sheet XML, heap growth bounded)', async () => {
    const body = '【阿克米】'.padEnd(300, '内容 content ')
    const batch: Cell[][] = Array.from({ length: 1000 }, (_, i) => ['acme01', 13800000000 + i, body, '2026-11-20 10:00:00', i])
    let zipped = 0
    const { growthMb } = await heapGrowthDuring(async () => {
      const w = xlsxWriter((c) => { zipped += c.length })
      w.start(['a', 'b', 'c', 'd', 'e'])
      for (let i = 0; i < 100; i++) await w.rows(batch)
      await w.end()
    })
    expect(zipped).toBeGreaterThan(0)
    expect(growthMb).toBeLessThan(30)
  })
})
