import { randomBytes } from 'node:crypto'
import { API_KEY_LAST_USE_SECONDS, API_KEY_SCOPES, type ApiKeyScope } from '../../src/domain/api-keys'
import type { Db } from '../db'
import { appSecretOf } from '../users/app-secret'
import type { KeySealer, SealedWith } from './key-seal'

/*
 * What the signature check needs of the key a call names (or of the app secret, when it names none), and the cheap
 * note of its use. The writes (create, revoke, rotate) are in server/routes/api-keys.ts.
 */

export interface SigningKey {
  /** '' for the app secret. */
  keyId: string
  /** The secrets that verify now: the current one, and a rotated-out one until its overlap ends. */
  secrets: string[]
  scopes: readonly ApiKeyScope[]
  ranges: string[]
  revoked: boolean
  /** Its expiry when it has passed (the database's clock), else null. */
  expiredAt: Date | null
  /** Its last use is older than API_KEY_LAST_USE_SECONDS (or never): the call writes it. */
  stale: boolean
}

interface KeyRow {
  sealed: string
  sealed_with: SealedWith
  previous_sealed: string | null
  previous_sealed_with: SealedWith | null
  previous_live: boolean
  scopes: ApiKeyScope[]
  ranges: string[]
  revoked: boolean
  expired_at: Date | null
  stale: boolean
}

/** 32 random bytes as 64 hex characters, the app secret's form, so a customer's signing code takes either. */
export const newSecret = () => randomBytes(32).toString('hex')
export const newKeyId = () => `ak_${randomBytes(10).toString('hex')}`

const STALE = `(last_used_at is null or last_used_at < now() - make_interval(secs => ${API_KEY_LAST_USE_SECONDS}))`

/** The key `keyId` of account `cusId` (null when it has none of that id), or the app secret when `keyId` is ''. */
export async function signingKeyOf(db: Db, sealer: KeySealer, cusId: string, keyId: string): Promise<SigningKey | null> {
  if (!keyId) {
    const { rows } = await db.query<{ stale: boolean }>(
      `select (app_secret_used_at is null or app_secret_used_at < now() - make_interval(secs => ${API_KEY_LAST_USE_SECONDS})) as stale
       from customer where cus_id = $1`, [cusId])
    return { keyId: '', secrets: [await appSecretOf(db, cusId)], scopes: API_KEY_SCOPES, ranges: [], revoked: false, expiredAt: null, stale: rows[0]?.stale ?? false }
  }
  const { rows } = await db.query<KeyRow>(
    `select sealed, sealed_with, previous_sealed, previous_sealed_with, coalesce(previous_until > now(), false) as previous_live,
       scopes, ranges, revoked_at is not null as revoked, case when expires_at <= now() then expires_at end as expired_at, ${STALE} as stale
     from api_key where key_id = $1 and cus_id = $2`, [keyId, cusId])
  const k = rows[0]
  if (!k) return null
  const secrets = [await sealer.open(keyId, k.sealed, k.sealed_with)]
  if (k.previous_live && k.previous_sealed && k.previous_sealed_with) secrets.push(await sealer.open(keyId, k.previous_sealed, k.previous_sealed_with))
  return {
    keyId, secrets: secrets.filter((s): s is string => s !== null), scopes: k.scopes, ranges: k.ranges,
    revoked: k.revoked, expiredAt: k.expired_at, stale: k.stale,
  }
}

/** Writes the key's last use when it is stale; two calls at once may both write, which costs nothing wrong. */
export async function noteUse(db: Db, cusId: string, key: SigningKey): Promise<void> {
  if (!key.stale) return
  if (key.keyId) await db.query('update api_key set last_used_at = now() where key_id = $1', [key.keyId])
  else await db.query('update customer set app_secret_used_at = now() where cus_id = $1', [cusId])
}
