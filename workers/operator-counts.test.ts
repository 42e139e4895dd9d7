import { describe, expect, it } from 'vitest'
import { OPERATOR_SEGMENTS, OPERATORS, operatorOf, type OperatorOrOther } from '../src/domain/operators'
import { countByOperator, type OperatorCounts } from './operator-counts'

/** The reference: one string per number, each looked up by operatorOf. */
function reference(list: string[]): OperatorCounts {
  const out = Object.fromEntries([...OPERATORS, 'other'].map((k) => [k, 0])) as OperatorCounts
  for (const m of list) out[operatorOf(m)]++
  return out
}

const bytes = (list: string[]) => new TextEncoder().encode(list.join('\n'))

/** A seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32)
}

function randomList(seed: number, n: number): string[] {
  const r = rng(seed)
  const digits = (k: number) => Array.from({ length: k }, () => Math.floor(r() * 10)).join('')
  // Mostly mainland mobiles 13x–19x (every segment, known or not), some other shapes the scan must not misread.
  return Array.from({ length: n }, () => {
    const x = r()
    if (x < 0.9) return `1${3 + Math.floor(r() * 7)}${digits(9)}`
    if (x < 0.95) return `44${digits(8 + Math.floor(r() * 5))}`
    return digits(1 + Math.floor(r() * 14))
  })
}

describe('countByOperator', () => {
  it('matches the one-string-per-number reference on random lists', () => {
    for (const seed of [1, 2, 3, 42, 2024]) {
      const list = randomList(seed, 5_000)
      expect(countByOperator(bytes(list)), `seed ${seed}`).toEqual(reference(list))
    }
  })

  it('counts every segment of the data as its operator, including the 4-digit splits of 134 and 170', () => {
    const list = OPERATORS.flatMap((op) => OPERATOR_SEGMENTS[op].map((s) => s.padEnd(11, '7')))
    const counts = countByOperator(bytes(list))
    for (const op of OPERATORS) expect(counts[op], op).toBe(OPERATOR_SEGMENTS[op].length)
    expect(counts.other).toBe(0)
    const pick = (m: string): OperatorOrOther => operatorOf(m)
    expect([pick('13490000000'), pick('13480000000'), pick('17000000000'), pick('19200000000'), pick('17400000000')])
      .toEqual(['telecom', 'mobile', 'virtual', 'broadcast', 'other'])
  })

  it('reads an empty list, a trailing line break and a last number without one', () => {
    expect(countByOperator(new Uint8Array(0))).toEqual(reference([]))
    expect(countByOperator(new TextEncoder().encode('13800000000\n18600000000\n'))).toMatchObject({ mobile: 1, unicom: 1, other: 0 })
  })
})
