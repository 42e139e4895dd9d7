/**
 * Every failed call rejects with an ApiError. `kind` separates what the server said (http) from what never reached
 * it (network, timeout) and from calls the caller cancelled itself (aborted), which are never shown.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'auth'

export class ApiError<D = unknown> extends Error {
  readonly status: number
  readonly msg: string
  readonly data: D
  readonly kind: ApiErrorKind
  /** The server's X-Request-Id of the failed call: the user can quote it, the operator finds its log line. */
  readonly requestId: string | null

  constructor(status: number, msg: string, data: D, kind: ApiErrorKind = 'http', requestId: string | null = null) {
    super(msg || `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.msg = msg
    this.data = data
    this.kind = kind
    this.requestId = requestId
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError

/** The server's envelope, when the body parses as one; anything else counts as an unknown failure. */
export interface Envelope {
  code: number
  msg: string
  data: unknown
  type?: number
}

export function asEnvelope(body: unknown): Envelope | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  if (typeof b.code !== 'number') return null
  return { code: b.code, msg: typeof b.msg === 'string' ? b.msg : '', data: b.data ?? null, type: b.type as number | undefined }
}
