import {
  endOfMonth, format, startOfMonth, startOfYear, subDays, subMonths, subYears,
} from 'date-fns'
import { TZDate } from '@date-fns/tz'
import { LIST_TIME_ZONE } from '@/domain/lists/query'
import type { ShortcutSet } from './define-list'

/*
 * Date shortcuts of spec section 9, as pure functions of "now" so tests pin them. Ranges are inclusive calendar days
 * (the server treats a date-only end as the whole day), written `yyyy-MM-dd` as docs/lists.md says. "Today" is
 * the calendar day in LIST_TIME_ZONE, as the server reads the dates: from a browser elsewhere (or after 16:00 UTC)
 * the local date would end the window before the newest records.
 */
export type ShortcutId =
  | 'lastWeek' | 'lastMonth' | 'currentMonth' | 'previousMonth'
  | 'thisYear' | 'last3Years' | 'last5Years'
  | 'last3Months' | 'halfYear' | 'year'

export const SHORTCUT_SETS: Record<ShortcutSet, readonly ShortcutId[]> = {
  day: ['lastWeek', 'lastMonth', 'currentMonth', 'previousMonth'],
  year: ['thisYear', 'last3Years', 'last5Years'],
  month: ['last3Months', 'halfYear', 'year'],
}

const BY_DIMENSION: readonly ShortcutSet[] = ['day', 'month', 'year']

/** The shortcut set a date range offers: its own, or the one its dimension field's value (0/1/2) names. */
export function shortcutSetFor(field: { shortcuts?: ShortcutSet; shortcutsBy?: string }, draft: Record<string, unknown>): ShortcutSet {
  if (field.shortcutsBy) return BY_DIMENSION[Number(draft[field.shortcutsBy] ?? 0)] ?? 'day'
  return field.shortcuts ?? 'day'
}

export interface DateRange {
  from: string
  to: string
}

export const DAY_FORMAT = 'yyyy-MM-dd'
const day = (d: Date) => format(d, DAY_FORMAT)

const RANGES: Record<ShortcutId, (now: Date) => [Date, Date]> = {
  // "Last week" and "last month (30 days)" count back from today, today included.
  lastWeek: (now) => [subDays(now, 6), now],
  lastMonth: (now) => [subDays(now, 29), now],
  currentMonth: (now) => [startOfMonth(now), now],
  previousMonth: (now) => [startOfMonth(subMonths(now, 1)), endOfMonth(subMonths(now, 1))],
  thisYear: (now) => [startOfYear(now), now],
  last3Years: (now) => [startOfYear(subYears(now, 2)), now],
  last5Years: (now) => [startOfYear(subYears(now, 4)), now],
  // Month-grained statistics: whole months, the current one included.
  last3Months: (now) => [startOfMonth(subMonths(now, 2)), now],
  halfYear: (now) => [startOfMonth(subMonths(now, 5)), now],
  year: (now) => [startOfMonth(subMonths(now, 11)), now],
}

export function isShortcutId(v: unknown): v is ShortcutId {
  return typeof v === 'string' && v in RANGES
}

export function shortcutRange(id: ShortcutId, now: Date = new Date()): DateRange {
  const [from, to] = RANGES[id](new TZDate(now.getTime(), LIST_TIME_ZONE))
  return { from: day(from), to: day(to) }
}

/** A field's default: `[from, to]`, a shortcut id, or nothing. */
export function defaultRange(value: unknown, now = new Date()): DateRange | null {
  if (isShortcutId(value)) return shortcutRange(value, now)
  if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') return { from: value[0], to: value[1] }
  return null
}

/** The shortcut whose range equals the current one, to highlight it. */
export function activeShortcut(set: ShortcutSet, range: Partial<DateRange>, now = new Date()): ShortcutId | null {
  return SHORTCUT_SETS[set].find((id) => {
    const r = shortcutRange(id, now)
    return r.from === range.from && r.to === range.to
  }) ?? null
}

/** The calendar day (`yyyy-MM-dd`) of an instant or a wall-clock string, in the zone the server reads dates in. */
export function dayInListZone(v: unknown): string | null {
  if (typeof v !== 'string' || !v) return null
  if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(v.slice(10))) return /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null
  const t = Date.parse(v)
  return Number.isFinite(t) ? day(new TZDate(t, LIST_TIME_ZONE)) : null
}
