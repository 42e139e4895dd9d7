import { toast } from '@/components/ui/toast'
import { LONG_TIMEOUT_MS, REQUEST_TIMEOUT_MS, type Locale } from '@/domain/constants'
import { getLocale } from '@/stores/prefs'
import { recordError } from '@/stores/error-log'
import { sessionEndReason } from '@/domain/auth'
import { getToken, logoutLocal, rememberSessionEnd } from '@/stores/session'
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
  /** A write that moves money: its failure also says what became of the money and whether trying again is safe. */
  money?: MoneyCall
}

/** The calls that move money: the sends (each carrying an idempotency key), an administrator's charges, transfers. */
export type MoneyCall = 'send' | 'charge' | 'transfer'

/**
 * The lines under a failed write's message, one presentation for every write: what the server answered (its status)
 * or that no answer came, the request id to quote, and for money what became of it and whether a retry is safe. A
 * server that answered with a failure rolled its transaction back (a send, a charge, a transfer is one transaction),
 * so nothing moved; with no answer nobody knows, and only a send, with its idempotency key, is safe to repeat.
 */
export function failureDetail(status: number, requestId: string | null, money?: MoneyCall): string[] {
  const w = words().errors
  const lines = [status > 0 ? w.answered({ status }) : w.noAnswer()]
  if (requestId) lines.push(w.requestId({ id: requestId }))
  if (!money) return lines
  lines.push(status > 0 ? w.money[money].refused() : w.money[money].unknown())
  // A refusal (4xx) is answered by changing the request; a failure of the server or the line by trying again.
  if (money === 'send' && (status === 0 || status >= 500)) lines.push(w.money.send.retry())
  return lines
}

export function apiUrl(path: string): string {
  const base = (typeof window === 'undefined' ? undefined : window.SMS_CONFIG?.apiBase) ?? '/api'
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`)
}

export function authHeaders(): Record<string, string> {
  const token = getToken()
  return { 'Accept-Language': getLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) }
}

/**
 * The one way a session ends by itself: the token is gone (its cookie's time ran out) or the server refused it (HTTP
 * 401, `data.reason` saying why). The first call logs out, remembers the reason for the sign-in page and goes there,
 * keeping the page's address to come back to (and so the send drafts, which sign-in offers again); the calls failing
 * with it after that only reject. Never a toast: the sign-in page says it.
 */
export function forceLogout(data: unknown = null): never {
  const reason = sessionEndReason(data)
  if (logoutLocal()) {
    rememberSessionEnd(reason)
    goToLogin()
  }
  throw new ApiError(401, words().auth.sessionEnded[reason](), { reason }, 'auth')
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
    if (!opts.silent) toast.error(msg, opts.money ? failureDetail(0, null, opts.money) : undefined)
    throw new ApiError(0, msg, null, timedOut ? 'timeout' : 'network')
  } finally {
    clearTimeout(timer)
    opts.signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * Turns a non-success answer into ApiError: 401 logs out; anything else toasts the server's msg unless silent, with
 * `failureDetail` beneath it (status, request id, for money what became of it). A server failure (5xx) also goes to
 * the error log with those lines.
 */
export function fail(status: number, env: Envelope | null, opts: ApiOptions, requestId: string | null = null): never {
  if (status === 401) forceLogout(env?.data)
  const msg = env?.msg || words().errors.unknown()
  const detail = failureDetail(status, requestId, opts.money)
  if (!opts.silent) toast.error(msg, detail)
  if (status >= 500) recordError([msg, ...detail].join(' · '))
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
