import { createHash, randomBytes } from 'node:crypto'
import { TOKEN_TTL_SECONDS } from '../../src/domain/constants'
import type { Db } from '../db'

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** Live sessions one customer may hold; the oldest is revoked when another sign-in would pass it. */
export const MAX_LIVE_TOKENS = 10

/**
 * Opaque random token; only its hash is stored, so a database leak yields no usable sessions. Issuing one also
 * keeps the customer's rows bounded: live tokens beyond MAX_LIVE_TOKENS (oldest first) are revoked, and rows that
 * are expired or revoked are deleted.
 */
export async function issueToken(db: Db, customerId: number): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(32).toString('hex')
  const hash = sha256(token)
  await db.query('delete from session_token where customer_id = $1 and (expires_at <= now() or revoked_at is not null)', [customerId])
  await db.query(
    `insert into session_token (token_hash, customer_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3))`,
    [hash, customerId, TOKEN_TTL_SECONDS],
  )
  // Tokens minted in one transaction share created_at, so the new one is kept by name rather than by time.
  await db.query(
    `update session_token set revoked_at = now()
     where token_hash in (select token_hash from session_token
                          where customer_id = $1 and token_hash <> $2 and revoked_at is null
                          order by created_at desc, token_hash offset $3)`,
    [customerId, hash, MAX_LIVE_TOKENS - 1],
  )
  return { token, expiresIn: TOKEN_TTL_SECONDS }
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.query('update session_token set revoked_at = now() where token_hash = $1 and revoked_at is null', [sha256(token)])
}

