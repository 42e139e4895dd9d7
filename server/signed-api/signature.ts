import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { canonicalRequest, NONCE_PATTERN, SIGNATURE_HEADERS, SIGNATURE_PATTERN, SIGNATURE_WINDOW_SECONDS } from '../../src/domain/signed-api'
import type { Deps } from '../deps'
import type { Db } from '../db'
import { addressKey, clientIp } from '../http/client-ip'
import { ApiError } from '../http/envelope'
import { consumeRate } from '../security/rate-limit'
import { appSecretOf } from '../users/app-secret'
import { requireAllowedAddress } from '../security/allowed-addresses'
import { accountStatusSql } from '../users/repo'

/** What a signed call's route reads: the verified account and the raw body it signed. */
export interface SignedApiEnv {
  Variables: { openAccount: string; openBody: Uint8Array }
}

const hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex')

/** Lowercase hex HMAC-SHA256 of the canonical request under `secret` (what a caller computes, see src/domain/signed-api.ts). */
export function signatureOf(secret: string, canonical: string): string {
  return createHmac('sha256', secret).update(canonical).digest('hex')
}

const sameSignature = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'))

/** A nonce the account has not used within the window is recorded; a repeat is refused (401 apiNonceReplayed). */
async function spendNonce(db: Db, cusId: string, nonce: string): Promise<void> {
  await db.query('delete from signed_api_nonce where cus_id = $1 and expires_at < now()', [cusId])
  const { rows } = await db.query(
    `insert into signed_api_nonce (cus_id, nonce, expires_at) values ($1, $2, now() + make_interval(secs => $3))
     on conflict do nothing returning 1`, [cusId, nonce, SIGNATURE_WINDOW_SECONDS * 2])
  if (!rows.length) throw new ApiError(401, 'apiNonceReplayed')
}

/**
 * Authenticates a call of /api/open/v1 by its signature alone: no session, no cookie (a browser page's cookie gets
 * it nothing). Cheap refusals first (headers, clock, the caller's address), then the account and its secret, the
 * signature compared in constant time, and only then the nonce is stored and the account's own limit spent, so
 * unsigned traffic can neither fill the nonce table nor use up a customer's allowance. An unknown account answers as
 * a wrong signature does; a closed one is told so only once its signature is right.
 */
export function requireSignature(deps: Pick<Deps, 'db' | 'config' | 'rateLimiters'>): MiddlewareHandler<SignedApiEnv> {
  const { db, config } = deps
  return async (c, next) => {
    const account = c.req.header(SIGNATURE_HEADERS.account) ?? ''
    const timestamp = c.req.header(SIGNATURE_HEADERS.timestamp) ?? ''
    const nonce = c.req.header(SIGNATURE_HEADERS.nonce) ?? ''
    const signature = (c.req.header(SIGNATURE_HEADERS.signature) ?? '').toLowerCase()
    if (!account || account.length > 64 || !/^\d{1,12}$/.test(timestamp) || !NONCE_PATTERN.test(nonce) || !SIGNATURE_PATTERN.test(signature)) {
      throw new ApiError(401, 'apiSignatureMissing')
    }
    const skew = Math.abs(Date.now() / 1000 - Number(timestamp))
    if (skew > SIGNATURE_WINDOW_SECONDS) throw new ApiError(401, 'apiTimestampSkew', { minutes: SIGNATURE_WINDOW_SECONDS / 60, now: Math.floor(Date.now() / 1000) })
    await consumeRate(deps, 'signedApiAddress', addressKey(clientIp(c, config.trustProxy)))

    const { rows } = await db.query<{ cus_status: number; user_type: number; parent_id: string | null }>(
      `select ${accountStatusSql('c')}::int as cus_status, c.user_type, c.parent_id from customer c where c.cus_id = $1`, [account])
    const status = rows[0]?.cus_status
    if (status === undefined || status === 2) throw new ApiError(401, 'apiSignatureInvalid')
    const body = new Uint8Array(await c.req.arrayBuffer())
    const expected = signatureOf(await appSecretOf(db, account), canonicalRequest({
      method: c.req.method, path: c.req.path, account, timestamp, nonce, bodySha256: hex(body),
    }))
    if (!sameSignature(expected, signature)) throw new ApiError(401, 'apiSignatureInvalid')
    if (status !== 1) throw new ApiError(403, 'accountClosed')
    await requireAllowedAddress(db, { userType: rows[0].user_type, cusId: account, parentId: rows[0].parent_id }, clientIp(c, config.trustProxy))
    await spendNonce(db, account, nonce)
    await consumeRate(deps, 'signedApiAccount', account)
    c.set('openAccount', account)
    c.set('openBody', body)
    await next()
  }
}
