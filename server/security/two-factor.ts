import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import {
  CHALLENGE_MINUTES, CHALLENGE_TRIES, normalRecoveryCode, RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW,
  type TwoFactorBegin,
} from '../../src/domain/two-factor'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { hashPassword, verifyPassword } from './password'

/*
 * Two-factor sign-in (src/domain/two-factor.ts). The key is kept as it is (the server computes the codes from it, as
 * with the app secret); the last time step used is kept so that a code is used once within its window (a replay of
 * it, or of an earlier one, is refused by the one conditional update); recovery codes are kept as scrypt hashes and
 * each is spent by an update that removes its hash. otpauth computes the codes (RFC 6238, maintained, no native
 * part); uqr draws the QR image as SVG (no dependency).
 */

const totpOf = (cusId: string, secret: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: cusId, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) })

/** The time step of `code` for `secret` at `now` (within the window), or null when it is not a code of it. */
export function stepOf(cusId: string, secret: string, code: string, now: Date): number | null {
  const delta = totpOf(cusId, secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW })
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta
}

/** The code of `secret` at `now` (tests and the demo use it as an authenticator app would). */
export const codeAt = (cusId: string, secret: string, now: Date) => totpOf(cusId, secret).generate({ timestamp: now.getTime() })

interface Row {
  secret: string
  enabled: boolean
  recovery: string[]
}

async function rowOf(db: Db, cusId: string): Promise<Row | null> {
  const { rows } = await db.query<Row>(
    'select secret, enabled_at is not null as enabled, recovery_hashes as recovery from two_factor where cus_id = $1', [cusId])
  return rows[0] ?? null
}

export async function twoFactorStatus(db: Db, cusId: string) {
  const row = await rowOf(db, cusId)
  return { enabled: !!row?.enabled, recovery_left: row?.enabled ? row.recovery.length : 0 }
}

/** Whether signing in to the account takes a second step. */
export const twoFactorOn = async (db: Db, cusId: string) => !!(await rowOf(db, cusId))?.enabled

/** A new key for the account's app, not in force until a code of it confirms it; one begun before is replaced. */
export async function beginEnrolment(db: Db, cusId: string): Promise<TwoFactorBegin> {
  const secret = new Secret({ size: 20 }).base32
  const { rows } = await db.query(
    `insert into two_factor (cus_id, secret) values ($1, $2)
     on conflict (cus_id) do update set secret = excluded.secret, create_time = now() where two_factor.enabled_at is null
     returning 1`, [cusId, secret])
  if (!rows.length) throw new ApiError(400, 'twoFactorAlreadyOn')
  const uri = totpOf(cusId, secret).toString()
  return { secret, uri, qr_svg: renderSVG(uri, { border: 2 }) }
}

/** Recovery codes: ten of 10 letters and digits of base32 (50 bits each), shown once, as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10)
    const s = [...bytes].map((b) => alphabet[b % 32]).join('')
    return `${s.slice(0, 5)}-${s.slice(5)}`
  })
}

/** The first code of the app puts the begun key in force; answers the recovery codes, shown this once. */
export async function confirmEnrolment(db: Db, cusId: string, code: string, now: Date): Promise<string[]> {
  const row = await rowOf(db, cusId)
  if (!row || row.enabled) throw new ApiError(400, row ? 'twoFactorAlreadyOn' : 'twoFactorNotBegun')
  const step = stepOf(cusId, row.secret, code, now)
  if (step === null) throw new ApiError(400, 'twoFactorWrong', {}, undefined, { fields: { code: 'twoFactorWrong' } })
  const codes = newRecoveryCodes()
  const hashes = await Promise.all(codes.map((c) => hashPassword(c)))
  const { rows } = await db.query(
    `update two_factor set enabled_at = $2, last_step = $3, recovery_hashes = $4
     where cus_id = $1 and enabled_at is null and secret = $5 returning 1`, [cusId, now, step, hashes, row.secret])
  // A second enrolment begun meanwhile replaced the key this code was of.
  if (!rows.length) throw new ApiError(400, 'twoFactorNotBegun')
  return codes
}

/**
 * A second factor for the account: a code of its app not used before (its step later than the last one used), or
 * one of its recovery codes, which is spent. False for anything else; two calls racing with one code never both pass.
 */
