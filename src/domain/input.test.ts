import { describe, expect, it } from 'vitest'
import { INTEGER, intIn, isRealDate, isRealDateTime, isRealMonth, safeText, serialId, SMALLINT } from './input'
import { searchDateTime, searchInt, searchMonth, searchText } from './lists/query'

describe('safeText', () => {
  it('refuses NUL anywhere and keeps every other character, trimming as z.string() does', () => {
    const s = safeText().trim().max(10)
    expect(s.safeParse('a\u0000b').success).toBe(false)
    expect(s.safeParse('\u0000').success).toBe(false)
    expect(s.safeParse('  短信\u0001\ud83d\ude00 ').data).toBe('短信\u0001\ud83d\ude00')
  })

  it('refuses a lone surrogate, which has no UTF-8 form, and keeps pairs', () => {
    for (const bad of ['a\ud800b', '\ud800', 'x\udc00', '\udc00\ud800']) expect(safeText().safeParse(bad).success, escape(bad)).toBe(false)
    expect(safeText().safeParse('\ud83d\ude00\ud83d\ude00').success).toBe(true)
  })

  it('holds in every list filter (blank is still no filter)', () => {
    expect(searchText().safeParse('x\u0000').success).toBe(false)
    expect(searchText().safeParse('').data).toBeUndefined()
  })
})

describe('real dates', () => {
  it('knows month lengths and leap years', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true)
    expect(isRealDate(2023, 2, 29)).toBe(false)
    expect(isRealDate(1900, 2, 29)).toBe(false)
    expect(isRealDate(2000, 2, 29)).toBe(true)
    expect(isRealDate(2024, 4, 31)).toBe(false)
    expect(isRealDate(0, 1, 1)).toBe(false)
  })

  it('refuses dates and times of the right shape that do not exist', () => {
    for (const bad of ['2024-02-30', '0000-00-00', '2024-13-01 25:61', '2024-01-01 24:00', '2024-01-01 23:60:00', '2024-01-01 23:59:60']) {
      expect(isRealDateTime(bad), bad).toBe(false)
      expect(searchDateTime().safeParse(bad).success, bad).toBe(false)
    }
    for (const good of ['2024-02-29', '2024-12-31 23:59', '0001-01-01 00:00:00']) expect(searchDateTime().safeParse(good).data).toBe(good)
  })

  it('refuses month 0000-01 and keeps the yyyyMM form', () => {
    expect(isRealMonth('000001')).toBe(false)
    expect(searchMonth().safeParse('0000-01').success).toBe(false)
    expect(searchMonth().safeParse('2024-02').data).toBe('202402')
  })
})

describe('integer ranges', () => {
  it('keeps a filter within its column type, from numbers or URL strings', () => {
    expect(searchInt().safeParse(SMALLINT.max).data).toBe(SMALLINT.max)
    expect(searchInt().safeParse(SMALLINT.max + 1).success).toBe(false)
    expect(searchInt().safeParse('-99999999999').success).toBe(false)
    expect(searchInt(INTEGER).safeParse(String(INTEGER.max)).data).toBe(INTEGER.max)
    expect(searchInt(INTEGER).safeParse(99999999999).success).toBe(false)
  })

  it('takes a serial id from 1 to 2^31-1, and no fraction, NaN, Infinity or unsafe integer', () => {
    expect(serialId().safeParse('2147483647').data).toBe(INTEGER.max)
    for (const bad of [0, -1, 2 ** 31, 99999999999999, 1.5, 'NaN', Infinity, 2 ** 53 + 2, '1e400']) {
      expect(serialId().safeParse(bad).success, String(bad)).toBe(false)
    }
    expect(intIn(SMALLINT).safeParse(-32_768).success).toBe(true)
  })
})
