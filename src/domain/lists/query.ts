import { z } from 'zod'
import { pageQuerySchema } from '../api'
import { PLATFORM_TIME_ZONE } from '../date-time'
import { intIn, isRealDateTime, isRealMonth, safeText, SMALLINT, type IntRange } from '../input'

/**
 * The paging and sorting part every list payload shares (docs/lists.md). `orderBy` is checked against the list's
 * `X_SORTABLE` whitelist on the server; an unknown column falls back to the list's default order, never an error,
 * so an old bookmark still opens.
 */
export const listQuerySchema = pageQuerySchema.extend({
  orderBy: safeText().trim().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
})
export type ListQuery = z.infer<typeof listQuerySchema>

/** Search forms and URLs send '' or null for a cleared field; both mean "no filter". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v)

/** Optional free-text filter (trimmed; blank is absent; no NUL, which the database refuses). */
export const searchText = (max = 200) => z.preprocess(blank, safeText().trim().max(max).optional()).optional()

/**
 * Optional integer filter, coerced from URL strings, within the range of the column it is compared with: the
 * filters are status and type codes (smallint) unless told otherwise, so 99999999999 is a 400, not a query error.
 */
export const searchInt = (range: IntRange = SMALLINT) => z.preprocess(blank, intIn(range).optional()).optional()

/** Optional filter on one of a list of codes (an unknown one is a 400). */
export const searchEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blank, z.enum(values).optional()).optional()

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm[:ss]`, in LIST_TIME_ZONE. A date-only end is inclusive of that whole day. */
export const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/
export const searchDateTime = () =>
  z.preprocess(blank, z.string().trim().regex(DATE_TIME_RE).refine(isRealDateTime, { message: 'date' }).optional()).optional()

/** `yyyyMM` (the spec's month field) or `yyyy-MM`. */
export const searchMonth = () =>
  z.preprocess(blank, z.string().trim().regex(/^\d{4}-?(0[1-9]|1[0-2])$/).refine(isRealMonth, { message: 'month' })
    .transform((s) => s.replace('-', '')).optional()).optional()

/** The date range every time-filtered list accepts. */
export const dateRangeShape = { start_time: searchDateTime(), end_time: searchDateTime() }

/**
 * Dates in payloads and the `month` column are wall-clock times of the platform's zone (the console is used in
 * China); the server converts them with this zone, so the result does not depend on the database's TimeZone setting.
 */
export const LIST_TIME_ZONE = PLATFORM_TIME_ZONE

/** Download payload = the list's search (paging ignored) + the file format. */
export const downloadFormatShape = { format: z.enum(['xlsx', 'csv']).default('xlsx') }

/** Words for download column headers (the i18n dictionaries are client-only; files are written by the server). */
export interface HeaderWords {
  'zh-CN': string
  en: string
}
