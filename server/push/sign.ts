import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * A push is signed with HMAC-SHA256 of `timestamp + "." + body` under the account's app secret, hex, sent as
 * `X-Sms-Signature: sha256=<hex>` beside `X-Sms-Timestamp` (Unix seconds). The timestamp is inside the signed
 * string, so a receiver that refuses old timestamps refuses replays; it de-duplicates what it accepts by the
 * items' ids (a retry after a lost answer is the same delivery again).
 */
export const PUSH_HEADERS = {
  timestamp: 'x-sms-timestamp',
  signature: 'x-sms-signature',
  deliveryId: 'x-sms-delivery-id',
  account: 'x-sms-account',
} as const

export function signPush(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/**
 * What a receiver does (docs/report-push.md shows the same in a snippet): recompute, compare in constant time, and refuse a
 * timestamp more than `toleranceSeconds` away from its own clock.
 */
export function verifyPush(secret: string, headers: { timestamp?: string; signature?: string }, body: string, nowSeconds: number,
  toleranceSeconds = 300): boolean {
  const { timestamp, signature } = headers
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false
  const want = Buffer.from(signPush(secret, timestamp, body))
  const got = Buffer.from(signature)
  return want.length === got.length && timingSafeEqual(want, got)
}
