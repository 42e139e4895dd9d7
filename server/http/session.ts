import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { TOKEN_COOKIE } from '../../src/domain/constants'
import type { Db } from '../db'
import { tokenOwner } from '../security/tokens'
import { userById, type SessionUser } from '../users/repo'
import { ApiError } from './envelope'

export interface AppEnv {
  Variables: { user: SessionUser; token: string }
}

/** The bearer header wins; the cookie the console also sets covers downloads opened outside fetch. */
export function tokenFrom(header: string | undefined, cookie: string | undefined): string | null {
  const fromHeader = header?.match(/^Bearer\s+(\S+)$/i)?.[1]
  if (fromHeader) return fromHeader
  const fromCookie = cookie?.replace(/^Bearer\s+/i, '').trim()
  return fromCookie || null
}

/** 401 for a missing, unknown, expired or revoked token, and for accounts closed since sign-in. */
export function requireUser(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = tokenFrom(c.req.header('authorization'), getCookie(c, TOKEN_COOKIE))
    const ownerId = token ? await tokenOwner(db, token) : null
    const user = ownerId === null ? null : await userById(db, ownerId)
    if (!token || !user || user.cusStatus !== 1) throw new ApiError(401, 'unauthorized')
    c.set('user', user)
    c.set('token', token)
    await next()
  }
}
