import { utils, write } from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { UPLOAD_LIMIT_BYTES } from '../src/domain/constants'
import { sheetToTsv } from './spreadsheet'

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

function book(rows: unknown[][], bookType: 'xlsx' | 'xls' | 'csv', more?: (ws: ReturnType<typeof utils.aoa_to_sheet>) => void) {
  const ws = utils.aoa_to_sheet(rows)
  more?.(ws)
  const wb = utils.book_new()
  utils.book_append_sheet(wb, ws, 'first')
  utils.book_append_sheet(wb, utils.aoa_to_sheet([['other sheet']]), 'second')
  return new Uint8Array(write(wb, { type: 'array', bookType }) as ArrayBuffer)
}

describe('sheetToTsv', () => {
  it('reads the first sheet of an xlsx as TAB-separated UTF-8 rows', () => {
    const out = sheetToTsv(book([['13800138000', '张三', 'A1'], ['13900139000', 'Bob']], 'xlsx'))
    expect(text(out.tsv)).toBe('13800138000\t张三\tA1\n13900139000\tBob\n')
    expect(out).toMatchObject({ rows: 2, columns: 3, header: null })
  })

  it('writes a mobile stored as a number in full, in xlsx and xls, whatever its length', () => {
    for (const type of ['xlsx', 'xls'] as const) {
      const out = sheetToTsv(book([[13800138000, 1.5], [8613800138000, 7], [447911123456789, 0]], type))
      expect(text(out.tsv)).toBe('13800138000\t1.5\n8613800138000\t7\n447911123456789\t0\n')
    }
  })

  it('uses the displayed text of formatted numbers', () => {
    const out = sheetToTsv(
      book([['13800138000', 0.256, 1234.5]], 'xlsx', (ws) => {
        ws.B1.z = '0.0%'
        ws.C1.z = '#,##0.00'
      }),
    )
    expect(text(out.tsv)).toBe('13800138000\t25.6%\t1,234.50\n')
  })

  it('without formatting (a recipients file) writes numbers as their values, mobiles in full, in xlsx and xls', () => {
    for (const type of ['xlsx', 'xls'] as const) {
      const out = sheetToTsv(
        book([[13800138000, 0.256, '0086 139 0013 9000'], [8613800138000, 1234.5, 'x']], type, (ws) => {
          ws.A1.z = '0.00E+00'
          ws.B1.z = '0.0%'
        }),
        { formatted: false },
      )
      expect(text(out.tsv)).toBe('13800138000\t0.256\t0086 139 0013 9000\n8613800138000\t1234.5\tx\n')
    }
  })

  it('replaces TAB, CR and LF inside a cell with a space, and drops NUL characters', () => {
    const out = sheetToTsv(book([['13800138000', 'a\tb\r\nc'], ['13900139000', 'x\0y']], 'xlsx'))
    expect(text(out.tsv)).toBe('13800138000\ta b c\n13900139000\txy\n')
    const csv = sheetToTsv(new TextEncoder().encode('13800138000,"x\ry\tz\nw"\n'))
    expect(text(csv.tsv)).toBe('13800138000\tx y z w\n')
  })

  it('drops empty rows at the end but keeps empty rows and cells inside', () => {
    const out = sheetToTsv(book([['13800138000', '', 'x'], [], ['13900139000'], [''], [null, null]], 'xlsx'))
    expect(text(out.tsv)).toBe('13800138000\t\tx\n\n13900139000\n')
    expect(out.rows).toBe(3)
  })

  it('takes a first row of names as the header and leaves it out of the rows', () => {
    const out = sheetToTsv(book([['手机号', '姓名'], ['13800138000', '张三']], 'xlsx'))
    expect(out.header).toEqual(['手机号', '姓名'])
    expect(text(out.tsv)).toBe('13800138000\t张三\n')
    expect(out).toMatchObject({ rows: 1, columns: 2 })
  })

  it('reads a UTF-8 csv with quotes, keeping cells as written', () => {
    const csv = new TextEncoder().encode('mobile,name\r\n13800138000,"Li, Lei"\r\n008613900139000,王五\r\n')
    const out = sheetToTsv(csv)
    expect(out.header).toEqual(['mobile', 'name'])
    expect(text(out.tsv)).toBe('13800138000\tLi, Lei\n008613900139000\t王五\n')
  })

  it('reads a GB18030 csv as Excel writes one in Chinese', () => {
    // "13800138000,张三\r\n" in GBK: 张 = D5C5, 三 = C8FD
    const gbk = new Uint8Array([...new TextEncoder().encode('13800138000,'), 0xd5, 0xc5, 0xc8, 0xfd, 0x0d, 0x0a])
    expect(text(sheetToTsv(gbk).tsv)).toBe('13800138000\t张三\n')
  })

  it('refuses an empty file', () => {
    expect(() => sheetToTsv(new Uint8Array(0))).toThrow('unreadable')
  })

  it('refuses a file over the upload limit and one it cannot read', () => {
    expect(() => sheetToTsv(new Uint8Array(UPLOAD_LIMIT_BYTES + 1))).toThrow('tooLarge')
    expect(() => sheetToTsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toThrow('unreadable')
  })
})
