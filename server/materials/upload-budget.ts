import type { Context, Next } from 'hono'
import { ApiError } from '../http/envelope'
import type { AppEnv } from '../http/env'

/**
 * How many bytes of upload bodies this process reads at once. An upload is read whole before it is checked (the
 * type and structure walks need the bytes, and an S3 PUT needs the length), and while it is checked the form
 * parser's copies and the file's bytes live side by side: about five times the body at the peak. Without a bound,
 * fifty concurrent 10 MB uploads took 1.7 GB (tests/bench/upload-memory.bench.mjs; 0.3 GB with the default). Each upload reserves its declared Content-Length (or the most its
 * call takes, for a chunked body) before a byte is read, and gives it back when it has answered; a tenant may hold
 * a quarter of the budget, so one account's burst cannot refuse everyone else's uploads.
 */
export class UploadBudget {
  private used = 0
  private readonly byTenant = new Map<string, number>()
  readonly perTenant: number

  constructor(readonly total: number) {
    this.perTenant = Math.floor(total / 4)
  }

  /** The bytes reserved now (for tests and the log). */
  get inUse(): number {
    return this.used
  }

  /** Reserves `bytes` for `tenant`: a release function, or which limit refuses it. */
  take(tenant: string, bytes: number): (() => void) | 'tenant' | 'process' {
    const mine = this.byTenant.get(tenant) ?? 0
    // A single upload larger than a tenant's share still runs when the tenant has nothing else under way.
    if (mine > 0 && mine + bytes > this.perTenant) return 'tenant'
    if (this.used > 0 && this.used + bytes > this.total) return 'process'
    this.used += bytes
    this.byTenant.set(tenant, mine + bytes)
    let released = false
    return () => {
      if (released) return
      released = true
      this.used -= bytes
      const left = (this.byTenant.get(tenant) ?? bytes) - bytes
      if (left > 0) this.byTenant.set(tenant, left)
      else this.byTenant.delete(tenant)
    }
  }
}

/** Seconds a refused uploader is asked to wait: uploads of a few megabytes finish in a few seconds. */
const RETRY_SECONDS = 5

/**
 * Middleware before the body limit and the parse: reserves the body's bytes in `budget` or refuses unread, 429 when
 * the caller's account already holds its share, 503 when the process holds the whole budget (both with Retry-After).
 */
export function uploadSlot(budget: UploadBudget, maxBody: number) {
  return async (c: Context<AppEnv>, next: Next) => {
    const declared = Number(c.req.header('content-length'))
    const bytes = Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, maxBody) : maxBody
    const taken = budget.take(c.get('user').cusId, bytes)
    if (taken === 'tenant') throw new ApiError(429, 'uploadBusyAccount')
    if (taken === 'process') {
      c.header('Retry-After', String(RETRY_SECONDS))
      throw new ApiError(503, 'uploadBusy', { seconds: RETRY_SECONDS })
    }
    try {
      await next()
    } finally {
      taken()
    }
  }
}
