import { beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from './memory-storage.test-util'

vi.stubGlobal('sessionStorage', memoryStorage())
vi.stubGlobal('localStorage', memoryStorage())
const lock = await import('./lock')

describe('screen lock', () => {
  beforeEach(() => lock.clearLock())

  it('refuses a blank lock password (spec: lock password cannot be empty)', async () => {
    expect(await lock.lockScreen('  ')).toBe(false)
    expect(lock.isLocked()).toBe(false)
  })

  it('unlocks only with the password it was locked with', async () => {
    await lock.lockScreen('s3cret')
    expect(lock.isLocked()).toBe(true)
    expect(await lock.unlock('wrong')).toBe(false)
    expect(lock.isLocked()).toBe(true)
    expect(await lock.unlock('s3cret')).toBe(true)
    expect(lock.isLocked()).toBe(false)
  })

  it('shares the flag with every tab (localStorage) and keeps only a salted digest, never the password', async () => {
    await lock.lockScreen('pw-in-clear')
    expect(localStorage.getItem('sms.locked')).toBe('1')
    const stored = [...Array(localStorage.length).keys()].map((i) => localStorage.getItem(localStorage.key(i)!)).join()
    expect(stored).not.toContain('pw-in-clear')
    lock.clearLock()
    expect(localStorage.getItem('sms.locked')).toBeNull()
    expect(localStorage.getItem('sms.lockDigest')).toBeNull()
  })

  it('a flag set by another tab counts as locked here', () => {
    localStorage.setItem('sms.locked', '1')
    expect(lock.isLocked()).toBe(true)
  })

  it('remembers the page to return to once, and only in-app paths', () => {
    lock.rememberReturn('/send/index?x=1')
    lock.rememberReturn('//evil.example')
    expect(lock.takeReturn()).toBe('/send/index?x=1')
    expect(lock.takeReturn()).toBe('/')
  })
})
