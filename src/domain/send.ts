import { z } from 'zod'
import { SCHEDULE_MIN_AHEAD_MINUTES } from './constants'
import { safeText } from './input'
import { smsTypeSchema } from './marketing'

/**
 * The point-to-point (one-to-one, a value per recipient) send. The spec's sending calls are /user/groupSend,
 * /user/groupPreview, /user/taokeGroupSend and the link, video and 5G sends; the one-to-one send is the only send
 * the spec names without a call of its own, and taokeGroupSend the only send call without a screen (淘客 marketing
 * sends are per-recipient messages), so this is read as that call.
 */
export const P2P_SEND_PATH = '/user/taokeGroupSend'

/**
 * The send contract: /user/groupSend (same content), P2P_SEND_PATH (point-to-point) and
 * /user/groupPreview. A send is `multipart/form-data` because a million numbers is ~12 MB, past the 2 MB JSON limit:
 *
 *   payload  a JSON string validated by groupSendSchema / p2pSendSchema (a form field, not a file)
 *   numbers  (groupSend) a file part: recipient numbers as UTF-8 text. The worker's parseNumberList output (ASCII
 *            digits separated by '\n') is the intended form; the server parses it again with the same function
 *            (domestic mode), so any separator parseNumberList accepts also works. Invalid and repeated numbers are
 *            dropped and counted, never sent.
 *   rows     (point-to-point) a file part, the packed rows: UTF-8 text, one row per line ('\n', a trailing '\r' ignored);
 *            cells separated by TAB: the mobile number first, then the values of {p1}, {p2}, … A cell holds no TAB
 *            or line break (the client replaces them with a space). Rows with an invalid mobile are dropped and
 *            counted; a repeated mobile keeps its first row. A placeholder past a row's last value is filled with
 *            nothing (spreadsheets drop empty cells at a row's end). The rules: send-p2p.ts.
 *
 * The multipart body may be up to SEND_BODY_LIMIT_BYTES. The reply is the usual envelope with `data` a SendResult.
 * A timed send is billed when the scheduler sends it (an edit or intercept before then changes or cancels the bill):
 * its reply gives the cost at scheduling time and the balance unchanged; the batch fails (send_status 4) if the
 * balance cannot cover it when due.
 * Refusals: 400 invalidNumber (no valid number), 400 insufficientBalance, 400 badRequest (payload), 400 fileHasNul
 * (the file part holds a 0x00 byte: refused whole, never stripped), 403 productNotActivated (the account has no price
 * for the product), 413 badRequest (body too large).
 */

export const SEND_BODY_LIMIT_BYTES = 64 * 1024 * 1024
/** How many messages /user/groupPreview returns at most. */
export const PREVIEW_LIMIT = 10
/**
 * The longest message one send may carry, in characters, signature and filled values included: a long SMS is
 * sent as concatenated parts and carriers and platforms cap it; China's large SMS platforms (Alibaba Cloud, Tencent
 * Cloud) accept at most 500 characters for one message, i.e. 8 billed parts of 70. Bulk content, templates and every
 * filled point-to-point message are held to it, in the console and again on the server.
 */
export const MAX_CONTENT_CHARS = 500

/** mt_record status a send stores: 500 waiting for the report, 100 pending review (a sensitive word). */
export const SEND_STATUS = { waitingReport: 500, pendingReview: 100 } as const

/** True when `iso` is at least SCHEDULE_MIN_AHEAD_MINUTES after `now` (the client checks with its clock, the server with its own). */
export function isFarEnoughAhead(iso: string, now: number = Date.now()): boolean {
  const t = Date.parse(iso)
  return Number.isFinite(t) && t - now >= SCHEDULE_MIN_AHEAD_MINUTES * 60_000
}

const timingTime = z
  .string()
  .datetime({ offset: true })
  .refine((v) => isFarEnoughAhead(v), { message: `at least ${SCHEDULE_MIN_AHEAD_MINUTES} minutes ahead` })

const sendBase = {
  /** The account that sends and pays: the caller itself (default) or one of its sub-accounts. */
  cus_id: safeText().trim().min(1).max(64).optional(),
  /** Absent or null: send now. Else an ISO 8601 time with offset, at least 10 minutes ahead: a timed batch. */
  timing_time: timingTime.nullish(),
  /** One per composed send (uuidV4()); a retry with the same key returns the first reply, sends nothing. */
  idempotency_key: z.string().uuid(),
  /** The sender marks free text as marketing (marketing.ts; an approved template's own type decides otherwise). */
  marketing: z.boolean().optional(),
}

