import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_LOCKOUT_MINUTES } from '../../src/domain/constants'
import type { Db } from '../db'

/**
 * Minutes left before this address may try this account again, or 0. The pair is locked when its last
 * LOGIN_FAILURE_LIMIT failures since its last success all fall inside one window; the lock runs from the latest of
 * them. The lock is per (account, address): five wrong guesses from one place must not lock the owner out from
 * another. Refused attempts are not recorded, so hammering a locked pair does not extend its lock.
 */
export async function lockedMinutes(db: Db, cusId: string, address: string): Promise<number> {
  const { rows } = await db.query<{ created_at: Date }>(
    `select created_at from login_attempt
     where cus_id = $1 and ip = $3 and not success
       and created_at > coalesce((select max(created_at) from login_attempt where cus_id = $1 and ip = $3 and success), '-infinity')
     order by created_at desc limit $2`,
    [cusId, LOGIN_FAILURE_LIMIT, address],
  )
  if (rows.length < LOGIN_FAILURE_LIMIT) return 0
  const latest = new Date(rows[0].created_at).getTime()
  const oldest = new Date(rows[rows.length - 1].created_at).getTime()
  if (latest - oldest > LOGIN_FAILURE_WINDOW_MINUTES * 60_000) return 0
  const left = Math.ceil((latest + LOGIN_LOCKOUT_MINUTES * 60_000 - Date.now()) / 60_000)
  return Math.max(left, 0)
}

/** The account's failures from every address within the window since its last success anywhere. */
export async function recentFailures(db: Db, cusId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from login_attempt
     where cus_id = $1 and not success and created_at > now() - make_interval(mins => $2)
       and created_at > coalesce((select max(created_at) from login_attempt where cus_id = $1 and success), '-infinity')`,
    [cusId, LOGIN_FAILURE_WINDOW_MINUTES],
  )
  return rows[0]?.n ?? 0
}

const SLOWDOWN_BASE_MS = 500
export const SLOWDOWN_MAX_MS = 8_000

/**
 * The account-wide protection, which must not become a lock: once failures from all addresses together pass
 * LOGIN_FAILURE_LIMIT, every sign-in of the account (the owner's too) waits a delay that doubles per failure up to
 * SLOWDOWN_MAX_MS, before the password is checked, so an early answer gives nothing away. Guesses spread over
 * many addresses get slow and each costs a solved captcha; the owner still gets in, only later.
 */
export function slowdownMs(failures: number): number {
  if (failures <= LOGIN_FAILURE_LIMIT) return 0
  return Math.min(SLOWDOWN_BASE_MS * 2 ** Math.min(failures - LOGIN_FAILURE_LIMIT - 1, 10), SLOWDOWN_MAX_MS)
}

export async function recordAttempt(db: Db, cusId: string, success: boolean, address: string): Promise<void> {
  await db.query('insert into login_attempt (cus_id, success, ip) values ($1, $2, $3)', [cusId, success, address])
  // A day is far beyond every window above; older rows only grow the table.
  if (Math.random() < 0.01) await db.query(`delete from login_attempt where created_at < now() - interval '1 day'`)
}
