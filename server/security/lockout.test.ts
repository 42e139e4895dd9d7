import { describe, expect, it } from 'vitest'
import { LOGIN_FAILURE_LIMIT } from '../../src/domain/constants'
import { SLOWDOWN_MAX_MS, slowdownMs } from './lockout'

describe('slowdownMs', () => {
  it('adds no delay up to the per-address limit, then doubles per failure up to a ceiling, never refusing', () => {
    expect(slowdownMs(0)).toBe(0)
    expect(slowdownMs(LOGIN_FAILURE_LIMIT)).toBe(0)
    expect(slowdownMs(LOGIN_FAILURE_LIMIT + 1)).toBe(500)
    expect(slowdownMs(LOGIN_FAILURE_LIMIT + 2)).toBe(1000)
    expect(slowdownMs(LOGIN_FAILURE_LIMIT + 3)).toBe(2000)
    expect(slowdownMs(10_000)).toBe(SLOWDOWN_MAX_MS)
  })
})
