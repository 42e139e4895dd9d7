import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildImport, openImport } from './sheet-import'

/* The import against spreadsheets written by LibreOffice (tests/fixtures/spreadsheets, see its README). */
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../tests/fixtures/spreadsheets/${name}`, import.meta.url)))
const lines = (bytes: Uint8Array) => new TextDecoder().decode(bytes).split('\n').filter(Boolean)

describe('contacts import from real spreadsheets', () => {
  for (const file of ['contacts-merged.xlsx', 'contacts-merged.xls']) {
    it(`${file}: finds the header under a merged title, guesses every column, keeps the sheet's line numbers`, () => {
      const { table, view } = openImport(fixture(file))
      expect(view.headerRow).toBe(1)
      expect(view.guess).toEqual({ name: 3, mobile: 1, email: 2, job_number: -1, gender: 4, birthday: 5, remark: 0 })
      const built = buildImport(table, view.guess)
      // Numbers stored as numbers come back whole; +86 with dashes and 0086 with spaces are normalised.
      expect(lines(built.rows)).toEqual([
        '3\t张三\t13800138000\tzhang@example.com\t\t1\t1990-01-15\t老客户',
        '4\t李四\t13900139000\t\t\t2\t1985-12-31',
        '8\t张三丰\t13800138000\t\t\t1\t\t重复',
        '9\t赵六\t13500135000\tzhao@example.cn',
      ])
      expect(lines(built.refused).map((l) => l.split('\t').slice(0, 3))).toEqual([['6', 'mobile', 'mobileLength'], ['7', 'name', 'required']])
      expect(built.empty).toBe(1)
    })
  }

  for (const file of ['contacts-no-header.xlsx', 'contacts-no-header.xls']) {
    it(`${file}: no header, columns guessed from their content`, () => {
      const { table, view } = openImport(fixture(file))
      expect(view.header).toBeNull()
      expect(view.guess).toMatchObject({ mobile: 0, name: 1, email: 2, gender: 3 })
      const built = buildImport(table, view.guess)
      expect(lines(built.rows)[0]).toBe('1\tLi Lei\t13800138000\tli@example.com\t\t1')
      expect(built.count).toBe(3)
      expect(lines(built.refused)[0].split('\t').slice(0, 3)).toEqual(['4', 'mobile', 'mobileLength'])
    })
  }

  it('text mobiles with spaces, dashes, +86 and 0086 under an English header', () => {
    const { table, view } = openImport(fixture('text-mobiles.xlsx'))
    expect(view.header).toEqual(['mobile', 'name'])
    const built = buildImport(table, view.guess)
    expect(lines(built.rows).map((l) => l.split('\t').slice(0, 3).join(' '))).toEqual([
      '2 Li Lei 13800138000', '3 Han Meimei 13900139000', '4 multi line 13700137000', '5 x 13600136000'])
  })

  it('a numeric mobile column under a Chinese header in legacy xls keeps its line numbers past an empty row', () => {
    const { table, view } = openImport(fixture('numeric-header.xls'))
    const built = buildImport(table, { ...view.guess, birthday: -1 })
    expect(lines(built.rows)).toEqual(['2\t张三\t13800138000', '3\t李四\t13900139000', '5\t王, 五\t13700137000'])
  })

  it('several sheets: the picked one is read', () => {
    const first = openImport(fixture('two-sheets.xlsx'), 0).view
    const second = openImport(fixture('two-sheets.xlsx'), 1).view
    expect(first.sheets).toEqual(['说明', '联系人'])
    expect(second.sheet).toBe(1)
    expect(second.guess.mobile).toBeGreaterThanOrEqual(0)
  })

  it('a file that is no spreadsheet, or a sheet that does not exist, is refused', () => {
    expect(() => openImport(new Uint8Array([0, 1, 2, 3, 4, 5]))).toThrow('unreadable')
    expect(() => openImport(fixture('numeric-header.xlsx'), 3)).toThrow('unreadable')
  })

  it('refuses to build without a name and a mobile column', () => {
    const { table, view } = openImport(fixture('text-mobiles.xlsx'))
    expect(() => buildImport(table, { ...view.guess, name: -1 })).toThrow()
  })
})

describe('the header row the user picks', () => {
  it('none: the first row is data, even one the reader took for a header', () => {
    const { table, view } = openImport(fixture('numeric-header.xlsx'), 0, -1)
    expect(view.headerRow).toBe(-1)
    const built = buildImport(table, { ...view.guess, name: 1, mobile: 0, birthday: -1 })
    // Line 1 is the header read as data: refused with its line, not lost.
    expect(lines(built.refused)[0].split('\t').slice(0, 3)).toEqual(['1', 'mobile', 'mobileFormat'])
    expect(lines(built.rows)[0]).toBe('2\t张三\t13800138000')
  })

  it('a later row: rows above it are not data, and the guess reads its names', () => {
    const { table, view } = openImport(fixture('text-mobiles.xlsx'), 0, 1)
    expect(view.header).toEqual(['+86 138-0013-8000', 'Li Lei'])
    const built = buildImport(table, { ...view.guess, name: 1, mobile: 0 })
    expect(lines(built.rows).map((l) => l.split('\t')[0])).toEqual(['3', '4', '5'])
  })
})

describe('the opt-out list import (the same reader and checks, its own fields)', () => {
  const csv = (text: string) => new TextEncoder().encode(text)

  it('a csv with a 号码/备注 header: guessed, each number normalised as the add form does, refused rows with their line', () => {
    const { table, view } = openImport(csv('号码,备注\n+86 138-0013-8000,客服电话\n12345,错号\n\n13900139000,\n'), 0, undefined, 'optOuts')
    expect(view.headerRow).toBe(0)
    expect(view.guess).toEqual({ mobile: 0, note: 1 })
    const built = buildImport(table, view.guess)
    expect(lines(built.rows)).toEqual(['2\t13800138000\t客服电话', '5\t13900139000'])
    expect(lines(built.refused)).toEqual(['3\tmobile\tmobileFormat\t12345\t错号'])
    expect(built.empty).toBe(1)
  })

  it('without a header the number column is found by its content, and the import needs it', () => {
    const { table, view } = openImport(fixture('text-mobiles.xlsx'), 0, -1, 'optOuts')
    expect(view.guess).toEqual({ mobile: 0, note: -1 })
    expect(() => buildImport(table, { mobile: -1, note: 1 })).toThrow('unmapped')
    const built = buildImport(table, view.guess)
    // Line 1 is the English header read as data: refused with its line, the numbers under it kept.
    expect(lines(built.refused)[0].split('\t').slice(0, 3)).toEqual(['1', 'mobile', 'mobileFormat'])
    expect(lines(built.rows)[0]).toBe('2\t13800138000')
  })
})
