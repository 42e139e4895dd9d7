import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)

describe('toCsv', () => {
  it('starts with the UTF-8 BOM so Excel reads the file as UTF-8', () => {
    const bytes = toCsv(['a'], [])
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(text(bytes)).toBe('\ufeffa\r\n')
  })

  it('writes an empty export as the header line only', () => {
    expect(text(toCsv(['手机号', '状态'], []))).toBe('\ufeff手机号,状态\r\n')
  })

  it('quotes cells with quotes, commas and line breaks, doubling inner quotes (RFC 4180)', () => {
    const out = text(toCsv(['h'], [['say "hi"'], ['a,b'], ['line1\nline2'], ['cr\rlf'], ['plain']]))
    expect(out).toBe('\ufeffh\r\n"say ""hi"""\r\n"a,b"\r\n"line1\nline2"\r\n"cr\rlf"\r\nplain\r\n')
  })

  it('neutralises cells that a spreadsheet would run as formulas', () => {
    for (const bad of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx']) expect(csvCell(bad).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell('=1+2')).toBe("'=1+2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('+86 138')).toBe("'+86 138")
    expect(csvCell('-x')).toBe("'-x")
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell('a,"b"\r\nc')).toBe('"a,""b""\r\nc"')
  })

  it('writes booleans, bigints and times as data', () => {
    expect(csvCell(true)).toBe('true')
    expect(csvCell(-12n)).toBe('-12')
    expect(csvCell(new Date('2026-11-20T02:00:01Z'))).toBe('2026-11-20T02:00:01.000Z')
  })

  it('keeps numbers as numbers, negative ones included, and blanks null and undefined', () => {
    expect(text(toCsv(['n', 'm', 'x', 'y'], [[-5, 1.5, null, undefined]]))).toBe('\ufeffn,m,x,y\r\n-5,1.5,,\r\n')
  })

  it('encodes Chinese text as UTF-8 bytes', () => {
    const bytes = toCsv(['内容'], [['【云片】验证码 123456']])
    expect(text(bytes)).toBe('\ufeff内容\r\n【云片】验证码 123456\r\n')
    expect(bytes.length).toBe(3 + new TextEncoder().encode('内容\r\n【云片】验证码 123456\r\n').length)
  })

  it('writes every row of an export larger than one encoding chunk, in order', () => {
    const rows = Array.from({ length: 12_345 }, (_, i) => [i, `r${i}`])
    const lines = text(toCsv(['i', 's'], rows)).split('\r\n')
    expect(lines).toHaveLength(12_345 + 2)
    expect(lines[12_345]).toBe('12344,r12344')
  })
})
