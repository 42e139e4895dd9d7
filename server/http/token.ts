import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { TOKEN_COOKIE } from '../../src/domain/constants'
import { isSafeMethod } from './csrf'
import { ApiError } from './envelope'
import type { AppEnv } from './env'

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
