import { createHash, randomBytes } from 'node:crypto'
import { TOKEN_TTL_SECONDS } from '../../src/domain/constants'
import type { Db } from '../db'

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** Opaque random token; only its hash is stored, so a database leak yields no usable sessions. */
export async function issueToken(db: Db, customerId: number): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(32).toString('hex')
  await db.query(
    `insert into session_token (token_hash, customer_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3))`,
    [sha256(token), customerId, TOKEN_TTL_SECONDS],
  )
  return { token, expiresIn: TOKEN_TTL_SECONDS }
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.query('update session_token set revoked_at = now() where token_hash = $1 and revoked_at is null', [sha256(token)])
}

/** The customer id behind a live token, or null when unknown, expired or revoked. */
export async function tokenOwner(db: Db, token: string): Promise<number | null> {
  const { rows } = await db.query<{ customer_id: number }>(
    'select customer_id from session_token where token_hash = $1 and revoked_at is null and expires_at > now()',
    [sha256(token)],
  )
  return rows[0]?.customer_id ?? null
}
