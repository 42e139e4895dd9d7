import type { Context, Next } from 'hono'
import type { ServerMessage } from '../../src/domain/messages'
import { ApiError } from './envelope'
import type { AppEnv } from './env'

/**
 * How much memory the request bodies this process reads at once may take (UPLOAD_MEMORY_BYTES), shared by uploads
 * and send forms. A body is read whole before it is checked, and what it costs is its size times what reading it
 * makes of it: each request reserves that estimate before a byte is read and gives it back when it has answered (or
 * failed, or its caller went away). Without a bound, fifty concurrent 10 MB uploads took 1.7 GB
 * (tests/bench/upload-memory.bench.mjs) and one 60 MB preview of 5M numbers 730 MB. A tenant may hold a quarter of
 * the budget where a kind of request asks for it, so one account's burst of uploads cannot refuse everyone else's.
 */
export class BodyBudget {
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

  /** Reserves `bytes` for `tenant` (its quarter checked unless `share` is false): a release function, or which limit refuses it. */
  take(tenant: string, bytes: number, share = true): (() => void) | 'tenant' | 'process' {
    const mine = this.byTenant.get(tenant) ?? 0
    // A single request larger than a tenant's share (or the whole budget) still runs when nothing else holds any.
    if (share && mine > 0 && mine + bytes > this.perTenant) return 'tenant'
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

/**
 * Peak memory per byte of an upload's body: the form parser's copies and the file's bytes side by side while its
 * type and structure are walked (tests/bench/upload-memory.bench.mjs).
 */
export const UPLOAD_EXPANSION = 5

/**
 * Peak memory per byte of a send form's body (a recipient file of numbers, one a line): every line becomes a
 * string, then a checked number in the array and the set that finds duplicates. Measured on a server process
 * (peak RSS over the idle one, one preview at a time, 12 bytes a line): 5M numbers (60 MB) +621 MB, 10.4 times;
 * 1M (12 MB) +116 MB, 9.7 times; 330,000 (4 MB) +19 MB. Twelve leaves room for the answer and the collector's lag.
 */
export const SEND_EXPANSION = 12

/** Seconds a refused caller is asked to wait: bodies of a few megabytes are read and answered in a few seconds. */
const RETRY_SECONDS = 5

interface SlotRule {
  /** The most a body may carry (a chunked one, without Content-Length, reserves that). */
  maxBody: number
  expansion: number
  /** The account whose quarter applies; none: only the process's budget does. */
  tenantOf?: (c: Context) => string
  busy: ServerMessage
}

/**
 * Middleware before the body is read: reserves its Content-Length times the expansion in `budget`, or refuses it
 * unread: 429 `uploadBusyAccount` when the caller's account already holds its share, 503 with Retry-After when the
 * process holds the whole budget.
 */
function bodySlot(budget: BodyBudget, rule: SlotRule) {
  return async (c: Context, next: Next) => {
    const declared = Number(c.req.header('content-length'))
    const body = Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, rule.maxBody) : rule.maxBody
    const taken = budget.take(rule.tenantOf?.(c) ?? '', body * rule.expansion, rule.tenantOf !== undefined)
    if (taken === 'tenant') throw new ApiError(429, 'uploadBusyAccount')
    if (taken === 'process') {
      c.header('Retry-After', String(RETRY_SECONDS))
      throw new ApiError(503, rule.busy, { seconds: RETRY_SECONDS })
    }
    try {
      await next()
    } finally {
      taken()
    }
  }
}

/** An upload's slot, after the session check (the account's quarter applies). */
export const uploadSlot = (budget: BodyBudget, maxBody: number) =>
  bodySlot(budget, { maxBody, expansion: UPLOAD_EXPANSION, tenantOf: (c) => (c as Context<AppEnv>).get('user').cusId, busy: 'uploadBusy' })

/**
 * A send form's or preview's slot (and /optOut/check's, which reads the same recipient file). Only the process's
 * budget applies: a send is answered within seconds, and the signed API's callers have no session user.
 */
export const sendSlot = (budget: BodyBudget, maxBody: number) =>
  bodySlot(budget, { maxBody, expansion: SEND_EXPANSION, busy: 'sendBusy' })
