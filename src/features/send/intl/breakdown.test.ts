import { describe, expect, it } from 'vitest'
import type { Country } from '@/domain/account'
import { breakdownOf } from './breakdown'

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
