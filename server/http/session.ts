import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { TOKEN_COOKIE } from '../../src/domain/constants'
import type { Db } from '../db'
import type { SessionUser } from '../users/repo'
import { isSafeMethod } from './csrf'
import { ApiError } from './envelope'
import { lookUpSession, type SessionCheck } from './session-check'

export interface AppEnv {
  /** `db` (set with the user) lets shared helpers such as downloads reach the database the session lives in. */
  /** `sameOrigin` is set by originGuard (server/http/csrf.ts) before any route runs. */
  /** `sessionCheck` is set when the route's own statement is to check the session (http/session-check.ts). */
  Variables: { user: SessionUser; token: string; sameOrigin: boolean; db: Db; sessionCheck?: SessionCheck }
}

/**
 * The bearer header wins. The cookie the console also sets is a token any page of the site makes the browser send,
 * so it counts only for reads (GET/HEAD: downloads opened outside fetch) from the console's own origin (`sameOrigin`);
 * anywhere else a cookie-only request is refused as cross-site (403) instead of being read as signed in.
 */
export function tokenFrom(c: Context<AppEnv>): string | null {
  const fromHeader = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
  if (fromHeader) return fromHeader
  const fromCookie = getCookie(c, TOKEN_COOKIE)?.replace(/^Bearer\s+/i, '').trim()
  if (!fromCookie) return null
  if (!isSafeMethod(c.req.method) || c.get('sameOrigin') !== true) throw new ApiError(403, 'crossSiteRefused')
  return fromCookie
}

/** 401 for a missing, unknown, expired or revoked token, and for accounts closed since sign-in. */
export function requireUser(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await lookUpSession(c, db, tokenFrom(c))
    await next()
  }
}
