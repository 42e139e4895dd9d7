import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contentDisposition, fileNameOf } from './content-disposition'

describe('contentDisposition', () => {
  it('gives a plain ASCII name as the quoted filename alone', () => {
    expect(contentDisposition('records.csv')).toBe('attachment; filename="records.csv"')
    expect(contentDisposition('material-7.png', 'inline')).toBe('inline; filename="material-7.png"')
  })

  it('gives a Chinese name as an ASCII fallback plus filename*=UTF-8 (RFC 6266, RFC 5987)', () => {
    expect(contentDisposition('发送记录-20240501.xlsx'))
      .toBe(`attachment; filename="____-20240501.xlsx"; filename*=UTF-8''%E5%8F%91%E9%80%81%E8%AE%B0%E5%BD%95-20240501.xlsx`)
  })

  it('lets no quote, backslash, CR or LF of a name end the header or add a parameter', () => {
    const header = contentDisposition('a"; filename="evil.exe\r\nSet-Cookie: x=1\\.csv')
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).toBe(`attachment; filename="a_; filename=_evil.exe__Set-Cookie: x=1_.csv"; `
      + `filename*=UTF-8''a%22%3B%20filename%3D%22evil.exe%0D%0ASet-Cookie%3A%20x%3D1%5C.csv`)
    // The quoted part holds exactly one pair of quotes, and the extended value only RFC 5987 attr-chars and escapes.
    expect(header.match(/"/g)).toHaveLength(2)
    expect(contentDisposition("名's (1)*.csv")).toMatch(/filename\*=UTF-8''%E5%90%8D%27s%20%281%29%2A\.csv$/)
  })

  it('survives a lone surrogate instead of throwing', () => {
    expect(contentDisposition('a\uD800b.csv')).toBe(`attachment; filename="a_b.csv"; filename*=UTF-8''a%EF%BF%BDb.csv`)
  })

  it('reads back as the same name through fileNameOf, for any name', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (name) => {
      const header = contentDisposition(name)
      expect(header).not.toMatch(/[\r\n]/)
      expect(fileNameOf(header, 'x')).toBe(name)
    }))
  })
})

describe('fileNameOf', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E5%8F%91%E9%80%81.xlsx`, 'x')).toBe('发送.xlsx')
  })
  it('reads a plain file name, quoted or not, else keeps the fallback', () => {
    expect(fileNameOf('attachment; filename="records.csv"', 'x')).toBe('records.csv')
    expect(fileNameOf('attachment; filename="a; b.csv"', 'x')).toBe('a; b.csv')
    expect(fileNameOf('attachment; filename=records.csv', 'x')).toBe('records.csv')
    expect(fileNameOf(null, 'fallback.xlsx')).toBe('fallback.xlsx')
    expect(fileNameOf('attachment', 'fallback.xlsx')).toBe('fallback.xlsx')
  })
  it('falls back to the plain name when the UTF-8 one is malformed', () => {
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E5%8F`, 'x')).toBe('a.csv')
  })
})
