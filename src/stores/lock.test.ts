import { beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from './memory-storage.test-util'

vi.stubGlobal('sessionStorage', memoryStorage())
const lock = await import('./lock')

describe('screen lock', () => {
  beforeEach(() => lock.clearLock())

  it('refuses a blank lock password (spec: lock password cannot be empty)', () => {
    expect(lock.lockScreen('  ')).toBe(false)
    expect(lock.isLocked()).toBe(false)
  })

  it('unlocks only with the password it was locked with', () => {
    lock.lockScreen('s3cret')
    expect(lock.isLocked()).toBe(true)
    expect(lock.unlock('wrong')).toBe(false)
    expect(lock.isLocked()).toBe(true)
    expect(lock.unlock('s3cret')).toBe(true)
    expect(lock.isLocked()).toBe(false)
  })

  it('keeps the flag in sessionStorage and clearLock (on login) removes flag and password', () => {
    lock.lockScreen('pw')
    expect(sessionStorage.getItem('sms.locked')).toBe('1')
    lock.clearLock()
    expect(sessionStorage.getItem('sms.locked')).toBeNull()
    expect(sessionStorage.getItem('sms.lockPassword')).toBeNull()
  })
})
