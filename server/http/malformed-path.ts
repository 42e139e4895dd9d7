import type { MiddlewareHandler } from 'hono'
import { ApiError } from './envelope'

/** A broken percent-encoding (`/sms-cloud/%`, `%E0%A4%A`) names no path: 400 before any route tries to decode it. */
export const refuseMalformedPath: MiddlewareHandler = async (c, next) => {
  try {
    decodeURIComponent(new URL(c.req.url).pathname)
  } catch {
    throw new ApiError(400, 'badRequest')
  }
  await next()
}
