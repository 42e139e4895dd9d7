import { afterAll, afterEach, beforeAll, vi } from 'vitest'

/**
 * Date pinned for a describe block, from `start` (ms), moved a minute on after each test so no two tests share a
 * time step: `now()` reads it, `at(ms)` moves it. Timers stay real (the database and the server keep their own).
 */
export function pinnedClock(start: number) {
  let now = start
  const at = (ms: number) => {
    now = ms
    vi.setSystemTime(now)
  }
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    at(now)
  })
  afterAll(() => void vi.useRealTimers())
  afterEach(() => at(now + 60_000))
  return { now: () => now, at }
}
