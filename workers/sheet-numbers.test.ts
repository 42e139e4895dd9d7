import { describe, expect, it } from 'vitest'
import { chooseColumn, columnBytes, mobileColumn, phoneShape, SAMPLE_ROWS } from './sheet-numbers'
import { prng, type Prng } from './testkit'

const enc = new TextEncoder()
const dec = new TextDecoder()
const column = (tsv: string, c: number) => dec.decode(columnBytes(enc.encode(tsv), c))
const choose = (tsv: string) => chooseColumn(enc.encode(tsv))
const shape = (cell: string) => {
  const b = enc.encode(cell)
  return phoneShape(b, 0, b.length)
}

/** Plain string reference of columnBytes: split rows and cells, keep a first-row cell only if it has a digit. */
function referenceColumn(tsv: string, c: number): string {
  const rows = tsv.split('\n')
  if (rows[rows.length - 1] === '') rows.pop()
  return rows
    .map((row, r) => {
      const cell = (row.replace(/\r$/, '').split('\t')[c] ?? '').replace(/\r/g, ' ')
      if (r === 0 && !/[0-9\uff10-\uff19]/.test(cell)) return ''
      return shape(cell) ? cell.replace(/ /g, '') : cell
    })
    .join('\n')
}

describe('phoneShape', () => {
  it.each([
    ['13800138000', 2], ['138-0013-8000', 2], ['138 0013 8000', 2], ['+8613800138000', 2], ['008613800138000', 2],
    ['１３８００１３８０００', 2], ['13800138000\r', 2], ['+447911123456', 1], ['1234567', 1], ['123456789012345', 1],
    ['2026-11-21', 1], ['12345', 0], ['1234567890123456', 0], ['张三', 0], ['', 0], ['138001380x0', 0], ['1.5%', 0],
    ['13800138000+', 0], ['(010) 12345678', 0],
  ] as const)('%j is shape %i', (cell, expected) => {
    expect(shape(cell)).toBe(expected)
  })
})

describe('chooseColumn', () => {
  it('picks the column of mobiles: names in A, mobiles in B, under a header', () => {
    expect(choose('姓名\t手机号\n张三\t13800138000\n李四\t13900139000\n')).toBe(1)
  })

  it('prefers mobiles to other long digit runs (ids, dates) and ties go to the leftmost column', () => {
    expect(choose('20261121\t13800138000\t1234567890\n20261122\t13900139000\t1234567891\n')).toBe(1)
    expect(choose('13800138000\t13900139000\n')).toBe(0)
  })

  it('is -1 when no cell looks like a phone number, including an empty sheet', () => {
    expect(choose('name\tamount\nBob\t12.5\n')).toBe(-1)
    expect(choose('')).toBe(-1)
  })

  it('only samples the first rows', () => {
    const names = Array.from({ length: SAMPLE_ROWS }, () => 'x\t13800138000').join('\n')
    expect(choose(`${names}\n${'13900139000\tx\n'.repeat(SAMPLE_ROWS * 2)}`)).toBe(1)
    expect(chooseColumn(enc.encode('x\tx\n13900139000\tx\n'), 1)).toBe(-1)
  })
})

describe('columnBytes', () => {
  it('writes one line per row, empty for an empty or missing cell, with no line end after the last', () => {
    expect(column('a\t13800138000\tz\nb\t\tz\nc\n\nd\t13900139000\n', 1)).toBe('13800138000\n\n\n\n13900139000')
  })

  it('keeps a numeric first row and leaves out a first-row cell with no digit (a header)', () => {
    expect(column('13800138000\nx\n', 0)).toBe('13800138000\nx')
    expect(column('手机号\n13800138000\n', 0)).toBe('\n13800138000')
  })

  it('reads CRLF rows as rows and keeps full-width digits as written', () => {
    expect(column('a\t１３８００１３８０００\r\nb\t13900139000\r\n', 1)).toBe('１３８００１３８０００\n13900139000')
    expect(column('13800138000\r\n13900139000', 0)).toBe('13800138000\n13900139000')
    expect(column('1\r2\t13800138000\r\n', 0)).toBe('1 2')
  })

  it('matches a split-based reference on random sheets', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rnd = prng(seed)
      const tsv = randomSheet(rnd)
      for (let c = 0; c < 4; c++) expect(column(tsv, c), `seed ${seed} column ${c}`).toBe(referenceColumn(tsv, c))
    }
  })
})

describe('columnBytes: spaces', () => {
  it('drops the spaces of a phone-shaped cell and keeps them as separators in any other', () => {
    expect(column('+86 138 0013 8000\n138 0013 8001\n13800138002 13900139002\nab cd\n', 0)).toBe(
      '+8613800138000\n13800138001\n13800138002 13900139002\nab cd',
    )
  })
})

describe('mobileColumn', () => {
  it('takes the caller column when given, else the chosen one, else null', () => {
    const tsv = enc.encode('张三\t13800138000\n李四\t13900139000\n')
    expect(dec.decode(mobileColumn(tsv)!.bytes)).toBe('13800138000\n13900139000')
    expect(mobileColumn(tsv)!.column).toBe(1)
    expect(mobileColumn(tsv, 0)).toMatchObject({ column: 0 })
    expect(dec.decode(mobileColumn(tsv, 0)!.bytes)).toBe('\n李四')
    expect(mobileColumn(enc.encode('a\tb\n'))).toBeNull()
  })
})

const CELLS = ['', '张三', 'Bob', '12.5', '2026-11-21', '+86 138 0013 8000', '１３９００１３９０００', '12345', 'x\ry', '1\r2', 'a b']
function randomSheet(rnd: Prng): string {
  const rows = rnd.int(12)
  const lines: string[] = []
  for (let r = 0; r < rows; r++) {
    const cells = Array.from({ length: rnd.int(5) }, () => (rnd.int(3) === 0 ? `13${rnd.digits(9)}` : rnd.pick(CELLS)))
    lines.push(cells.join('\t') + (rnd.int(4) === 0 ? '\r' : ''))
  }
  return lines.join('\n') + (rnd.int(2) ? '\n' : '')
}
