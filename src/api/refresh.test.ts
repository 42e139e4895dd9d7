import { describe, expect, it } from 'vitest'
import { shouldRefresh, TOKEN_REFRESH_AFTER_SECONDS } from './refresh'

const base = { issuedAt: 0, expiresIn: 3600, hasToken: true, refreshing: false }
const at = (seconds: number) => seconds * 1000

describe('shouldRefresh', () => {
  it('waits until the configured token time has passed since issue', () => {
    expect(shouldRefresh({ ...base, now: at(TOKEN_REFRESH_AFTER_SECONDS - 1) })).toBe(false)
    expect(shouldRefresh({ ...base, now: at(TOKEN_REFRESH_AFTER_SECONDS) })).toBe(true)
  })

  it('never starts a second refresh while one runs', () => {
    expect(shouldRefresh({ ...base, refreshing: true, now: at(3500) })).toBe(false)
  })

  it('does nothing without a token', () => {
    expect(shouldRefresh({ ...base, hasToken: false, now: at(3500) })).toBe(false)
  })

  it('refreshes a short-lived token one check interval before it lapses', () => {
    expect(shouldRefresh({ ...base, expiresIn: 60, now: at(49) })).toBe(false)
    expect(shouldRefresh({ ...base, expiresIn: 60, now: at(50) })).toBe(true)
  })
})
