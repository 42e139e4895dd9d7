import { describe, expect, it } from 'vitest'
import { measureContent } from '../src/domain/billing'
import { parseNumberList } from '../src/domain/numbers'
import { fillTemplate, mobileProblem, normalizeMobile, readP2pRows } from '../src/domain/send-p2p'
import { arrangeRows, measureArranged } from './p2p-rows'
import type { SheetTsv } from './spreadsheet'

const enc = (s: string) => new TextEncoder().encode(s)
const text = (b: Uint8Array) => new TextDecoder().decode(b)
const sheet = (tsv: string, header: string[] | null = null): SheetTsv => ({
  tsv: enc(tsv), rows: tsv.split('\n').filter(Boolean).length, header,
  columns: Math.max(header?.length ?? 0, ...tsv.split('\n').map((l) => l.split('\t').length)),
})

describe('normalizeMobile', () => {
  it('accepts exactly what parseNumberList accepts for one domestic entry, normalised the same way', () => {
    const cases = ['13800138000', '+8613800138000', '008613800138000', '8613800138000', '138-0013-8000', '138.0013.8000',
      '１３８００１３８０００', '12800138000', '1380013800', '138001380001', '+13800138000', '02088887777', 'abc', '', '+008613800138000', '8602088887777']
    for (const c of cases) {
      const r = parseNumberList(enc(c))
      expect(normalizeMobile(c), c).toBe(r.valid ? text(r.numbers) : null)
    }
  })

  it('also reads a cell with spaces inside as one mobile', () => {
    expect(normalizeMobile(' 138 0013 8000 ')).toBe('13800138000')
  })
})

describe('mobileProblem', () => {
  it('gives parseNumberList\'s reason for a refused mobile, and "empty" for an empty cell', () => {
    const cases = ['12800138000', '1380013800', '138001380001', '+13800138000', '02088887777', 'abc', '+008613800138000', '8602088887777', '138-0013-800x']
    for (const c of cases) {
      expect(normalizeMobile(c), c).toBeNull()
      expect(mobileProblem(c), c).toBe(parseNumberList(enc(c)).invalidSamples[0].reason)
    }
    expect(mobileProblem('')).toBe('empty')
    expect(mobileProblem(' - ')).toBe('empty')
  })
})

describe('readP2pRows', () => {
  it('counts invalid and repeated rows, keeps the first row of a mobile, and takes the values around the mobile column', () => {
    const r = readP2pRows('a\t13800138000\tb\r\nc\t138-0013-8000\td\nx\tbad\n\n', { mobileColumn: 1 })
    expect(r).toEqual({ total: 4, invalid: 2, duplicates: 1, mobiles: ['13800138000'], values: [['a', 'b']] })
  })

  it('tells of each invalid row with its number and cell', () => {
    const heard: [number, string][] = []
    readP2pRows('a\t13800138000\nb\tbad\nc\nd\t13900139000', { mobileColumn: 1, onInvalid: (row, cell) => heard.push([row, cell]) })
    expect(heard).toEqual([[2, 'bad'], [3, '']])
  })
})

describe('arrangeRows', () => {
  const file = sheet('张三\t13800138000\tVIP\n李四\t13900139000\n王五\t123\n赵六\t13800138000\tagain\n', ['name', 'mobile', 'level'])

  it('moves the chosen mobile column first, drops invalid and repeated rows, and packs what is sent', () => {
    const { result } = arrangeRows(file, { mobileColumn: 1, firstRowIsHeader: true })
    expect(result).toMatchObject({ total: 4, valid: 2, invalid: 1, duplicates: 1, columns: 3, names: ['name', 'mobile', 'level'] })
    expect(text(result.rows)).toBe('13800138000\t张三\tVIP\n13900139000\t李四\n')
    expect(result.sample[0]).toEqual(['张三', '13800138000', 'VIP'])
  })

  it('lists every refused row by its spreadsheet row number (the header is row 1), with the cell and the reason', () => {
    const many = Array.from({ length: 150 }, (_, i) => `n${i}\t${i % 2 ? '0551' + i : ''}`).join('\n')
    const withHeader = arrangeRows(sheet(`张三\t13800138000\n${many}\n`, ['name', 'mobile']), { mobileColumn: 1, firstRowIsHeader: true }).result
    expect(withHeader.invalid).toBe(150)
    expect(withHeader.invalidSamples).toHaveLength(100)
    expect(withHeader.invalidSamples.slice(0, 2)).toEqual([{ row: 3, cell: '', reason: 'empty' }, { row: 4, cell: '05511', reason: 'landline' }])
    const lines = text(withHeader.invalidLines).split('\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(150)
    expect(lines[149]).toBe('152\t0551149\tlandline')
    // Without a header row the first data row is row 1.
    expect(arrangeRows(file, { mobileColumn: 1, firstRowIsHeader: false }).result.invalidSamples.map((r) => r.row)).toEqual([1, 4])
    expect(arrangeRows(file, { mobileColumn: 1, firstRowIsHeader: true }).result.invalidSamples).toEqual([{ row: 4, cell: '123', reason: 'length' }])
  })

  it('turns a detected header back into a data row, or takes the first row as the header on request', () => {
    const asData = arrangeRows(file, { mobileColumn: 1, firstRowIsHeader: false }).result
    expect(asData).toMatchObject({ total: 5, invalid: 2, names: null })
    expect(asData.sample[0]).toEqual(['name', 'mobile', 'level'])
    const taken = arrangeRows(sheet('mobile\n13800138000\n'), { mobileColumn: 0, firstRowIsHeader: true }).result
    expect(taken).toMatchObject({ total: 1, valid: 1, names: ['mobile'] })
  })

  it('measures the same total messages the server bills for the filled rows, empty values for missing cells', () => {
    const rows = Array.from({ length: 300 }, (_, i) => [`139${String(i).padStart(8, '0')}`, i % 3 ? 'x'.repeat(i) : '李'.repeat(i % 90), i % 7 ? `v${i}` : ''])
    const a = arrangeRows(sheet(rows.map((r) => r.join('\t').replace(/\t+$/, '')).join('\n')), { mobileColumn: 0, firstRowIsHeader: false })
    const template = '您好{p1}，编号{p2}{p3}。'
    const expected = rows.reduce((s, r) => s + measureContent(fillTemplate(template, r.slice(1))).messages, 0)
    expect(measureArranged(template, a).messages).toBe(expected)
    expect(measureArranged('only ascii {p1}', a).rows).toBe(300)
  })

  it('names the row with the longest filled message as the spreadsheet numbers it (header row 1, dropped rows counted)', () => {
    const tsv = ['name\tmobile', 'a\t13800138001', 'b\tbad', 'c\t13800138001', `${'长'.repeat(30)}\t13800138002`, 'd\t13800138003'].join('\n')
    const a = arrangeRows(sheet(tsv), { mobileColumn: 1, firstRowIsHeader: true })
    const m = measureArranged('Hi {p1}', a)
    expect(m).toMatchObject({ longestChars: 33, longestSheetRow: 5 })
    expect(m.longestChars).toBe(measureContent(`Hi ${'长'.repeat(30)}`).chars)
  })
})
