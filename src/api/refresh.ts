import { REFRESH_CHECK_INTERVAL_MS } from '@/domain/constants'
import { getToken, getTokenTiming, setToken } from '@/stores/session'
import { refreshToken } from './user'

/** The configured token time (spec section 4): refresh this long after issue, well inside the 3600 s cookie. */
export const TOKEN_REFRESH_AFTER_SECONDS = 3000

export interface RefreshInput {
  now: number
  issuedAt: number
  /** Lifetime the server gave the token, in seconds. */
  expiresIn: number
  hasToken: boolean
  refreshing: boolean
}

/**
 * Whether this tick should call /user/refesh: a token exists, no refresh is running, and the elapsed time has
 * reached the token time. A server that issues shorter tokens is refreshed one check interval before they lapse.
 */
export function shouldRefresh({ now, issuedAt, expiresIn, hasToken, refreshing }: RefreshInput): boolean {
  if (!hasToken || refreshing) return false
  const limit = Math.min(TOKEN_REFRESH_AFTER_SECONDS, expiresIn - REFRESH_CHECK_INTERVAL_MS / 1000)
  return (now - issuedAt) / 1000 >= limit
}

let refreshing = false
let timer: ReturnType<typeof setInterval> | null = null

/** One tick of the check; exported so tests and the visibility handler can run it directly. */
export async function checkRefresh(now = Date.now()): Promise<void> {
  const token = getToken()
  if (!shouldRefresh({ now, ...getTokenTiming(), hasToken: !!token, refreshing })) return
  refreshing = true
  try {
    const next = await refreshToken()
    // A log-out or a new login during the call wins over this answer.
    if (getToken() === token) setToken(next.token, next.expiresIn, false)
  } catch {
    // A 401 has already logged out; other failures are retried on the next tick.
  } finally {
    refreshing = false
  }
}

/** Starts the 10-second check once; returns the stop function. */
export function startSessionRefresh(): () => void {
  timer ??= setInterval(() => void checkRefresh(), REFRESH_CHECK_INTERVAL_MS)
  return () => {
    if (timer) clearInterval(timer)
    timer = null
  }
}
