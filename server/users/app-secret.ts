import { randomBytes } from 'node:crypto'
import type { Db } from '../db'

/** 32 random bytes as 64 hex characters: what customers' systems sign their calls and check our pushes with. */
const newSecret = () => randomBytes(32).toString('hex')

/**
 * The account's app secret, made on first use. Stored as the value itself (HMAC needs it, a hash would not do).
 * Two first uses at once agree: the conditional update lets only one of them write, the other reads its value.
 * Throws for an account that does not exist; callers authenticating a request check the account first.
 */
export async function appSecretOf(db: Db, cusId: string): Promise<string> {
  const { rows } = await db.query<{ app_secret: string }>('select app_secret from customer where cus_id = $1', [cusId])
  if (!rows[0]) throw new Error(`no account ${cusId}`)
  if (rows[0].app_secret) return rows[0].app_secret
  await db.query(`update customer set app_secret = $2 where cus_id = $1 and app_secret = ''`, [cusId, newSecret()])
  const again = await db.query<{ app_secret: string }>('select app_secret from customer where cus_id = $1', [cusId])
  return again.rows[0].app_secret
}

/** Replaces the account's app secret; the old one stops verifying at once (signatures read it on every call). */
export async function rotateAppSecret(db: Db, cusId: string): Promise<string> {
  const { rows } = await db.query<{ app_secret: string }>(
    'update customer set app_secret = $2 where cus_id = $1 returning app_secret',
    [cusId, newSecret()],
  )
  if (!rows[0]) throw new Error(`no account ${cusId}`)
  return rows[0].app_secret
}
