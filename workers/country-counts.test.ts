import { describe, expect, it } from 'vitest'
import { countByCallingCode } from './country-counts'
import { parseNumberList } from './numbers'
import { prng } from './testkit'

const bytes = (s: string) => new TextEncoder().encode(s)
const CODES = ['1', '44', '852', '86', '7', '971']

describe('countByCallingCode', () => {
  it('counts each number under the longest calling code that starts it', () => {
    const r = countByCallingCode(bytes('447911000001\n85291234567\n8613800138000\n12025550123\n97150123456\n447911000002'), CODES)
    expect(r).toEqual({ counts: { 1: 1, 44: 2, 852: 1, 86: 1, 7: 0, 971: 1 }, unmatched: 0 })
  })

  it('counts numbers no code starts as unmatched, and nothing for an empty list', () => {
    expect(countByCallingCode(bytes('999123456789\n447911000001'), CODES)).toEqual({
      counts: { 1: 0, 44: 1, 852: 0, 86: 0, 7: 0, 971: 0 }, unmatched: 1,
    })
    expect(countByCallingCode(new Uint8Array(0), ['44'])).toEqual({ counts: { 44: 0 }, unmatched: 0 })
  })

  it('agrees with parseNumberList per country on random international lists', () => {
    const rnd = prng(7)
    for (let round = 0; round < 20; round++) {
      const lines: string[] = []
      for (let i = 0; i < 2000; i++) {
        const rest = rnd.digits(6 + rnd.int(6))
        lines.push(rnd.next() < 0.1 ? `99${rest}` : `${rnd.pick(['', '+', '00'])}${rnd.pick(CODES)}${rest}`)
      }
      const parsed = parseNumberList(bytes(lines.join('\n')), { mode: 'international', countryCodes: CODES })
      const r = countByCallingCode(parsed.numbers, CODES)
      expect(r.counts).toEqual(parsed.byCountry)
      expect(r.unmatched).toBe(0)
    }
  })
})
