import { describe, expect, it, vi } from 'vitest'
import { memoryStorage } from './memory-storage.test-util'

vi.stubGlobal('localStorage', memoryStorage())
vi.stubGlobal('sessionStorage', memoryStorage())
const prefs = await import('./user-prefs')

describe('user preferences', () => {
  it('are kept per user and survive a new load', () => {
    prefs.loadUserPrefs('u1')
    prefs.setPageSizePref('mt-records', 50)
    prefs.setMaxTabs(5)
    prefs.loadUserPrefs('u2')
    expect(prefs.getPageSizePref('mt-records')).toBeUndefined()
    expect(prefs.getMaxTabs()).toBe(12)
    prefs.loadUserPrefs('u1')
    expect(prefs.getPageSizePref('mt-records')).toBe(50)
    expect(prefs.getMaxTabs()).toBe(5)
  })

  it('read a damaged value field by field and clamp the tab cap', () => {
    expect(prefs.parsePrefs('{"pageSizes":{"a":20,"b":"x"},"maxTabs":999}')).toEqual({ pageSizes: { a: 20 }, maxTabs: 50 })
    expect(prefs.parsePrefs('not json')).toEqual({ pageSizes: {}, maxTabs: 12 })
    expect(prefs.setMaxTabs(1)).toBe(3)
  })
})
