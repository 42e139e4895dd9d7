import type { Context } from 'hono'
import type { SessionEndReason } from '../../src/domain/auth'
import type { Db } from '../db'
import { sha256 } from '../security/tokens'
import { sessionByTokenHash, sessionCheckSql, type SessionUser } from '../users/repo'
import { ApiError } from './envelope'
import type { AppEnv, SessionCheck } from './env'
import { tokenFrom } from './token'

/** The statement found the session revoked or expired, or the account changed: answer with a fresh lookup. */
export class SessionCheckFailed extends Error {}

/** `sessionCheckSql` with its placeholders after `params` (which it extends), for a statement's FROM. */
export function sessionCheckFrom(check: SessionCheck, params: unknown[]): string {
  params.push(check.tokenHash, check.fingerprint)
  return `(${sessionCheckSql(`$${params.length - 1}`, `$${params.length}`)}) s`
}

/**
 * The accounts of tokens this process has looked up lately, by token hash: only a guess to build a list statement
 * with, never a decision. Why that is safe with several processes: the statement itself returns nothing unless the
 * session is still live and the account row still reads exactly as guessed (same snapshot as the rows it returns),
 * and anything else is answered with a fresh lookup; a revocation or change made by any process counts at once.
 */
const MAX_HINTS = 10_000
const hints = new Map<string, { user: SessionUser; fingerprint: string }>()

function remember(tokenHash: string, hint: { user: SessionUser; fingerprint: string }) {
  hints.delete(tokenHash)
  hints.set(tokenHash, hint)
  while (hints.size > MAX_HINTS) hints.delete(hints.keys().next().value!)
}

function signIn(c: Context<AppEnv>, db: Db, token: string, user: SessionUser, check?: SessionCheck) {
  c.set('user', user)
  c.set('token', token)
  c.set('db', db)
  c.set('sessionCheck', check)
}

/**
 * Why `token` no longer signs anyone in, read only on that failing path: the console words the sign-in page by it
 * (`data.reason`, src/domain/auth.ts). A missing or unknown token counts as expired.
 */
async function endReason(db: Db, token: string | null): Promise<SessionEndReason> {
  if (!token) return 'expired'
  const { rows } = await db.query<{ revoked: boolean; cus_status: number }>(
    // A sub-account's enterprise closed counts as its own account closed.
    `select t.revoked_at is not null as revoked, least(c.cus_status, coalesce(p.cus_status, 1))::int as cus_status
       from session_token t join customer c on c.id = t.customer_id left join customer p on p.cus_id = c.parent_id
      where t.token_hash = $1`,
    [sha256(token)],
  )
  return !rows[0] ? 'expired' : rows[0].cus_status !== 1 ? 'closed' : rows[0].revoked ? 'revoked' : 'expired'
}

const END_MESSAGE = { expired: 'unauthorized', revoked: 'sessionRevoked', closed: 'sessionAccountClosed' } as const

/** The full lookup of requireUser (401 for a missing, unknown, expired or revoked token, or a closed account). */
async function lookUp(c: Context<AppEnv>, db: Db, token: string | null): Promise<void> {
  const found = token ? await sessionByTokenHash(db, sha256(token)) : null
  if (!token || !found || found.user.cusStatus !== 1) {
    const reason = await endReason(db, token)
    throw new ApiError(401, END_MESSAGE[reason], {}, undefined, { reason })
  }
  remember(sha256(token), found)
  signIn(c, db, token, found.user)
}

/** requireUser as a middleware: the session is looked up before the route runs. */
export const lookUpSession = lookUp

/**
 * A list handler signed in like requireUser, whose own statement checks the session when this process has seen the
 * token before (`c.get('sessionCheck')`, passed to listPage). The handler must check it or fail: answering without
 * having checked is a programming error (500). Whatever it throws before its statement ran, or a failed check, is
 * answered by running it again after a full lookup, so every answer is the one requireUser would have given.
 */
export function checkedInStatement<A extends unknown[]>(
  db: Db, handler: (c: Context<AppEnv>, ...rest: A) => Response | Promise<Response>,
): (c: Context<AppEnv>, ...rest: A) => Promise<Response> {
  return async (c, ...rest) => {
    const token = tokenFrom(c)
    const tokenHash = token ? sha256(token) : ''
    const hint = token ? hints.get(tokenHash) : undefined
    if (token && hint && hint.user.cusStatus === 1) {
      const check: SessionCheck = { tokenHash, fingerprint: hint.fingerprint, checked: false }
      signIn(c, db, token, hint.user, check)
      try {
        const res = await handler(c, ...rest)
        if (!check.checked) throw new Error(`${c.req.path} answered without checking the session`)
        return res
      } catch (e) {
        if (check.checked && !(e instanceof SessionCheckFailed)) throw e
        hints.delete(tokenHash)
      }
    }
    await lookUp(c, db, token)
    return handler(c, ...rest)
  }
}
