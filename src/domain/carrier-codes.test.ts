import { describe, expect, it } from 'vitest'
import { CARRIER_CODES, carrierCodeKey } from './carrier-codes'

describe('carrierCodeKey', () => {
  it('names the words of every code the carrier reports', () => {
    expect(carrierCodeKey('DELIVRD')).toBe('delivered')
    expect(carrierCodeKey('MK:0005')).toBe('switchedOff')
    expect(carrierCodeKey(' rejectd ')).toBe('rejected')
  })
  it('has no words for an empty or unknown code, which then shows as it came', () => {
    expect(carrierCodeKey('')).toBeNull()
    expect(carrierCodeKey(null)).toBeNull()
    expect(carrierCodeKey('XX:9999')).toBeNull()
  })
  it('covers the codes the carrier simulator and the demo history send', async () => {
    const sources = await Promise.all(['../../server/send/carrier-sim.ts', '../../server/seed/history.ts'].map(async (f) =>
      (await import('node:fs/promises')).readFile(new URL(f, import.meta.url), 'utf8')))
    const sent = sources.flatMap((s) => [...s.matchAll(/const FAILURES = \[([^\]]*)\]/g)].flatMap((m) => m[1].match(/'[^']+'/g) ?? []))
    expect(sent.length).toBeGreaterThan(5)
    for (const code of sent.map((c) => c.slice(1, -1))) expect(Object.keys(CARRIER_CODES), code).toContain(code)
  })
})
