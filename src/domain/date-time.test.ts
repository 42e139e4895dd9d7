import { describe, expect, it } from 'vitest'
import { formatDateTime, formatPlatformMinute, parsePlatformMinute, platformDay } from './date-time'

describe('formatDateTime', () => {
  it('writes an instant in Shanghai time, whatever zone the string or the machine has', () => {
    expect(formatDateTime('2026-11-28T16:05:03.000Z')).toBe('2026-11-29 00:05:03')
    expect(formatDateTime('2026-11-28T10:05:03+02:00')).toBe('2026-11-28 16:05:03')
    expect(formatDateTime(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe('2026-01-01 08:00:00')
  })

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTime('2026-11-28T16:00:00Z')).toBe('2026-11-29 00:00:00')
  })

  it('gives nothing for what is not a time', () => {
    expect(formatDateTime('soon')).toBe('')
  })

  it("names the platform's day, which turns at 16:00 UTC", () => {
    expect(platformDay('2026-11-28T15:59:59Z')).toBe('2026-11-28')
    expect(platformDay('2026-11-28T16:00:00Z')).toBe('2026-11-29')
  })
})

describe('parsePlatformMinute', () => {
  it('reads yyyy-MM-dd HH:mm as Shanghai time, whatever the machine zone', () => {
    expect(parsePlatformMinute('2026-12-02 06:32')).toBe(Date.parse('2026-12-01T22:32:00Z'))
    expect(parsePlatformMinute(' 2026-01-01 00:00 ')).toBe(Date.parse('2025-12-31T16:00:00Z'))
    expect(formatPlatformMinute(Date.parse('2026-12-01T22:32:59Z'))).toBe('2026-12-02 06:32')
  })

  it('refuses other shapes and days or minutes that do not exist', () => {
    for (const bad of ['', '2026-12-02T06:32', '2026-12-02 6:32', '2026/12/02 06:32', '2026-02-30 10:00', '2026-12-02 24:00', '2026-12-02 10:60', '12/01/2026, 10:32 PM']) {
      expect(parsePlatformMinute(bad), bad).toBeNull()
    }
  })
})
