import { describe, expect, it } from 'vitest'
import { quickChoice, scheduleProblem, stepMinutes, toIso } from './schedule'

// 2026-11-21 09:00:30 in Shanghai (01:00:30 UTC), whatever zone the test machine has.
const now = Date.parse('2026-11-21T01:00:30Z')

describe('timed send time', () => {
  it('refuses an empty time and says when a typed one is not yyyy-MM-dd HH:mm', () => {
    expect(scheduleProblem('', now)).toBe('required')
    expect(scheduleProblem('tomorrow', now)).toBe('format')
    expect(scheduleProblem('2026-11-21T09:11', now)).toBe('format')
    expect(scheduleProblem('2026-11-31 09:11', now)).toBe('format')
  })

  it('needs at least 10 minutes ahead, read in Shanghai time', () => {
    expect(scheduleProblem('2026-11-21 09:09', now)).toBe('tooSoon')
    expect(scheduleProblem('2026-11-21 08:59', now)).toBe('tooSoon')
    expect(scheduleProblem('2026-11-21 09:11', now)).toBeNull()
  })

  it('gives quick choices in Shanghai time that are still valid when chosen', () => {
    for (const m of [10, 30, 60, 1440]) expect(scheduleProblem(quickChoice(m, now), now)).toBeNull()
    expect(quickChoice(1440, now)).toBe('2026-11-22 09:01')
  })

  it('sends the typed Shanghai time as the instant it names', () => {
    expect(toIso('2026-11-21 09:11')).toBe('2026-11-21T01:11:00.000Z')
    expect(() => toIso('2026-11-21 9:11')).toThrow(RangeError)
  })

  it('steps by minutes across a day, and leaves an unreadable text as typed', () => {
    expect(stepMinutes('2026-11-21 23:59', 1)).toBe('2026-11-22 00:00')
    expect(stepMinutes('2026-11-21 09:11', -60)).toBe('2026-11-21 08:11')
    expect(stepMinutes('2026-11-2', 1)).toBe('2026-11-2')
  })
})
