import { z } from 'zod'

/**
 * Every JSON response of the reference server has this envelope. `code` repeats the HTTP status (200 = success);
 * `msg` is already in the caller's language (Accept-Language). Login responses also carry `type` (0 = success).
 */
export interface ApiEnvelope<T> {
  code: number
  msg: string
  data: T
  type?: number
}

export const envelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data, type: z.number().optional() })

/** Paged list payload (spec section 7, Lists). */
export const pageQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
})
export type PageQuery = z.infer<typeof pageQuerySchema>

export interface Page<T, S = Record<string, number>> {
  records: T[]
  total: number
  /** Sums over the whole filtered set, where the list has a totals row. */
  totals?: S
}

/** The API prefix the reference server mounts; the console's API base defaults to it. */
export const API_PREFIX = '/api'
export const APP_BASE = '/sms-cloud/'
