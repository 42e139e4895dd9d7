import { describe, expect, it } from 'vitest'
import { activeShortcut, defaultRange, SHORTCUT_SETS, shortcutRange, shortcutSetFor } from './date-shortcuts'

// A Thursday in mid-March of a leap year, 15:30 in LIST_TIME_ZONE (UTC+8), whatever zone runs the test.
const now = new Date('2024-03-14T15:30:00+08:00')

describe('date shortcuts (spec section 9)', () => {
  it('offers the day, year and month sets', () => {
    expect(SHORTCUT_SETS.day).toEqual(['lastWeek', 'lastMonth', 'currentMonth', 'previousMonth'])
    expect(SHORTCUT_SETS.year).toEqual(['thisYear', 'last3Years', 'last5Years'])
    expect(SHORTCUT_SETS.month).toEqual(['last3Months', 'halfYear', 'year'])
  })

  it('counts last week as 7 days and last month as 30 days, today included', () => {
    expect(shortcutRange('lastWeek', now)).toEqual({ from: '2024-03-08', to: '2024-03-14' })
    expect(shortcutRange('lastMonth', now)).toEqual({ from: '2024-02-14', to: '2024-03-14' })
  })

  it('takes the current month so far and the whole previous month', () => {
    expect(shortcutRange('currentMonth', now)).toEqual({ from: '2024-03-01', to: '2024-03-14' })
    expect(shortcutRange('previousMonth', now)).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(shortcutRange('previousMonth', new Date('2024-01-05T00:00:00+08:00'))).toEqual({ from: '2023-12-01', to: '2023-12-31' })
  })

  it('starts the year set on 1 January', () => {
    expect(shortcutRange('thisYear', now)).toEqual({ from: '2024-01-01', to: '2024-03-14' })
    expect(shortcutRange('last3Years', now).from).toBe('2022-01-01')
    expect(shortcutRange('last5Years', now).from).toBe('2020-01-01')
  })

  it('counts the month set in whole months, the current one included', () => {
    expect(shortcutRange('last3Months', now).from).toBe('2024-01-01')
    expect(shortcutRange('halfYear', now).from).toBe('2023-10-01')
    expect(shortcutRange('year', now)).toEqual({ from: '2023-04-01', to: '2024-03-14' })
  })

  it('reads a default as a shortcut id or a pair, anything else as none', () => {
    expect(defaultRange('currentMonth', now)).toEqual({ from: '2024-03-01', to: '2024-03-14' })
    expect(defaultRange(['2024-01-01', '2024-01-31'], now)).toEqual({ from: '2024-01-01', to: '2024-01-31' })
    expect(defaultRange('nonsense', now)).toBeNull()
    expect(defaultRange(undefined, now)).toBeNull()
  })

  it('counts days in the list time zone: 20:00 UTC is already the next day there', () => {
    expect(shortcutRange('lastWeek', new Date('2024-03-13T20:00:00Z'))).toEqual({ from: '2024-03-08', to: '2024-03-14' })
    expect(shortcutRange('currentMonth', new Date('2024-03-31T17:00:00Z'))).toEqual({ from: '2024-04-01', to: '2024-04-01' })
  })

  it('recognises the shortcut a range came from', () => {
    expect(activeShortcut('day', { from: '2024-03-08', to: '2024-03-14' }, now)).toBe('lastWeek')
    expect(activeShortcut('day', { from: '2024-03-07', to: '2024-03-14' }, now)).toBeNull()
  })
})

describe('shortcut set by dimension', () => {
  it('follows the dimension field: day, month, year; else the field’s own set', () => {
    const field = { shortcutsBy: 'dimension' }
    expect(shortcutSetFor(field, {})).toBe('day')
    expect(shortcutSetFor(field, { dimension: 1 })).toBe('month')
    expect(shortcutSetFor(field, { dimension: '2' })).toBe('year')
    expect(shortcutSetFor({ shortcuts: 'year' }, { dimension: 1 })).toBe('year')
  })
})

describe('dayInListZone', () => {
  it('reads an instant in the platform zone and a wall-clock string as written', async () => {
    const { dayInListZone } = await import('./date-shortcuts')
    expect(dayInListZone('2026-11-20T17:30:00.000Z')).toBe('2026-11-21')
    expect(dayInListZone('2026-11-20 09:00:00')).toBe('2026-11-20')
    expect(dayInListZone('')).toBeNull()
  })
})
