import type { Context, MiddlewareHandler } from 'hono'
import type { ServerConfig } from '../config'
import { ApiError } from './envelope'

type OriginConfig = Pick<ServerConfig, 'allowedOrigins' | 'corsOrigin' | 'trustProxy'>

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/

export const isSafeMethod = (method: string) => SAFE_METHOD.test(method)

const firstValue = (raw: string | undefined) => raw?.split(',')[0]?.trim() || undefined

/** The origin the browser reached: the request's own, or what a trusted reverse proxy says it was. */
export function ownOrigin(c: Context, config: Pick<ServerConfig, 'trustProxy'>): string {
  const url = new URL(c.req.url)
  if (config.trustProxy) {
    const proto = firstValue(c.req.header('x-forwarded-proto'))
    const host = firstValue(c.req.header('x-forwarded-host'))
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`
    if (host && URL.canParse(`${url.protocol}//${host}`)) url.host = host
  }
  return url.origin
}

/** The console's own origin, the configured ALLOWED_ORIGINS and a CORS_ORIGIN narrower than `*`. */
export function isTrustedOrigin(origin: string, c: Context, config: OriginConfig): boolean {
  if (origin === ownOrigin(c, config)) return true
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
  if (origin !== undefined) return !isTrustedOrigin(origin, c, config)
  return site !== undefined
}

/** Same-origin in the strict sense the token cookie needs: another port of the same host is another origin. */
export function isSameOriginRequest(c: Context, config: OriginConfig): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined) return site === 'same-origin' || site === 'none'
  return c.req.header('origin') === ownOrigin(c, config)
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
