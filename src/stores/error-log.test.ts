import { describe, expect, it, vi } from 'vitest'
import { memoryStorage } from './memory-storage.test-util'

vi.stubGlobal('localStorage', memoryStorage())
const log = await import('./error-log')

const entry = (message: string) => ({ message, stack: '', url: '/x', time: '2024-01-01T00:00:00.000Z' })

describe('error log', () => {
  it('puts the newest entry first and drops the oldest past the cap', () => {
    let list = [entry('1'), entry('2')]
    list = log.appendEntry(list, entry('3'), 2)
    expect(list.map((e) => e.message)).toEqual(['3', '1'])
  })

  it('shows at most 99 on the badge', () => {
    expect(log.badgeCount(5)).toBe(5)
    expect(log.badgeCount(99)).toBe(99)
    expect(log.badgeCount(250)).toBe(99)
  })

  it('turns errors, strings and odd rejection values into readable entries', () => {
    const now = new Date('2024-01-01T00:00:00Z')
    expect(log.toEntry(new Error('boom'), '/p', now)).toMatchObject({ message: 'boom', url: '/p', time: now.toISOString() })
    expect(log.toEntry('plain', '/p', now).message).toBe('plain')
    expect(log.toEntry({ code: 1 }, '/p', now).message).toBe('{"code":1}')
  })

  it('persists recorded errors and clears them', () => {
    log.recordError(new Error('kept'))
    expect(JSON.parse(localStorage.getItem('sms.errorLog') ?? '[]')[0].message).toBe('kept')
    expect(log.getErrorLog()).toHaveLength(1)
    log.clearErrorLog()
    expect(log.getErrorLog()).toHaveLength(0)
    expect(localStorage.getItem('sms.errorLog')).toBeNull()
  })
})
