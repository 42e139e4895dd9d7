import { createHash } from 'node:crypto'
import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT, LOGIN_LOCKOUT_MINUTES } from '../../src/domain/constants'
import type { Db } from '../db'

interface Budget {
  limit: number
  seconds: number
}

/** Guesses one address makes at one account, password and SMS code alike. */
export const PAIR_BUDGET: Budget = { limit: LOGIN_FAILURE_LIMIT, seconds: LOGIN_LOCKOUT_MINUTES * 60 }
/** Password guesses at one account from addresses it has never signed in from, all together. */
export const ACCOUNT_BUDGET: Budget = { limit: LOGIN_ACCOUNT_FAILURE_LIMIT, seconds: LOGIN_LOCKOUT_MINUTES * 60 }
/** How long a successful sign-in makes its address known to the account, and how many addresses an account keeps. */
const KNOWN_DAYS = 90
const KNOWN_PER_ACCOUNT = 20

// Account names come from the request (up to 64 characters) and addresses may be IPv6 prefixes: hash what is long.
const keyOf = (kind: string, ...parts: string[]) => {
  const raw = `${kind}:${parts.join('|')}`
  return raw.length > 100 ? `${kind}:#${createHash('sha256').update(raw).digest('base64url')}` : raw
}
export const pairKey = (cusId: string, address: string) => keyOf('pair', cusId, address)
export const accountKey = (cusId: string) => keyOf('account', cusId)

/**
 * Spends one attempt of `key` before the secret is checked, in one conditional upsert: concurrent requests each
 * get their own count, and none passes once `limit` are spent. The window starts at the first attempt; a refusal
 * spends nothing. Resolves 0 when the attempt may go on, else the seconds until the window ends.
 */
export async function claimAttempt(db: Db, key: string, budget: Budget, now: Date): Promise<number> {
  const { rows } = await db.query(
    `insert into sign_in_guard as g (key, attempts, window_end) values ($1, 1, $2::timestamptz + make_interval(secs => $3))
     on conflict (key) do update set
       attempts = case when g.window_end <= $2 then 1 else g.attempts + 1 end,
       window_end = case when g.window_end <= $2 then excluded.window_end else g.window_end end
     where g.window_end <= $2 or g.attempts < $4
     returning attempts`,
    [key, now, budget.seconds, budget.limit],
  )
  // Windows long over only grow the table; a sweep now and then is enough.
  if (Math.random() < 0.01) await db.query('delete from sign_in_guard where window_end < $1', [now])
  if (rows.length) return 0
  const left = await db.query<{ window_end: Date }>('select window_end from sign_in_guard where key = $1', [key])
  const end = left.rows[0] ? new Date(left.rows[0].window_end).getTime() : now.getTime()
  // Concurrent requests take `now` a little apart: one taken before the window's first attempt would see the window
  // a moment longer than it is (and say 16 minutes of a 15-minute lockout). No wait is longer than the window.
  return Math.min(budget.seconds, Math.max(1, Math.ceil((end - now.getTime()) / 1000)))
}

/** Gives back one attempt (a guess that turned out right costs the account's budget nothing). */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.query('update sign_in_guard set attempts = attempts - 1 where key = $1 and attempts > 0', [key])
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.query('delete from sign_in_guard where key = $1', [key])
}

export async function isKnownAddress(db: Db, cusId: string, address: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from sign_in_known where cus_id = $1 and address = $2 and last_at > $3::timestamptz - make_interval(days => $4)`,
    [cusId, address, now, KNOWN_DAYS],
  )
  return rows.length > 0
}

/** After a successful sign-in: the address is known to the account; each account keeps its newest few. */
export async function rememberAddress(db: Db, cusId: string, address: string, now: Date): Promise<void> {
  await db.query(
    `insert into sign_in_known (cus_id, address, last_at) values ($1, $2, $3)
     on conflict (cus_id, address) do update set last_at = excluded.last_at`,
    [cusId, address, now],
  )
  await db.query(
    `delete from sign_in_known where cus_id = $1 and address in (
       select address from sign_in_known where cus_id = $1 order by last_at desc offset $2)`,
    [cusId, KNOWN_PER_ACCOUNT],
  )
  if (Math.random() < 0.01) await db.query(`delete from sign_in_known where last_at < $1::timestamptz - make_interval(days => $2)`, [now, KNOWN_DAYS])
}