export async function spendSecondFactor(db: Db, cusId: string, code: string, now: Date): Promise<boolean> {
  const row = await rowOf(db, cusId)
  if (!row?.enabled) return false
  const digits = code.replace(/\s+/g, '')
  if (/^\d+$/.test(digits)) {
    const step = stepOf(cusId, row.secret, digits, now)
    if (step === null) return false
    const { rows } = await db.query(
      'update two_factor set last_step = $2 where cus_id = $1 and enabled_at is not null and last_step < $2 returning 1', [cusId, step])
    return rows.length === 1
  }
  const typed = normalRecoveryCode(code)
  for (const hash of row.recovery) {
    if (!(await verifyPassword(typed, hash))) continue
    const { rows } = await db.query(
      'update two_factor set recovery_hashes = array_remove(recovery_hashes, $2) where cus_id = $1 and $2 = any(recovery_hashes) returning 1', [cusId, hash])
    return rows.length === 1
  }
  return false
}

export async function removeTwoFactor(db: Db, cusId: string): Promise<void> {
  await db.query('delete from two_factor where cus_id = $1', [cusId])
  await db.query('delete from two_factor_challenge where cus_id = $1', [cusId])
}

/** A password accepted for an account with two-factor: the challenge its second step answers, for CHALLENGE_MINUTES. */
export async function newChallenge(db: Db, cusId: string, address: string, now: Date): Promise<string> {
  const challenge = randomBytes(24).toString('base64url')
  // Expired ones of anyone go with it, so the table holds only live challenges.
  await db.query('delete from two_factor_challenge where expires_at <= $1', [now])
  await db.query('insert into two_factor_challenge (challenge, cus_id, address, expires_at) values ($1, $2, $3, $4)',
    [challenge, cusId, address, new Date(now.getTime() + CHALLENGE_MINUTES * 60_000)])
  return challenge
}

/**
 * One try of a challenge: counted by one update, so concurrent tries cannot pass CHALLENGE_TRIES, and only from the
 * address the password came from. Its account, or null when it is unknown, expired, used up or from elsewhere.
 */
export async function tryChallenge(db: Db, challenge: string, address: string, now: Date): Promise<string | null> {
  const { rows } = await db.query<{ cus_id: string }>(
    `update two_factor_challenge set tries = tries + 1
     where challenge = $1 and address = $2 and expires_at > $3 and tries < $4 returning cus_id`, [challenge, address, now, CHALLENGE_TRIES])
  return rows[0]?.cus_id ?? null
}

export async function endChallenge(db: Db, challenge: string): Promise<void> {
  await db.query('delete from two_factor_challenge where challenge = $1', [challenge])
}

/** Whose requirement applies to an account: the administrators' one, or a sub-account's enterprise's; none for an enterprise. */
export const policyScopeOf = (user: { userType: number; parentId: string | null }) =>
  user.userType === 1 ? 'admin' : user.userType === 3 && user.parentId ? user.parentId : null

/** The requirement an account sets: the administrators' (an administrator), its sub-accounts' (an enterprise). */
export const policyScopeSetBy = (user: { userType: number; cusId: string }) => (user.userType === 1 ? 'admin' : user.cusId)

export async function policyRequired(db: Db, scope: string): Promise<boolean> {
  const { rows } = await db.query<{ required: boolean }>('select required from two_factor_policy where scope = $1', [scope])
  return rows[0]?.required ?? false
}

/** Whether the account must have two-factor to sign in (its enterprise's or the administrators' requirement). */
export async function twoFactorRequired(db: Db, user: { userType: number; parentId: string | null }): Promise<boolean> {
  const scope = policyScopeOf(user)
  return scope !== null && (await policyRequired(db, scope))
}

/**
 * Saves a requirement (in the caller's transaction, `tx`); turned on, the open sessions of the accounts it applies to
 * that have no two-factor yet end with it, so each enrols at its next sign-in rather than working on without it.
 */
export async function setPolicy(tx: Db, scope: string, required: boolean): Promise<void> {
  await tx.query(
    `insert into two_factor_policy (scope, required) values ($1, $2)
     on conflict (scope) do update set required = excluded.required, update_time = now()`, [scope, required])
  if (!required) return
  await tx.query(
    `update session_token t set revoked_at = now()
     from customer c
     where c.id = t.customer_id and t.revoked_at is null
       and (case when $1 = 'admin' then c.user_type = 1 else c.user_type = 3 and c.parent_id = $1 end)
       and not exists (select 1 from two_factor f where f.cus_id = c.cus_id and f.enabled_at is not null)`, [scope])
}
