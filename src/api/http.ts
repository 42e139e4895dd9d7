import { toast } from '@/components/ui/toast'
import { LONG_TIMEOUT_MS, REQUEST_TIMEOUT_MS, type Locale } from '@/domain/constants'
import { getLocale } from '@/stores/prefs'
import { recordError } from '@/stores/error-log'
import { getToken, logoutLocal } from '@/stores/session'
import { ApiError, asEnvelope, type Envelope } from './errors'
import { goToLogin } from './navigation'
import { words } from './words'

export { ApiError, isApiError } from './errors'

declare global {
  interface Window {
    /** Set by /sms-cloud/config.js so one build can point at another API host; frameOrigins: what /myiframe/ may frame. */
    SMS_CONFIG?: { apiBase?: string; frameOrigins?: string[] }
  }
}

export interface ApiOptions {
  /** Milliseconds; default 60 s, or 600 s with `long`. */
  timeout?: number
  /** Downloads, online checks, sends and push changes (spec section 9). */
  long?: boolean
  /** No error toast (login calls, spec section 8); the caller shows the message inline. */
  silent?: boolean
  /** Whether the call needs a token (default true). */
  auth?: boolean
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  signal?: AbortSignal
  /** The answer's language when it is not the console's (a public page in its visitor's language). */
  locale?: Locale
}

export function apiUrl(path: string): string {
  const base = (typeof window === 'undefined' ? undefined : window.SMS_CONFIG?.apiBase) ?? '/api'
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`)
}

export function authHeaders(): Record<string, string> {
  const token = getToken()
  return { 'Accept-Language': getLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) }
}

/** Forced local log-out: the token is gone or the server refused it (HTTP 401). */
export function forceLogout(): never {
  logoutLocal()
  goToLogin()
  throw new ApiError(401, words().errors.sessionExpired(), null, 'auth')
}

/** Runs fetch under the time-out, mapping transport failures to ApiError (and a toast unless silent). */
export async function send(url: string, init: RequestInit, opts: ApiOptions): Promise<Response> {
  if (opts.auth !== false && !getToken()) forceLogout()
  const ctl = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    ctl.abort()
  }, opts.timeout ?? (opts.long ? LONG_TIMEOUT_MS : REQUEST_TIMEOUT_MS))
  const onAbort = () => ctl.abort()
  opts.signal?.addEventListener('abort', onAbort)
  try {
    const language: Record<string, string> = opts.locale ? { 'Accept-Language': opts.locale } : {}
    return await fetch(url, { ...init, headers: { ...authHeaders(), ...language, ...init.headers }, signal: ctl.signal })
  } catch (e) {
    if (opts.signal?.aborted && !timedOut) throw new ApiError(0, '', e, 'aborted')
    const msg = timedOut ? words().errors.timeout() : words().errors.network()
    if (!opts.silent) toast.error(msg)
    throw new ApiError(0, msg, null, timedOut ? 'timeout' : 'network')
  } finally {
    clearTimeout(timer)
    opts.signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * Turns a non-success answer into ApiError: 401 logs out; anything else toasts the server's msg unless silent, with
 * the answer's request id beneath it. A server failure (5xx) also goes to the error log with that id.
 */
export function fail(status: number, env: Envelope | null, opts: ApiOptions, requestId: string | null = null): never {
  if (status === 401) forceLogout()
  const msg = env?.msg || words().errors.unknown()
  const quoted = requestId ? words().errors.requestId({ id: requestId }) : undefined
  if (!opts.silent) toast.error(msg, quoted)
  if (status >= 500) recordError(quoted ? `${msg} · ${quoted}` : msg)
  throw new ApiError(status, msg, env?.data ?? null, 'http', requestId)
}

/** The request id the server gave an answer (X-Request-Id). */
export const requestIdOf = (res: { headers: Headers }): string | null => res.headers.get('x-request-id')

/** The whole envelope, for the few callers that read more than `data` (login's `type`). */
export async function apiEnvelope<T>(path: string, body?: unknown, opts: ApiOptions = {}): Promise<Envelope & { data: T }> {
  const method = opts.method ?? 'POST'
  let url = apiUrl(path)
  const init: RequestInit = { method }
  if (method === 'GET' && body && typeof body === 'object') {
    const q = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v ?? '')]))
    url += `?${q}`
  } else if (method !== 'GET') {
    init.headers = { 'Content-Type': 'application/json' }
    init.body = JSON.stringify(body ?? {})
  }
  const res = await send(url, init, opts)
  const env = asEnvelope(await res.json().catch(() => null))
  // The server repeats the status in `code`; either one not being 200 is a failure.
  if (res.status !== 200 || !env || env.code !== 200) fail(res.status === 200 && env ? env.code : res.status, env, opts, requestIdOf(res))
  return env as Envelope & { data: T }
}

/** The one call function: POST JSON by default, bearer token and language on every call, returns `data`. */
export async function api<T>(path: string, body?: unknown, opts: ApiOptions = {}): Promise<T> {
  return (await apiEnvelope<T>(path, body, opts)).data
}
