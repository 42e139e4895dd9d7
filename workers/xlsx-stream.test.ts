import { readFileSync } from 'node:fs'
import { utils, write } from '@e965/xlsx'
import fc from 'fast-check'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { sheetNames, sheetToTsv, sheetToTsvBySheetJs } from './spreadsheet'
import { SHARED_STRINGS_LIMIT } from './xlsx-stream'

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

/** Both readers agree, formatted or not, on every sheet. */
function expectSameAsSheetJs(file: Uint8Array, sheets = 1, modes = [true, false]) {
  for (let sheet = 0; sheet < sheets; sheet++) {
    for (const formatted of modes) {
      const ours = sheetToTsv(file, { sheet, formatted })
      const theirs = sheetToTsvBySheetJs(file, { sheet, formatted })
      expect({ ...ours, tsv: text(ours.tsv) }).toEqual({ ...theirs, tsv: text(theirs.tsv) })
    }
  }
}

const mobile = fc.integer({ min: 13_000_000_000, max: 19_999_999_999 })
const cell = fc.oneof(
  mobile,
  mobile.map((n) => `+86 ${String(n).replace(/(\d{3})(\d{4})/, '$1-$2 ')}`),
  fc.integer({ min: 8_613_000_000_000, max: 8_619_999_999_999 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.integer({ min: 0, max: 60_000 }),
  fc.string({ unit: fc.constantFrom('a', '张', '&', '<', '>', '"', "'", '\t', '\r', '\n', ' ', '\0', '_x000D_', '1') }),
  fc.boolean(),
  fc.constant(null),
)
const FORMATS = ['0.00', '0.0%', 'yyyy-mm-dd', '#,##0', 'm/d/yy h:mm', '@', '0.00E+00']
const row = fc.oneof({ weight: 5, arbitrary: fc.array(cell, { maxLength: 5 }) }, fc.constant<unknown[]>([]))
const sheet = fc.record({
  header: fc.boolean(),
  rows: fc.array(row, { maxLength: 12 }),
  formats: fc.array(fc.tuple(fc.nat(60), fc.constantFrom(...FORMATS)), { maxLength: 6 }),
})

function workbook(sheets: { header: boolean; rows: unknown[][]; formats: [number, string][] }[], shared: boolean) {
  const wb = utils.book_new()
  sheets.forEach((s, i) => {
    const ws = utils.aoa_to_sheet(s.header ? [['手机号', 'name', 'note'], ...s.rows] : s.rows, { dense: true })
    const data = (ws['!data'] ?? []) as ({ t: string; z?: string } | undefined)[][]
    for (const [at, z] of s.formats) {
      const c = data[at % Math.max(1, data.length)]?.[at % 5]
      if (c && c.t === 'n') c.z = z
    }
    utils.book_append_sheet(wb, ws, `表${i + 1}`)
  })
  return new Uint8Array(write(wb, { type: 'array', bookType: 'xlsx', bookSST: shared, compression: true }) as ArrayBuffer)
}

describe('the streaming xlsx reader', () => {
  it('gives the same TSV, header and counts as SheetJS on generated sheets, shared or inline strings, any sheet', () => {
    fc.assert(
      fc.property(fc.array(sheet, { minLength: 1, maxLength: 2 }), fc.boolean(), (sheets, shared) => {
        const file = workbook(sheets, shared)
        expect(sheetNames(file)).toEqual(sheets.map((_, i) => `表${i + 1}`))
        expectSameAsSheetJs(file, sheets.length)
      }),
      { numRuns: 100 },
    )
  })

  it('writes a mobile stored as a number in full and a formatted date as Excel shows it', () => {
    const file = workbook([{ header: true, rows: [[13800138000, 45306], [8613900139000]], formats: [[1, 'yyyy-mm-dd']] }], false)
    const out = sheetToTsv(file)
    expect(out.header).toEqual(['手机号', 'name', 'note'])
    expect(text(out.tsv)).toBe('13800138000\t2024-01-15\n8613900139000\n')
  })

  it('reads the parts other writers make: inline and rich strings, phonetic runs, prefixed tags, stored entries, rows and cells without references', () => {
    const file = handBuilt(
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
        '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>备注</x:t></x:is></x:c></x:row>' +
        '<x:row r="2"><x:c r="A2" s="1"><x:v>13800138000</x:v></x:c><x:c r="B2" t="s"><x:v>1</x:v></x:c><x:c r="C2" t="inlineStr"><x:is><x:r><x:t>a &amp; </x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">b&#x4E2D;</x:t></x:r></x:is></x:c></x:row>' +
        '<x:row><x:c><x:v>1.5</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c></x:row>' +
        '<x:row r="5"/><x:row r="6"><x:c r="B6" t="str"><x:v>x</x:v></x:c></x:row><x:row r="9"/></x:sheetData></x:worksheet>',
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>手机号</t></si><si><r><t>张</t></r><r><t>三</t></r><rPh sb="0" eb="2"><t>ちょう</t></rPh></si></sst>',
    )
    const out = sheetToTsv(file)
    expect(out.header).toEqual(['手机号', '', '备注'])
    expect(text(out.tsv)).toBe('13800138000\t张三\ta & b中\n1.5\tTRUE\t#N/A\n\n\n\tx\n')
    expectSameAsSheetJs(file, 1, [true])
    // Unformatted, SheetJS writes an error cell as its internal code (42); the error's text says more.
    expect(text(sheetToTsv(file, { formatted: false }).tsv)).toContain('1.5\ttrue\t#N/A\n')
  })

  it('finds a part its relationships name, whatever the case the writer spelt it in', () => {
    const file = handBuilt('<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>', '<sst><si><t>13800138000</t></si></sst>', 'xl/SharedStrings.XML')
    expect(text(sheetToTsv(file).tsv)).toBe('13800138000\n')
  })

  it('reads rows longer than the pieces the worksheet is inflated in', () => {
    let seed = 7
    const random = () => (seed = (seed * 48271) % 2147483647)
    const rows = [0, 1, 2].map(() => Array.from({ length: 16_000 }, () => 13_000_000_000 + (random() % 1_000_000_000)))
    const file = workbook([{ header: false, rows, formats: [] }], false)
    const out = sheetToTsv(file)
    expect(out).toMatchObject({ rows: 3, columns: 16_000 })
    expect(text(out.tsv).split('\n')[2].split('\t')[15_999]).toBe(String(rows[2][15_999]))
    expectSameAsSheetJs(file)
  })

  it('refuses a cut-off, damaged or empty file, and a sheet that is not there', () => {
    const file = workbook([{ header: false, rows: [[13800138000, 'x']], formats: [] }], true)
    for (const cut of [0, 4, 100, file.length / 2, file.length - 10]) {
      expect(() => sheetToTsv(file.subarray(0, Math.floor(cut)))).toThrow('unreadable')
    }
    const damaged = file.slice()
    damaged.fill(0x55, 200, 400)
    expect(() => sheetToTsv(damaged)).toThrow('unreadable')
    expect(() => sheetToTsv(file, { sheet: 1 })).toThrow('unreadable')
  })

  it('refuses shared strings over their bound as expanding too far instead of holding them', () => {
    const file = workbook([{ header: false, rows: [['13800138000'], ['13900139000'], ['13700137000']], formats: [] }], true)
    const count = SHARED_STRINGS_LIMIT.count
    SHARED_STRINGS_LIMIT.count = 2
    try {
      expect(() => sheetToTsv(file)).toThrow('expandsTooFar')
    } finally {
      SHARED_STRINGS_LIMIT.count = count
    }
    expect(text(sheetToTsv(file).tsv)).toBe('13800138000\n13900139000\n13700137000\n')
  })
})

/** A minimal xlsx as another writer lays it out (stored, not deflated, where the zip allows). */
function handBuilt(sheetXml: string, sharedXml: string, sharedName = 'xl/sharedStrings.xml'): Uint8Array {
  const stored = (s: string): [Uint8Array, { level: 0 }] => [strToU8(s), { level: 0 }]
  return zipSync({
    '[Content_Types].xml': stored('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/data.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>'),
    '_rels/.rels': stored('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    'xl/workbook.xml': stored('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="名单" sheetId="1" r:id="rId7"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': stored('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/><Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>'),
    'xl/styles.xml': strToU8('<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="1"/></cellXfs></styleSheet>'),
    [sharedName]: strToU8(sharedXml),
    'xl/worksheets/data.xml': strToU8(sheetXml),
  })
}

describe('spreadsheets written by LibreOffice', () => {
  const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../tests/fixtures/spreadsheets/${name}`, import.meta.url)))
  const cases: [string, number, string[] | null, string][] = [
    ['numeric-header.xlsx', 0, ['手机号', '姓名', '金额', '日期'], '13800138000\t张三\t12.5\t2024-01-15\n8613900139000\t李四\t1234.56\t2023-12-31\n\n13700137000\t王, 五\t0.1\t2024-02-29\n'],
    ['numeric-no-header.xlsx', 0, null, '13800138000\tA\n13900139000\tB\n\n13700137000\tC\n447911123456789\tD\n'],
    ['text-mobiles.xlsx', 0, null, 'mobile\tname\n+86 138-0013-8000\tLi Lei\n139 0013 9000\tHan Meimei\n0086 13700137000\tmulti line\n13600136000\tx\n'],
    ['two-sheets.xlsx', 1, ['姓名', '手机号', '生日'], '张三\t13800138000\t20240115\n\n李四\t139 0013 9000\t20230315\nBob\t8613700137000\n'],
  ]

  it.each(cases)('reads %s (sheet %i) as SheetJS does: numeric and text mobiles, header or none, dates, empty rows', (name, sheet, header, tsv) => {
    const file = fixture(name)
    const out = sheetToTsv(file, { sheet })
    expect(out.header).toEqual(header)
    expect(text(out.tsv)).toBe(tsv)
    expectSameAsSheetJs(file, sheetNames(file).length)
  })

  it('lists the sheets of an xlsx and of a legacy xls alike, and reads the xls on SheetJS', () => {
    expect(sheetNames(fixture('two-sheets.xlsx'))).toEqual(['说明', '联系人'])
    expect(sheetNames(fixture('two-sheets.xls'))).toEqual(['说明', '联系人'])
    expect(text(sheetToTsv(fixture('two-sheets.xls'), { sheet: 1 }).tsv)).toBe(text(sheetToTsv(fixture('two-sheets.xlsx'), { sheet: 1 }).tsv))
    expect(text(sheetToTsv(fixture('numeric-header.xls')).tsv)).toBe(cases[0][3])
  })
})
