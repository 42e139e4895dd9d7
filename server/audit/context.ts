import { AsyncLocalStorage } from 'node:async_hooks'
import type { Context, MiddlewareHandler } from 'hono'
import type { AuditVia } from '../../src/domain/audit-actions'
import { clientIp } from '../http/client-ip'
import { requestIdOf } from '../http/request-log'

/** Who acted: the signed-in account, or the account whose app secret (or key) signed the call. */
export interface AuditActor {
  cusId: string
  userType: number | null
}

/** Who, from where and through what: what every entry of one request shares. */
export interface AuditContext {
  actor: AuditActor | null
  apiKeyId: string | null
  via: AuditVia
  ip: string | null
  userAgent: string | null
  requestId: string | null
  /** Entries written for this request (the operation's check that a write left one: http/operation.ts). */
  written: { count: number }
}

interface Where {
  ip: string
  userAgent: string | null
  written: { count: number }
}

const perRequest = new WeakMap<Context, Where>()
/**
 * The request being served, for the few shared modules that change rows for a route and for background jobs alike
 * (commitSend: every send kind, resends, the signed API): they record an entry when a request is being served, and
 * none for a job's own work. Routes pass their context to `audit` themselves.
 */
const serving = new AsyncLocalStorage<Context>()

/** Before every API route: the client's address and agent, read once by the rule the rate limits use. */
export function auditSource(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    perRequest.set(c, { ip: clientIp(c, trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 256) ?? null, written: { count: 0 } })
    await serving.run(c, next)
  }
}

/** The request this code serves, or undefined in a background job. */
export const servingRequest = (): Context | undefined => serving.getStore()

/** The entries this request has written so far. */
export const entriesWritten = (c: Context) => perRequest.get(c)?.written.count ?? 0

/**
 * The request's audit context, as of now: the user the session middleware set, or the signed API's account and the
 * key it signed with (`apiKeyId`, when the request carries one; otherwise the account's app secret signed it).
 */
export function auditContext(c: Context): AuditContext {
  const where = perRequest.get(c) ?? { ip: null, userAgent: null, written: { count: 0 } }
  const user = c.get('user' as never) as { cusId: string; userType: number } | undefined
  const open = c.get('openAccount' as never) as string | undefined
  const apiKeyId = (c.get('apiKeyId' as never) as string | undefined) ?? null
  const actor = user ? { cusId: user.cusId, userType: user.userType } : open ? { cusId: open, userType: null } : null
  return {
    actor,
    apiKeyId,
    via: user ? 'console' : open ? 'api' : 'public',
    ip: where.ip,
    userAgent: where.userAgent,
    requestId: requestIdOf(c) ?? null,
    written: where.written,
  }
}
