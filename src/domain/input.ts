import { z } from 'zod'
import { MOBILE, OPTIONAL_MOBILE } from './mobile'

/*
 * What the database can hold, checked where the payload is read: input PostgreSQL would refuse
 * is a 400 from the schema, never a 500 from the query. The console's forms use the same schemas, so they refuse it
 * too. The three rules: text without NUL (or lone surrogates), dates that exist, integers in their column's range.
 */

/** PostgreSQL's text types cannot hold U+0000 (PostgreSQL answers with an error, not a truncation). */
export const hasNul = (s: string) => s.includes('\u0000')

/** A surrogate without its pair: no UTF-8 encoding exists (it would be stored as U+FFFD, and encodeURIComponent throws). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/

/** True when the string can be stored and encoded as it is: no NUL, no lone surrogate. */
export const isStorableText = (s: string) => !hasNul(s) && !LONE_SURROGATE.test(s)

/**
 * A string the database can store as written: z.string() without NUL or lone surrogates. Every string of a payload
 * that may reach a query, a file name or a header starts here; chain `.trim().min().max()` as on z.string().
 */
export const safeText = () => z.string().refine(isStorableText, { message: 'text' })
/** A payload's mainland mobile (mobile.ts), trimmed. */
export const mobileText = () => safeText().trim().regex(MOBILE)
/** A payload's optional mainland mobile: a mobile or the empty string. */
export const optionalMobileText = () => safeText().trim().regex(OPTIONAL_MOBILE)

/** Integer column ranges of PostgreSQL (bigint capped at what a JavaScript number holds exactly). */
export const SMALLINT = { min: -32_768, max: 32_767 } as const
export const INTEGER = { min: -2_147_483_648, max: 2_147_483_647 } as const
export const BIGINT = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } as const
export type IntRange = { readonly min: number; readonly max: number }

/** An integer of `range`, coerced from a URL string as the search forms send it. */
export const intIn = (range: IntRange) => z.coerce.number().int().min(range.min).max(range.max)

/** A row id of a `serial` column: 1 … 2^31 − 1. */
export const serialId = () => intIn({ min: 1, max: INTEGER.max })

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/** True when year (1–9999), month and day name a day of the calendar (no 2024-02-30, no 0000-00-00). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false
  return day <= (month === 2 && leap(year) ? 29 : DAYS[month - 1])
}

const DATE_TIME_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm[:ss]` naming a real day and a time of day 00:00:00–23:59:59. */
export function isRealDateTime(s: string): boolean {
  const m = DATE_TIME_PARTS.exec(s)
  if (!m) return false
  const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m
  return isRealDate(Number(y), Number(mo), Number(d)) && Number(h) <= 23 && Number(mi) <= 59 && Number(sec) <= 59
}

/** `yyyyMM` or `yyyy-MM` of year 1–9999. */
export const isRealMonth = (s: string) => {
  const m = /^(\d{4})-?(\d{2})$/.exec(s)
  return !!m && isRealDate(Number(m[1]), Number(m[2]), 1)
}

/**
 * Characters a name or keyword shown to others never holds: markup (`<`, `>`), control characters (C0, DEL, C1) and
 * invisible ones (format characters such as zero-width spaces, joiners and bidirectional overrides, line and
 * paragraph separators, the Hangul and Braille fillers that render blank).
 */
const HIDDEN_OR_MARKUP = /[<>\p{Cc}\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0\u2800]/u
/** True when `s` holds no markup, control or invisible character (HIDDEN_OR_MARKUP). */
export const isPlainText = (s: string) => !HIDDEN_OR_MARKUP.test(s)
