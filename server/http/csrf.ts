import type { Context, MiddlewareHandler } from 'hono'
import type { ServerConfig } from '../config'
import { ApiError } from './envelope'

type OriginConfig = Pick<ServerConfig, 'allowedOrigins' | 'corsOrigin' | 'publicOrigins'>

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/

export const isSafeMethod = (method: string) => SAFE_METHOD.test(method)

/**
 * The console's configured origins (PUBLIC_ORIGIN), ALLOWED_ORIGINS and a CORS_ORIGIN narrower than `*`. Never the
 * origin the request itself names (its Host): a DNS name rebound to this server would otherwise be its own origin.
 */
export function isTrustedOrigin(origin: string, config: OriginConfig): boolean {
  if (config.publicOrigins.includes(origin)) return true
  if (config.allowedOrigins?.includes(origin)) return true
  return config.corsOrigin !== '*' && config.corsOrigin === origin
}

/**
 * Could a page of another origin have made this request? Browsers send Sec-Fetch-Site and, on writes, Origin, and a
 * page cannot forge either; requests with neither (curl, server-to-server calls) come from no page and pass.
 * Origin `null` (sandboxed frames, file: pages) is never trusted.
 */
export function isForeignPage(c: Context, config: OriginConfig): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site === 'same-origin' || site === 'none') return false
  const origin = c.req.header('origin')
  if (origin !== undefined) return !isTrustedOrigin(origin, config)
  return site !== undefined
}

/** Same-origin in the strict sense the token cookie needs: another port of the same host is another origin. */
export function isSameOriginRequest(c: Context, config: OriginConfig): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined) return site === 'same-origin' || site === 'none'
  const origin = c.req.header('origin')
  return origin !== undefined && config.publicOrigins.includes(origin)
}

/**
 * Refuses any write a page of another origin could have sent (403 `crossSiteRefused`), whatever its content type
 * and whether or not it carries a token, and tells the session middleware whether the token cookie may be used
 * (`sameOrigin`). Hono's own `csrf` middleware only looks at form content types and refuses requests that carry
 * neither header, which would break curl and server-to-server callers, so the rule is written here.
 */
export function originGuard(config: OriginConfig): MiddlewareHandler<{ Variables: { sameOrigin: boolean } }> {
  return async (c, next) => {
    if (!isSafeMethod(c.req.method) && isForeignPage(c, config)) throw new ApiError(403, 'crossSiteRefused')
    c.set('sameOrigin', isSameOriginRequest(c, config))
    await next()
  }
}
