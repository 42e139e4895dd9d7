import { describe, expect, it } from 'vitest'
import { CARRIER_CODES, TRANSIENT_CODES, carrierCodeKey, failureKind } from './carrier-codes'

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

describe('failureKind', () => {
  it('calls a number or owner that refuses permanent, and a phone off or a network that failed transient', () => {
    expect(failureKind('MK:0001')).toBe('permanent')
    expect(failureKind('MK:0012')).toBe('permanent')
    expect(failureKind('BLACK')).toBe('permanent')
    expect(failureKind('CANCELLED')).toBe('permanent')
    expect(failureKind('mk:0005')).toBe('transient')
    expect(failureKind('MN:0001')).toBe('transient')
    expect(failureKind('EXPIRED')).toBe('transient')
  })
  it('gives no kind to a delivery, a report time-out or an unknown code', () => {
    expect(failureKind('DELIVRD')).toBeNull()
    expect(failureKind('TIMEOUT')).toBeNull()
    expect(failureKind('XX:9999')).toBeNull()
    expect(failureKind('')).toBeNull()
  })
  it('gives a kind to every failure code the carrier simulator sends, and lists the transient ones for the resend', () => {
    for (const code of ['UNDELIV', 'MK:0001', 'MK:0005', 'EXPIRED', 'REJECTD', 'BLACK']) expect(failureKind(code), code).not.toBeNull()
    expect([...TRANSIENT_CODES].sort()).toEqual(['EXPIRED', 'MK:0005', 'MN:0001', 'UNDELIV'])
  })
})
