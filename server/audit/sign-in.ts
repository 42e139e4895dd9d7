import type { Context } from 'hono'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { audit } from './write'

export type SignInMethod = 'password' | 'smsCode' | 'twoFactor'

/**
 * A refused sign-in step leaves its entry, committed on its own (the attempt it spent stays spent too): the name
 * tried, the method and the refusal. The entry belongs to the account of that name when there is one (its
 * enterprise reads it); a name no account has is for administrators only, and only as the target.
 */
export async function signInFailed(db: Db, c: Context, username: string | null, method: SignInMethod, e: unknown): Promise<void> {
  if (!(e instanceof ApiError) || username === null) return
  const { rows } = await db.query<{ cus_id: string }>('select cus_id from customer where cus_id = $1', [username])
  await audit(db, c, {
    action: 'signInFailed', account: rows[0]?.cus_id ?? null, target: { id: username },
    changes: [{ field: 'method', after: method }, { field: 'refusal', after: e.key }],
  })
}

/** Runs a sign-in step; a refusal is recorded (signInFailed) and answered as it was. */
export async function recordingRefusal<T>(db: Db, c: Context, method: SignInMethod, username: () => string | null, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (e) {
    await signInFailed(db, c, username(), method, e)
    throw e
  }
}
