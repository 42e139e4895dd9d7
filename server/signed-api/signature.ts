import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { API_KEY_HEADER, API_KEY_ID_PATTERN, API_KEY_SCOPE_WORDS, type ApiKeyScope } from '../../src/domain/api-keys'
import { addressInRanges } from '../../src/domain/allowed-addresses'
import { formatDateTime } from '../../src/domain/date-time'
import { canonicalRequest, NONCE_PATTERN, SIGNATURE_HEADERS, SIGNATURE_PATTERN, SIGNATURE_WINDOW_SECONDS } from '../../src/domain/signed-api'
import type { Deps } from '../deps'
import type { Db } from '../db'
import { addressKey, clientIp } from '../http/client-ip'
import { ApiError, localeOf } from '../http/envelope'
import { consumeRate } from '../security/rate-limit'
import { requireAllowedAddress } from '../security/allowed-addresses'
import { accountStatusSql } from '../users/repo'
import { noteUse, signingKeyOf, type SigningKey } from './keys'

/** What a signed call's route reads: the verified account, the key it was signed with ('' the app secret) and the raw body it signed. */
export interface SignedApiEnv {
  Variables: { openAccount: string; openKey: string; openBody: Uint8Array }
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
 * What the key lets through, once its signature is right: not revoked (401), not expired (401), called from one of
 * its address ranges (403), and holding the call's scope (403 naming it, in words and as `data.missing_scope`).
 */
function checkKey(key: SigningKey, scope: ApiKeyScope, ip: string, c: Context) {
  if (key.revoked) throw new ApiError(401, 'apiKeyRevoked', { key: key.keyId })
  if (key.expiredAt) throw new ApiError(401, 'apiKeyExpired', { key: key.keyId, time: formatDateTime(key.expiredAt) })
  if (!addressInRanges(ip, key.ranges)) throw new ApiError(403, 'apiKeyAddressNotAllowed', { address: ip })
  if (!key.scopes.includes(scope)) {
    throw new ApiError(403, 'apiKeyScopeMissing', { scope, label: API_KEY_SCOPE_WORDS[scope][localeOf(c)] }, undefined, { missing_scope: scope })
  }
}

/**
 * Authenticates a call of /api/open/v1 by its signature alone: no session, no cookie (a browser page's cookie gets
 * it nothing). Cheap refusals first (headers, clock, the caller's address), then the account and the key the call
 * names in X-Sms-Key (none: the app secret, every scope), the signature compared in constant time with each secret
 * that verifies now (a rotated key's previous one during its overlap), then the account's and the key's own rules
 * (closed, allowed addresses, revoked, expired, the key's ranges and `scope`), and only then the nonce is stored, the
 * account's own limit spent and the key's last use noted, so unsigned traffic can neither fill the nonce table nor
 * use up a customer's allowance. An unknown account or key answers as a wrong signature does; a closed account, a
 * revoked or expired key, a range or a scope is told only once the signature is right.
 */
export function requireSignature(deps: Pick<Deps, 'db' | 'config' | 'rateLimiters' | 'keySealer'>, scope: ApiKeyScope): MiddlewareHandler<SignedApiEnv> {
  const { db, config } = deps
  return async (c, next) => {
    const account = c.req.header(SIGNATURE_HEADERS.account) ?? ''
    const timestamp = c.req.header(SIGNATURE_HEADERS.timestamp) ?? ''
    const nonce = c.req.header(SIGNATURE_HEADERS.nonce) ?? ''
    const signature = (c.req.header(SIGNATURE_HEADERS.signature) ?? '').toLowerCase()
    const keyId = c.req.header(API_KEY_HEADER) ?? ''
    if (!account || account.length > 64 || !/^\d{1,12}$/.test(timestamp) || !NONCE_PATTERN.test(nonce) || !SIGNATURE_PATTERN.test(signature)
      || (keyId && !API_KEY_ID_PATTERN.test(keyId))) {
      throw new ApiError(401, 'apiSignatureMissing')
    }
    const skew = Math.abs(Date.now() / 1000 - Number(timestamp))
    if (skew > SIGNATURE_WINDOW_SECONDS) throw new ApiError(401, 'apiTimestampSkew', { minutes: SIGNATURE_WINDOW_SECONDS / 60, now: Math.floor(Date.now() / 1000) })
    const ip = clientIp(c, config.trustProxy)
    await consumeRate(deps, 'signedApiAddress', addressKey(ip))

    const { rows } = await db.query<{ cus_status: number; user_type: number; parent_id: string | null }>(
      `select ${accountStatusSql('c')}::int as cus_status, c.user_type, c.parent_id from customer c where c.cus_id = $1`, [account])
    const status = rows[0]?.cus_status
    if (status === undefined || status === 2) throw new ApiError(401, 'apiSignatureInvalid')
    const key = await signingKeyOf(db, deps.keySealer, account, keyId)
    if (!key) throw new ApiError(401, 'apiSignatureInvalid')
    const body = new Uint8Array(await c.req.arrayBuffer())
    const canonical = canonicalRequest({ method: c.req.method, path: c.req.path, account, timestamp, nonce, bodySha256: hex(body) })
    // Every candidate is computed and compared, so the time taken says nothing of which one matched.
    const matches = key.secrets.map((secret) => sameSignature(signatureOf(secret, canonical), signature))
    if (!matches.includes(true)) throw new ApiError(401, 'apiSignatureInvalid')
    if (status !== 1) throw new ApiError(403, 'accountClosed')
    await requireAllowedAddress(db, { userType: rows[0].user_type, cusId: account, parentId: rows[0].parent_id }, ip)
    checkKey(key, scope, ip, c)
    await spendNonce(db, account, nonce)
    await consumeRate(deps, 'signedApiAccount', account)
    await noteUse(db, account, key)
    c.set('openAccount', account)
    c.set('openKey', key.keyId)
    c.set('openBody', body)
    await next()
  }
}
