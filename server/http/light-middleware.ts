import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'

/*
 * @hono/node-server hands each request over as a light object that reads the body straight from Node's stream and
 * writes a string answer straight to the socket. Two of hono's middlewares turn both into full WHATWG objects on
 * every request: bodyLimit reads `c.req.raw.body` (a Request with a web-stream body, which c.req.json() then reads
 * through), and cors touches `c.res` before the handler runs, so the handler's answer is copied into a new Response
 * whose body is a web stream, read back chunk by chunk to be written. On a list request that was a fifth of the
 * server's CPU and most of its garbage. These two do the same checks and set the same headers without that.
 */

/**
 * hono's bodyLimit, judged from `Content-Length` when the request declares one without `Transfer-Encoding` (Node's
 * HTTP parser delivers exactly that many bytes, no more), so the body stays unread; GET and HEAD bodies are never
 * read. Other bodies (chunked) are counted as they arrive, by bodyLimit itself.
 */
export function jsonBodyLimit(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError })
  return async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD') return next()
    const declared = c.req.header('content-length')
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined && /^\d+$/.test(declared)) {
      return Number(declared) > maxSize ? onError(c) : next()
    }
    return counted(c, next)
  }
}

type CorsOptions = Omit<NonNullable<Parameters<typeof cors>[0]>, 'origin'> & { origin: string | ((origin: string, c: Context) => string | null) }

/**
 * hono's cors with the headers of a simple (non-preflight) request set on the handler's answer after it ran, as
 * hono sets Vary. Preflights (OPTIONS) are hono's cors unchanged.
 */
export function lightCors(opts: CorsOptions): MiddlewareHandler {
  const preflight = cors(opts)
  const expose = opts.exposeHeaders?.join(',')
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    await next()
    const origin = c.req.header('origin') ?? ''
    const allowed = typeof opts.origin === 'string' ? (opts.origin === '*' || opts.origin === origin ? opts.origin : null) : opts.origin(origin, c)
    const headers = c.res.headers
    if (allowed) headers.set('Access-Control-Allow-Origin', allowed)
    if (opts.credentials) headers.set('Access-Control-Allow-Credentials', 'true')
    if (expose) headers.set('Access-Control-Expose-Headers', expose)
    if (opts.origin !== '*') headers.append('Vary', 'Origin')
  }
}
