import { describe, expect, it } from 'vitest'
import type { Country } from '@/domain/account'
import { breakdownOf, withoutRemoved } from './breakdown'

const country = (iso: string, calling_code: string, price: number): Country => ({ iso, name_zh: iso, name_en: iso, calling_code, price })
const COUNTRIES = [country('GB', '44', 0.29), country('JP', '81', 0.48), country('US', '1', 0.06)]

describe('breakdownOf', () => {
  it('prices each country with numbers at its own price, most numbers first, each rounded and the total summed like the server', () => {
    const b = breakdownOf(COUNTRIES, { counts: { 44: 3, 81: 5, 1: 0 }, unmatched: 0 }, 2)
    expect(b.rows.map((r) => [r.country.iso, r.numbers, r.messages, r.cost])).toEqual([['JP', 5, 10, 4.8], ['GB', 3, 6, 1.74]])
    expect(b).toMatchObject({ numbers: 8, messages: 16, cost: 6.54 })
  })

  it('is empty without numbers', () => {
    expect(breakdownOf(COUNTRIES, { counts: {}, unmatched: 0 }, 1)).toEqual({ rows: [], numbers: 0, messages: 0, cost: 0 })
  })
})

describe('withoutRemoved', () => {
  it('takes the numbers the scrub leaves out off their countries, so the total prices only the rest', () => {
    const counts = { counts: { 44: 3, 81: 5 }, unmatched: 1 }
    const left = withoutRemoved(counts, { 44: 1, 81: 5, 1: 2 })
    expect(left).toEqual({ counts: { 44: 2, 81: 0 }, unmatched: 1 })
    expect(breakdownOf(COUNTRIES, left, 2)).toMatchObject({ numbers: 2, messages: 4, cost: 1.16 })
    expect(withoutRemoved(counts, undefined)).toBe(counts)
  })
})
