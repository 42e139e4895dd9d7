import { z } from 'zod'
import { safeText } from './input'
import { dateRangeShape, listQuerySchema, searchInt } from './lists/query'

/**
 * Report push (spec section 5: the address must be filled, a change is confirmed first): delivery reports and
 * replies of an account's sends are POSTed to its push address as signed JSON batches (server/push).
 */

/** Longest push address accepted: room for a path and a query, bounded so a row and a log line stay small. */
export const PUSH_URL_MAX = 500

/** An absolute http(s) address without user info (credentials belong in the receiver's own check, not the URL). */
export function isPushUrl(s: string): boolean {
  if (!URL.canParse(s)) return false
  const u = new URL(s)
  return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password
}

/** /user/pushUrlModify: the address to push to. Clearing it is a separate call, so an empty field is a mistake. */
export const pushUrlModifySchema = z.object({
  push_url: safeText().trim().min(1, { message: 'required' }).max(PUSH_URL_MAX, { message: 'tooLong' })
    .refine(isPushUrl, { message: 'pushUrl' }),
})
export type PushUrlModify = z.infer<typeof pushUrlModifySchema>

/** /user/getPushUrl: the signed-in account's address ('' when none). */
export const pushSettingSchema = z.object({ push_url: z.string() })
export type PushSetting = z.infer<typeof pushSettingSchema>

/** Items per POST: a batch body stays around 30 KB at most. */
export const PUSH_BATCH_MAX = 100
/** A batch the receiver keeps refusing is retried this long after it was formed, then marked failed. */
export const PUSH_DEADLINE_HOURS = 24

/** push_attempt.outcome and push_batch.status. */
export const PUSH_OUTCOME = { retry: 0, delivered: 1, failed: 2 } as const
export type PushOutcomeKey = 'pushRetry' | 'pushDelivered' | 'pushFailed'
export const pushOutcomeKey = (o: number): PushOutcomeKey => (o === 1 ? 'pushDelivered' : o === 2 ? 'pushFailed' : 'pushRetry')
export const PUSH_OUTCOME_FILTER = [
  { value: PUSH_OUTCOME.retry, key: 'pushRetry' },
  { value: PUSH_OUTCOME.delivered, key: 'pushDelivered' },
  { value: PUSH_OUTCOME.failed, key: 'pushFailed' },
] as const

/** /pushLog/list: attempts of the visible accounts, newest first. */
export const pushLogSearchSchema = listQuerySchema.extend({ outcome: searchInt(), ...dateRangeShape })
export type PushLogSearch = z.infer<typeof pushLogSearchSchema>

export const pushLogRowSchema = z.object({
  id: z.number(),
  cus_id: z.string(),
  create_time: z.string(),
  batch_id: z.number(),
  attempt: z.number(),
  items: z.number(),
  url: z.string(),
  status_code: z.number().nullable(),
  error: z.string(),
  outcome: z.number(),
  next_at: z.string().nullable(),
})
export type PushLogRow = z.infer<typeof pushLogRowSchema>
export const PUSH_LOG_SORTABLE = ['create_time'] as const

/** What a receiver gets: the body of each POST. `id` of an item is stable across retries and batches. */
export interface PushReportItem {
  id: string
  type: 'report'
  sn: number
  batch_id: string | null
  mobile: string
  /** 0 final report, 600 report time-out (mt_status) */
  status: number
  /** DELIVRD, or the carrier's failure code */
  result: string
  report_time: string
}
export interface PushReplyItem {
  id: string
  type: 'reply'
  sn: number
  mobile: string
  src_number: string
  content: string
  deliver_time: string
}
/** A batch whose failures passed its enterprise's failure alert (src/domain/failure-alert.ts): once per batch. */
export interface PushFailureAlertItem {
  id: string
  type: 'failure_alert'
  batch_id: string
  sent: number
  failed: number
  /** The enterprise's threshold, percent of those sent. */
  threshold: number
  alert_time: string
}
export interface PushBody {
  delivery_id: string
  account: string
  items: (PushReportItem | PushReplyItem | PushFailureAlertItem)[]
}