export const groupSendSchema = z.object({
  ...sendBase,
  content: safeText().trim().min(1).max(MAX_CONTENT_CHARS),
})
export type GroupSendPayload = z.infer<typeof groupSendSchema>

/**
 * /user/templateAdd: the send page's content (a bulk text, or a point-to-point template with {p1} … placeholders)
 * submitted as a content template of the sending account. It waits for review (check_status 0) and can be picked
 * once approved.
 */
export const templateAddSchema = z.object({
  cus_id: sendBase.cus_id,
  template_content: safeText().trim().min(1).max(MAX_CONTENT_CHARS),
  /** Words the template list's keyword search finds it by (optional). */
  keyword: safeText().trim().max(100).optional(),
})
export type TemplateAddPayload = z.infer<typeof templateAddSchema>
export const templateAddResultSchema = z.object({ id: z.number(), check_status: z.number() })

/** Template with placeholders {p1}, {p2}, … (see billing.ts); each row of the `rows` file fills them. */
export const p2pSendSchema = z.object({
  ...sendBase,
  template: safeText().trim().min(1).max(MAX_CONTENT_CHARS),
})
export type P2pSendPayload = z.infer<typeof p2pSendSchema>

/**
 * /user/groupPreview: the same multipart form as the send it previews (payload + numbers, or payload + rows);
 * `idempotency_key` and `timing_time` are not needed. Nothing is stored or billed.
 */
export const groupPreviewSchema = z.object({
  cus_id: sendBase.cus_id,
  content: safeText().max(MAX_CONTENT_CHARS).optional(),
  template: safeText().max(MAX_CONTENT_CHARS).optional(),
})
export type GroupPreviewPayload = z.infer<typeof groupPreviewSchema>

export const previewMessageSchema = z.object({ mobile: z.string(), content: z.string(), messages: z.number() })
export const groupPreviewResultSchema = z.object({
  /** The first PREVIEW_LIMIT messages, as recipients will see them. */
  messages: z.array(previewMessageSchema),
  /** Valid distinct numbers (rows), invalid and repeated ones. */
  numbers: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  /** Total messages billed and the cost at the account's price. */
  total_messages: z.number(),
  cost: z.number(),
})
export type GroupPreviewResult = z.infer<typeof groupPreviewResultSchema>

export const sendResultSchema = z.object({
  /** sms_batch.batch_id for an immediate send, time_batch.time_batch for a timed one. */
  batch_id: z.string(),
  timed: z.boolean(),
  /** Valid distinct numbers accepted (= records stored). */
  numbers: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  /** Numbers left out because they are on the enterprise's opt-out list (neither sent nor billed). */
  opted_out: z.number().default(0),
  /** Total messages billed (sum over recipients of measureContent(message).messages). */
  messages: z.number(),
  /** Yuan, rounded to 3 decimals as the balance is stored. */
  cost: z.number(),
  balance_after: z.number(),
  /** ISO time: now for an immediate send, the scheduled time for a timed one. */
  send_time: z.string(),
  /** Immediate: 500 waiting for reports, or 100 pending review. Timed: the timed batch's send_status 0. */
  status: z.number(),
  /** What the send was taken for (marketing.ts): its approved template's type, or marketing as marked, else a notification. */
  sms_type: smsTypeSchema.default('notice'),
  /** A marketing send asked for outside the marketing hours: a timed batch for `send_time`, the hours' next start. */
  quiet_hours: z.boolean().default(false),
  /** Numbers left out because they reached the daily marketing cap: not sent, not billed. */
  over_cap: z.number().default(0),
})
export type SendResult = z.infer<typeof sendResultSchema>

/** The send pages' kinds (the timed batches' `kind` too) and the console module whose lists show their batches. */
export const SEND_KIND_MODULE = {
  group: 'home-sms', p2p: 'home-sms', link: 'home-sms', video: 'video-sms', csp: 'csp-sms', intl: 'intl-sms',
} as const
export type SendKind = keyof typeof SEND_KIND_MODULE

/** Where a sent batch is seen: its page (followed live, acted on), or for a timed send its timed batch (by URL). */
export function sentBatchPath(kind: SendKind, result: Pick<SendResult, 'batch_id' | 'timed'>): string {
  const id = encodeURIComponent(result.batch_id)
  const module = SEND_KIND_MODULE[kind]
  return result.timed ? `/${module}/timed-batches?time_batch=${id}` : `/${module}/batch/${id}`
}
