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
    expect(prefs.parsePrefs('{"pageSizes":{"a":20,"b":"x"},"maxTabs":999,"signatures":{"group":"艾克米","p2p":3}}'))
      .toEqual({ pageSizes: { a: 20 }, maxTabs: 50, signatures: { group: '艾克米' }, density: 'compact' })
    expect(prefs.parsePrefs('not json')).toEqual({ pageSizes: {}, maxTabs: 12, signatures: {}, density: 'compact' })
    expect(prefs.parsePrefs('{"density":"huge"}').density).toBe('compact')
    expect(prefs.setMaxTabs(1)).toBe(3)
  })

  it('remember the row density per user, compact until one is chosen', () => {
    prefs.loadUserPrefs('u1')
    expect(prefs.getDensity()).toBe('compact')
    prefs.setDensity('comfortable')
    prefs.loadUserPrefs('u2')
    expect(prefs.getDensity()).toBe('compact')
    prefs.loadUserPrefs('u1')
    expect(prefs.getDensity()).toBe('comfortable')
    expect(prefs.parsePrefs(localStorage.getItem('sms.prefs.u1')).density).toBe('comfortable')
  })

  it('remember the signature chosen per send page', () => {
    prefs.setSignaturePref('group', '艾克米')
    expect(prefs.getSignaturePref('group')).toBe('艾克米')
    expect(prefs.getSignaturePref('link')).toBeUndefined()
  })
})
