import { describe, expect, it } from 'vitest'
import type { ColumnDef, LL } from './define-list'
import { exportValue, formatCell, formatTime, formatValue, statusWord } from './format'

const LL = { status: { success: () => '成功' } } as unknown as LL
const L = () => ''

describe('column formatting', () => {
  it('formats counts with grouping and money as src/domain/money writes it, in the language given', () => {
    expect(formatValue('count', 1234567)).toBe('1,234,567')
    expect(formatValue('money', 12)).toBe('12.000 元')
    expect(formatValue('money', '4500.045', 'en')).toBe('CNY 4,500.045')
    expect(formatValue('count', null)).toBe('')
  })

  it('shows ratios as percentages and sizes in KB with one decimal', () => {
    expect(formatValue('ratio', 12.5)).toBe('12.50%')
    expect(formatValue('ratio', '3.10%')).toBe('3.10%')
    expect(formatValue('sizeKb', 1536)).toBe('1.5 KB')
  })

  it('keeps the server wall-clock time and cuts dates and fractions', () => {
    expect(formatTime('2024-03-14 08:05:09', 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-14 08:05:09')
    expect(formatTime('2024-03-14T08:05:09.123', 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-14 08:05:09')
    expect(formatValue('date', '2024-03-14 08:05:09')).toBe('2024-03-14')
    expect(formatValue('datetime', '')).toBe('')
  })

  it("formats an instant in the platform's time zone (Asia/Shanghai), not the machine's", () => {
    expect(formatTime('2024-03-14T00:05:09.000Z', 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-14 08:05:09')
    expect(formatTime(Date.UTC(2024, 2, 14, 16, 5, 9), 'yyyy-MM-dd')).toBe('2024-03-15')
    expect(formatTime(new Date(Date.UTC(2024, 2, 14, 0, 5, 9)), 'yyyy-MM-dd HH:mm')).toBe('2024-03-14 08:05')
  })

  it('labels a status from the dictionary, falling back to the key', () => {
    expect(statusWord(LL, 'success')).toBe('成功')
    expect(statusWord(LL, 'review')).toBe('review')
    const col: ColumnDef = { field: 'mt_status', header: L, type: 'status', status: (r) => (r.mt_status === 0 ? { key: 'success', tone: 'ok' } : null) }
    expect(formatCell(col, { mt_status: 0 }, LL)).toBe('成功')
    expect(formatCell(col, { mt_status: 9 }, LL)).toBe('')
  })

  it('exports counts as numbers and other cells as displayed text, derived values included', () => {
    expect(exportValue({ field: 'n', header: L, type: 'count' }, { n: 1234 }, LL)).toBe(1234)
    expect(exportValue({ field: 't', header: L, type: 'datetime' }, { t: '2024-03-14T08:05:09' }, LL)).toBe('2024-03-14 08:05:09')
    expect(exportValue({ field: 'x', header: L, value: (r) => `${r.a}-${r.b}` }, { a: 1, b: 2 }, LL)).toBe('1-2')
  })
})

describe('counts are written one way everywhere', () => {
  it('groups thousands in the grid and in dictionary sentences alike', async () => {
    const { formatCount } = await import('@/domain/count-format')
    const { i18nObject } = await import('@/i18n/i18n-util')
    const { loadLocale } = await import('@/i18n/i18n-util.sync')
    loadLocale('zh-CN')
    loadLocale('en')
    expect(formatValue('count', 105000)).toBe('105,000')
    expect(formatValue('month', '202611')).toBe('2026-11')
    expect(formatCount(105000, 'en')).toBe('105,000')
    expect(i18nObject('zh-CN').grid.pager.total({ total: 105000 })).toBe('共 105,000 条')
    expect(i18nObject('en').send.numbers.valid({ count: 105000 })).toBe('105,000 valid')
  })
})
