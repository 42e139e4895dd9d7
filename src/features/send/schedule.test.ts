import { describe, expect, it } from 'vitest'
import { quickChoice, scheduleProblem, toIso, toLocalInput } from './schedule'

const now = new Date(2026, 10, 21, 9, 0, 30).getTime()

describe('timed send time', () => {
  it('refuses an empty or unreadable time', () => {
    expect(scheduleProblem('', now)).toBe('required')
    expect(scheduleProblem('tomorrow', now)).toBe('required')
  })

  it('needs at least 10 minutes ahead', () => {
    expect(scheduleProblem(toLocalInput(now + 9 * 60_000), now)).toBe('tooSoon')
    expect(scheduleProblem(toLocalInput(now - 60_000), now)).toBe('tooSoon')
    expect(scheduleProblem('2026-11-21T09:11', now)).toBeNull()
  })

  it('gives quick choices that are still valid when chosen', () => {
    for (const m of [10, 30, 60, 1440]) expect(scheduleProblem(quickChoice(m, now), now)).toBeNull()
    expect(quickChoice(1440, now)).toBe('2026-11-22T09:01')
  })

  it('sends the local time as an ISO instant', () => {
    expect(new Date(toIso('2026-11-21T09:11')).getTime()).toBe(new Date(2026, 10, 21, 9, 11).getTime())
  })
})
