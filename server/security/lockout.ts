import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_LOCKOUT_MINUTES } from '../../src/domain/constants'
import type { Db } from '../db'

/**
 * Minutes left before the account may try again, or 0. The account is locked when its last LOGIN_FAILURE_LIMIT
 * failures since the last success all fall inside one window; the lock runs from the latest of them. Refused
 * attempts are not recorded, so hammering a locked account does not extend its lock.
 */
export async function lockedMinutes(db: Db, cusId: string): Promise<number> {
  const { rows } = await db.query<{ created_at: Date }>(
    `select created_at from login_attempt
     where cus_id = $1 and not success
       and created_at > coalesce((select max(created_at) from login_attempt where cus_id = $1 and success), '-infinity')
     order by created_at desc limit $2`,
    [cusId, LOGIN_FAILURE_LIMIT],
  )
  if (rows.length < LOGIN_FAILURE_LIMIT) return 0
  const latest = new Date(rows[0].created_at).getTime()
  const oldest = new Date(rows[rows.length - 1].created_at).getTime()
  if (latest - oldest > LOGIN_FAILURE_WINDOW_MINUTES * 60_000) return 0
  const left = Math.ceil((latest + LOGIN_LOCKOUT_MINUTES * 60_000 - Date.now()) / 60_000)
  return Math.max(left, 0)
}

export async function recordAttempt(db: Db, cusId: string, success: boolean, ip = ''): Promise<void> {
  await db.query('insert into login_attempt (cus_id, success, ip) values ($1, $2, $3)', [cusId, success, ip])
}
