import { describe, expect, it } from 'vitest'
import type { SearchField } from './define-list'
import { checkDates, normalDay, normalMonth } from './date-text'

const range: SearchField = { name: 'time', kind: 'dateRange', label: () => 'time' }
const month: SearchField = { name: 'month', kind: 'month', label: () => 'month' }

describe('typed dates', () => {
  it('reads the usual ways of writing a day and writes it one way', () => {
    for (const t of ['2026-1-5', '2026/01/05', '20260105', '2026年1月5日', ' 2026.1.05 ', '2026-01-05 12:00:00']) {
      expect(normalDay(t), t).toBe('2026-01-05')
    }
    expect(normalDay('')).toBe('')
  })

  it('refuses partial and impossible days', () => {
    for (const t of ['2026-01', '2026-02-30', '2026115', '26-1-5', 'yyyy-mm-dd', '2026-13-01']) expect(normalDay(t), t).toBeNull()
  })

  it('reads months as yyyy-MM', () => {
    expect(normalMonth('202611')).toBe('2026-11')
    expect(normalMonth('2026-3')).toBe('2026-03')
    expect(normalMonth('2026年3月')).toBe('2026-03')
    expect(normalMonth('2026-13')).toBeNull()
    expect(normalMonth('2026')).toBeNull()
  })

  it('names the field that is wrong and orders the range', () => {
    expect(checkDates([range, month], { start_time: '2026-02-30', end_time: '', month: '2026-1' }).problems).toEqual({ time: 'badDate' })
    expect(checkDates([range], { start_time: '2026-03-02', end_time: '2026-03-01' }).problems).toEqual({ time: 'dateOrder' })
    const ok = checkDates([range, month], { start_time: '2026/3/1', end_time: '20260302', month: '2026-1' })
    expect(ok.problems).toEqual({})
    expect(ok.draft).toEqual({ start_time: '2026-03-01', end_time: '2026-03-02', month: '2026-01' })
    expect(checkDates([month], { month: '2026' }).problems).toEqual({ month: 'badMonth' })
  })
})
