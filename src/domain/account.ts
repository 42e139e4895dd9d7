import { z } from 'zod'
import { intIn, safeText, SMALLINT } from './input'

/** One entry of the account selector, /user/getList {prodType} (spec section 6). */
export const accountOptionSchema = z.object({
  cus_id: z.string(),
  cus_name: z.string(),
  user_type: z.number(),
  parent_id: z.string().nullable(),
})
export type AccountOption = z.infer<typeof accountOptionSchema>

export const accountListSchema = z.object({ prodType: intIn(SMALLINT) })

/** A country of /user/getBusCtyList: calling code without "+", price per message. */
export const countrySchema = z.object({
  iso: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  calling_code: z.string(),
  price: z.number(),
})
export type Country = z.infer<typeof countrySchema>

/**
 * Bounds of /errorLog/upload, in entries and characters: the console keeps at most `entries` errors and clips each
 * to these lengths before uploading (clipErrorEntry), so an ordinary upload is never refused, while one request can
 * store at most about 1.4 million characters.
 */
export const ERROR_LOG_LIMITS = { entries: 200, message: 1000, stack: 4000, url: 2000, time: 40 } as const

/** /errorLog/upload: the console's local error log (spec section 2, Error-log dialog). */
export const errorLogEntrySchema = z.object({
  message: safeText().max(ERROR_LOG_LIMITS.message),
  stack: safeText().max(ERROR_LOG_LIMITS.stack).optional().default(''),
  url: safeText().max(ERROR_LOG_LIMITS.url).optional().default(''),
  time: z
    .union([safeText().max(ERROR_LOG_LIMITS.time), z.number()])
    .optional()
    .transform((t) => (t === undefined ? '' : String(t))),
})
export const errorLogUploadSchema = z.object({ logs: z.array(errorLogEntrySchema).max(ERROR_LOG_LIMITS.entries) })
export type ErrorLogEntry = z.input<typeof errorLogEntrySchema>

/** An entry cut to ERROR_LOG_LIMITS (a long message or a deep stack keeps its beginning). */
export function clipErrorEntry(e: { message: string; stack?: string; url?: string; time?: string }) {
  return {
    message: e.message.slice(0, ERROR_LOG_LIMITS.message),
    stack: (e.stack ?? '').slice(0, ERROR_LOG_LIMITS.stack),
    url: (e.url ?? '').slice(0, ERROR_LOG_LIMITS.url),
    time: (e.time ?? '').slice(0, ERROR_LOG_LIMITS.time),
  }
}
