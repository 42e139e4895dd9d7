import { afterEach, describe, expect, it, vi } from 'vitest'
import { IDLE_RELEASE_MS, releaseWhenIdle } from './idle-release'

afterEach(() => vi.useRealTimers())

describe('releaseWhenIdle', () => {
  it('releases once, IDLE_RELEASE_MS after the last call', () => {
    vi.useFakeTimers()
    const release = vi.fn()
    releaseWhenIdle(release)
    vi.advanceTimersByTime(IDLE_RELEASE_MS - 1)
    releaseWhenIdle(release)
    vi.advanceTimersByTime(IDLE_RELEASE_MS - 1)
    expect(release).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(release).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(IDLE_RELEASE_MS * 3)
    expect(release).toHaveBeenCalledTimes(1)
  })
})
