import { z } from 'zod'
import { safeText } from './input'
import { optOutAddSchema } from './opt-outs'
import { MAX_CONTENT_CHARS, p2pSendSchema } from './send'

/*
 * The API for the customer's own systems: same-content and point-to-point sends, a batch's state and the
 * balance, called server to server and signed with the account's app secret instead of a session. JSON in and out,
 * the usual envelope; the sends go through the console's commitSend, so they bill, review and retry alike.
 *
 * Every call carries four headers (SIGNATURE_HEADERS): the account id, the Unix time in seconds, a nonce used once
 * (8–64 of A–Z a–z 0–9 _ -) and the signature: lowercase hex of HMAC-SHA256, keyed by the app secret (the text the
 * settings page shows), of canonicalRequest(). The server refuses a time more than SIGNATURE_WINDOW_SECONDS away from
 * its own, a nonce the account used in the last SIGNATURE_WINDOW_SECONDS × 2, and a closed account.
 */

/** Under API_PREFIX. */
export const OPEN_API_PATHS = {
  send: '/open/v1/sms/send',
  p2p: '/open/v1/sms/p2p',
  batch: '/open/v1/batch/query',
  balance: '/open/v1/account/balance',
  optOut: '/open/v1/optOut/add',
} as const

export const SIGNATURE_HEADERS = {
  account: 'X-Sms-Account',
  timestamp: 'X-Sms-Timestamp',
  nonce: 'X-Sms-Nonce',
  signature: 'X-Sms-Signature',
} as const

export const SIGNATURE_WINDOW_SECONDS = 300
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
export const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/

/**
 * The signed text, one item a line: method (upper case), the path as requested (with API_PREFIX, without the query
 * string), account id, timestamp, nonce, and the lowercase hex SHA-256 of the raw body bytes (of nothing when empty).
 */
export function canonicalRequest(r: { method: string; path: string; account: string; timestamp: string; nonce: string; bodySha256: string }): string {
  return [r.method.toUpperCase(), r.path, r.account, r.timestamp, r.nonce, r.bodySha256].join('\n')
}

/** Numbers (or point-to-point rows) one call may carry; a larger send is split over calls. */
export const OPEN_MAX_NUMBERS = 100_000
/** Numbers one opt-out call may put on the list. */
export const OPEN_OPT_OUT_MAX = 1000
/** The longest mobile entry read (a number with prefix and separators). */
const MOBILE_CHARS = 32

const idempotencyKey = p2pSendSchema.shape.idempotency_key
const timingTime = p2pSendSchema.shape.timing_time

/**
 * Same content to every number. `mobiles`: an array, or one text of numbers separated as the console's number
 * lists may be (line breaks, commas, spaces …); invalid and repeated numbers are dropped and counted, as in the console.
 */
export const openSendSchema = z.object({
  idempotency_key: idempotencyKey,
  content: safeText().trim().min(1).max(MAX_CONTENT_CHARS),
  mobiles: z.union([
    z.array(safeText().max(MOBILE_CHARS)).min(1).max(OPEN_MAX_NUMBERS),
    safeText().min(1).max(OPEN_MAX_NUMBERS * (MOBILE_CHARS / 2)),
  ]),
  timing_time: timingTime,
  /** Marks free text as marketing: it must carry a refusal instruction and keeps to the marketing hours and cap. */
  marketing: p2pSendSchema.shape.marketing,
})
export type OpenSendPayload = z.infer<typeof openSendSchema>

/** A value of a point-to-point row: no TAB or line break (the rows are packed as the console's rows file). */
const cell = safeText().max(MAX_CONTENT_CHARS).refine((v) => !/[\t\r\n]/.test(v), { message: 'no TAB or line break' })

/**
 * Point-to-point: each row is `[mobile, value of {p1}, value of {p2}, …]`; a placeholder past a row's last value is
 * filled with nothing. Each filled message is held to MAX_CONTENT_CHARS (400 messageTooLong names the row, 1-based).
 */
export const openP2pSchema = z.object({
  idempotency_key: idempotencyKey,
  template: p2pSendSchema.shape.template,
  rows: z.array(z.array(cell).min(1).max(100)).min(1).max(OPEN_MAX_NUMBERS),
  timing_time: timingTime,
  marketing: p2pSendSchema.shape.marketing,
})
export type OpenP2pPayload = z.infer<typeof openP2pSchema>

/** A batch id a send of this account answered (an immediate batch `B…` or a timed one `T…`). */
export const openBatchQuerySchema = z.object({ batch_id: safeText().trim().min(1).max(64) })

export const openBalanceSchema = z.object({})

export const openBatchSchema = z.object({
  batch_id: z.string(),
  timed: z.boolean(),
  /** Immediate: 1 same content, 2 point-to-point, 0 held for review. Timed: 0 same content, 1 point-to-point. */
  batch_type: z.number(),
  content: z.string(),
  create_time: z.string(),
  /** Numbers of the batch. */
  numbers: z.number(),
  /** Immediate only: sent to the carrier, delivered, failed, no report yet. */
  sent: z.number().optional(),
  success: z.number().optional(),
  failure: z.number().optional(),
  unknown: z.number().optional(),
  /** Timed only: the timed batch's send_status (0 to be sent, 1 sent, 2 paused, 3 intercepted, else failed) and time. */
  send_status: z.number().optional(),
  timing_time: z.string().optional(),
})
export type OpenBatch = z.infer<typeof openBatchSchema>

export const openBalanceResultSchema = z.object({ cus_id: z.string(), balance: z.number() })

/** Numbers the customer's own systems learnt have refused its messages (a web form, a call centre): put on its opt-out list. */
export const openOptOutSchema = z.object({
  mobiles: z.array(optOutAddSchema.shape.mobile).min(1).max(OPEN_OPT_OUT_MAX),
  note: optOutAddSchema.shape.note,
})
