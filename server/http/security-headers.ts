import type { Context, MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { ServerConfig } from '../config'

type HeaderConfig = Pick<ServerConfig, 'apiBase' | 'frameOrigins' | 'https' | 'trustProxy'>

export const HSTS = 'max-age=31536000'

/** The API's origin when config.js points the console at another host; a relative base is 'self'. */
function apiOrigin(apiBase: string): string[] {
  return /^https?:\/\//i.test(apiBase) && URL.canParse(apiBase) ? [new URL(apiBase).origin] : []
}

/**
 * Content-Security-Policy of the console (and every API answer: nothing there should run or be framed).
 * - script-src 'self': index.html loads config.js and the bundle as files; there is no inline script.
 * - style-src 'unsafe-inline': AG Grid's Theming API, sonner and Radix's scroll lock (react-remove-scroll) insert
 *   <style> elements at run time. AG Grid and react-remove-scroll take a nonce, but sonner inserts its sheet when it
 *   is imported, with no nonce hook, so a nonce policy would refuse the toasts' styles. Styles cannot run code; the
 *   policy's XSS protection is script-src, which allows no inline code.
 * - img-src/media-src data: blob:: the captcha, logo and 5G/video previews are data: URIs or blobs.
 * - frame-src: /myiframe/ frames only the console's origin and FRAME_ORIGINS; frame-ancestors 'self' (and
 *   X-Frame-Options SAMEORIGIN) keep other sites from framing the console.
 */
export function contentSecurityPolicy(config: HeaderConfig) {
  const api = apiOrigin(config.apiBase)
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...api],
    mediaSrc: ["'self'", 'data:', 'blob:', ...api],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...api],
    frameSrc: ["'self'", ...config.frameOrigins],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  }
}

/** HTTPS=1, or TRUST_PROXY=1 and the proxy says the browser used https. */
export function servedOverHttps(c: Context, config: Pick<ServerConfig, 'https' | 'trustProxy'>): boolean {
  if (config.https) return true
  return config.trustProxy === true && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
}

/**
 * Security headers on every response, with hono's secureHeaders. Referrer-Policy strict-origin-when-cross-origin:
 * list filters (mobiles) live in console URLs, so other sites get the origin only; `no-referrer` would also make
 * browsers send `Origin: null` on same-origin form posts. The short-link redirect keeps the same policy, so the
 * landing page still sees where the click came from (the origin only). HSTS only over HTTPS: on plain http it would
 * be ignored at best, and a proxy that ends TLS says so through X-Forwarded-Proto (TRUST_PROXY).
 */
export function securityHeaders(config: HeaderConfig): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    // CORS decides who reads API answers; a console on another host still loads the captcha as an image.
    crossOriginResourcePolicy: 'same-site',
  })
  // A route that answers with its own Content-Security-Policy keeps it: a stored file (routes/media.ts) says
  // `default-src 'none'; sandbox`, stricter than the console's, and opened as a page it must run nothing. Only the
  // CSP: the other headers are the same for every answer (the short-link redirect keeps the console's referrer policy).
  return async (c, next) => {
    let own: string | null = null
    await headers(c, async () => {
      await next()
      own = c.res.headers.get('Content-Security-Policy')
    })
    if (own) c.res.headers.set('Content-Security-Policy', own)
    if (servedOverHttps(c, config)) c.res.headers.set('Strict-Transport-Security', HSTS)
  }
}
