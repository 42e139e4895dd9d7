import { chargeFor, roundMoney } from '@/domain/money'
import type { Country } from '@/domain/account'
import type { CountryCounts } from './country-counts-client'

export interface BreakdownRow {
  country: Country
  numbers: number
  messages: number
  cost: number
}

export interface Breakdown {
  rows: BreakdownRow[]
  numbers: number
  messages: number
  /** Yuan, rounded to 3 decimals as the server bills (Σ messages × country price, rounded once). */
  cost: number
}

/** The countries with numbers, most first, each at its price for `perNumber` messages a number. */
export function breakdownOf(countries: Country[], counts: CountryCounts, perNumber: number): Breakdown {
  const rows = countries
    .filter((c) => (counts.counts[c.calling_code] ?? 0) > 0)
    .map((c) => {
      const numbers = counts.counts[c.calling_code]
      return { country: c, numbers, messages: numbers * perNumber, cost: chargeFor(numbers * perNumber, c.price) }
    })
    .sort((a, b) => b.numbers - a.numbers || a.country.iso.localeCompare(b.country.iso))
  const sum = (k: 'numbers' | 'messages') => rows.reduce((s, r) => s + r[k], 0)
  // Each country's cost is rounded as the server's preview rounds it; the total is rounded once, as the debit is.
  const cost = roundMoney(rows.reduce((s, r) => s + r.messages * r.country.price, 0))
  return { rows, numbers: sum('numbers'), messages: sum('messages'), cost }
}

/** The counts per calling code without the numbers the scrub leaves out (/optOut/check's calling_codes), never below 0. */
export function withoutRemoved(counts: CountryCounts, removed: Record<string, number> | undefined): CountryCounts {
  if (!removed) return counts
  const left: Record<string, number> = {}
  for (const [code, n] of Object.entries(counts.counts)) left[code] = Math.max(0, n - (removed[code] ?? 0))
  return { ...counts, counts: left }
}
