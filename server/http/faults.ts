import type { Context } from 'hono'
import { databaseUnavailable } from '../db/postgres'
import { ApiError } from './envelope'

/**
 * Seconds a caller is asked to wait while the database cannot serve: a restart of the embedded PostgreSQL takes a
 * second or two, a statement or connection time-out a few.
 */
export const UNAVAILABLE_RETRY_SECONDS = 5

/** A full disk as PostgreSQL says it (disk_full, 53100) or as the system says it to a file write (ENOSPC, EDQUOT). */
const diskFull = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code
  return code === '53100' || code === 'ENOSPC' || code === 'EDQUOT'
}

/**
 * The answer to an error that is no bug but the server's state, one rule for every route: a full disk (the
 * database's or the uploads') 507, nothing of the request kept (its statement or transaction rolled back, its file
 * removed); a database that cannot serve now (gone, restarting, stopped, timing out) 503 with Retry-After. Anything
 * else is undefined: a 500 for the log.
 */
export function faultAnswer(c: Context, err: unknown): ApiError | undefined {
  if (diskFull(err)) return new ApiError(507, 'diskFull')
  if (databaseUnavailable(err)) {
    c.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS))
    return new ApiError(503, 'serviceUnavailable', { seconds: UNAVAILABLE_RETRY_SECONDS })
  }
  return undefined
}
