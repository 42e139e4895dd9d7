import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { logger, type Logger } from '../log'
import { requestDuration } from '../ops/metrics'

export const REQUEST_ID_HEADER = 'X-Request-Id'

/** A caller's id is kept when it is short and plain (a proxy's or a client's); anything else gets a fresh one. */
const ACCEPTED_ID = /^[\w.:@-]{8,128}$/

const perRequest = new WeakMap<Request, Logger>()
const requestIds = new WeakMap<Context, string>()

/** The request's logger: every line it writes carries the request id. */
export const requestLog = (c: Context): Logger => perRequest.get(c.req.raw) ?? logger()

/** The request's id, as its answer carries it back (an audit entry names it). */
export const requestIdOf = (c: Context): string | undefined => requestIds.get(c)

function route(c: Context): string {
  try {
    return routePath(c) || 'unmatched'
  } catch {
    return 'unmatched'
  }
}

/**
 * One JSON line per request, after it is answered: request id, method, route pattern (never the URL: query strings
 * carry download tokens), status, duration, account and user type. The id comes from `X-Request-Id` or is made here,
 * and every answer carries it back, so a user can quote it and an operator find the line. Also the request-duration
 * histogram of /metrics.
 */
export function requestLogging(): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header(REQUEST_ID_HEADER)
    const reqId = given && ACCEPTED_ID.test(given) ? given : randomUUID()
    const log = logger().child({ reqId })
    perRequest.set(c.req.raw, log)
    requestIds.set(c, reqId)
    const started = performance.now()
    await next()
    const ms = performance.now() - started
    try {
      c.res.headers.set(REQUEST_ID_HEADER, reqId)
    } catch {
      // Headers of a response made elsewhere can be immutable: answer with a copy.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set(REQUEST_ID_HEADER, reqId)
    }
    const user = c.get('user' as never) as { cusId: string; userType: number } | undefined
    const account = user?.cusId ?? (c.get('openAccount' as never) as string | undefined)
    const line = { method: c.req.method, route: route(c), status: c.res.status, ms: Math.round(ms * 10) / 10, account, userType: user?.userType }
    requestDuration.observe({ method: line.method, route: line.route, status: String(line.status) }, ms / 1000)
    log[line.status >= 500 ? 'error' : 'info'](line, 'request')
  }
}
