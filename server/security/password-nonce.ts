import { randomBytes } from 'node:crypto'
import type { Deps } from '../deps'
import { ApiError, fieldError } from '../http/envelope'
import type { SessionUser } from '../users/repo'
import { DUMMY_HASH, verifyPassword } from './password'
import { consumeRate } from './rate-limit'
import { unsealPassword } from './rsa'

export const PASSWORD_NONCE_TTL_SECONDS = 300
/** Live nonces one account may hold; asking for more drops its oldest, so the table stays bounded per account. */
export const PASSWORD_NONCES_PER_ACCOUNT = 5

type NonceDeps = Pick<Deps, 'db' | 'keys'>

/**
 * A one-time name to seal a password typed after sign-in with (src/domain/auth.ts sealPassword), bound to the
 * account that asked. The server names it, as it names captchas: a name the client chose it could choose again.
 */
export async function issuePasswordNonce(deps: Pick<Deps, 'db'>, cusId: string): Promise<string> {
  const nonce = randomBytes(16).toString('hex')
  await deps.db.query('delete from password_nonce where expires_at <= now()')
  await deps.db.query(
    'insert into password_nonce (nonce, cus_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))',
    [nonce, cusId, PASSWORD_NONCE_TTL_SECONDS],
  )
  await deps.db.query(
    `delete from password_nonce where nonce in
       (select nonce from password_nonce where cus_id = $1 order by expires_at desc, nonce offset $2)`,
    [cusId, PASSWORD_NONCES_PER_ACCOUNT],
  )
  return nonce
}

/** The one refusal for a nonce that is spent, expired, another account's or never issued, and for a wrong password. */
export const passwordRefused = () => new ApiError(400, 'passwordRefused')

/**
 * Spends `redomStr` (whatever follows) and returns the password sealed in `cipher`. Every failure (nonce unknown,
 * expired, spent or another account's; cipher text not ours or sealed for another nonce) throws the same 400, and
 * the RSA work is done only once a live nonce of this account was spent, so the call is no decryption oracle.
 */
export async function openSealedPassword(deps: NonceDeps, cusId: string, redomStr: string, cipher: string): Promise<string> {
  const { rows } = await deps.db.query(
    'delete from password_nonce where nonce = $1 and cus_id = $2 and expires_at > now() returning nonce',
    [redomStr, cusId],
  )
  if (!rows[0]) throw passwordRefused()
  const password = unsealPassword((await deps.keys()).decrypt, cipher, redomStr)
  if (password === null) throw passwordRefused()
  return password
}

/**
 * Re-entered password of the signed-in account (password change, app-secret reveal): rate limited per account
 * (`passwordCheck`), then opened and verified. A bad seal and a wrong password cost the same scrypt work and give
 * the same refusal. Returns the password on success.
 */
export async function confirmPassword(deps: Pick<Deps, 'db' | 'keys' | 'config' | 'rateLimiters'>, user: SessionUser, redomStr: string, cipher: string): Promise<string> {
  await consumeRate(deps, 'passwordCheck', user.cusId)
  const password = await openSealedPassword(deps, user.cusId, redomStr, cipher).catch((e: unknown) => {
    if (e instanceof ApiError) return null
    throw e
  })
  const valid = await verifyPassword(password ?? '', password === null ? DUMMY_HASH : user.passwordHash)
  if (!valid || password === null) throw passwordRefused()
  return password
}

/** Re-throws a sealed-password refusal as one naming the form's `field`; anything else as it is. */
export const refusedAs = (field: string) => (e: unknown): never => {
  if (e instanceof ApiError && e.key === 'passwordRefused') throw fieldError('passwordRefused', { [field]: 'passwordRefused' })
  throw e
}
