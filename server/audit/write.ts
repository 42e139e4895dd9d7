import type { Context } from 'hono'
import { AUDIT_ACTIONS, type AuditAction, type AuditChange } from '../../src/domain/audit-actions'
import type { Db } from '../db'
import { auditContext, type AuditActor, type AuditContext } from './context'

export interface AuditEntry {
  action: AuditAction
  /** What it was done to; its type defaults to the action's in the catalogue. */
  target?: { type?: string; id?: string | number | null }
  /**
   * The account the entry belongs to (an enterprise and an administrator read it through it): default the actor;
   * the account acted on when that is an account (a customer charged, a sub-account closed).
   */
  account?: string | null
  /** Who acted, when the request does not say yet (a sign-in, before its session exists). */
  actor?: AuditActor
  /** The fields changed (server/audit/diff.ts: bounded, secrets only as changed). */
  changes?: AuditChange[]
}

const SQL = `insert into audit_entry
  (cus_id, enterprise_id, actor_id, actor_type, api_key_id, via, client_ip, user_agent, request_id, action, target_type, target_id, changes)
  select $1::text, (select case when c.user_type = 1 then null else coalesce(c.parent_id, c.cus_id) end from customer c where c.cus_id = $1::text),
    $2, coalesce($3::smallint, (select user_type from customer where cus_id = $2::text)), $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb`

/**
 * Writes one entry on `tx`: called inside the transaction of the change it records, so the two commit or roll back
 * together. `from` is the request (its context read now) or a context taken earlier (a module without the request).
 */
export async function audit(tx: Db, from: Context | AuditContext, entry: AuditEntry): Promise<void> {
  const taken = 'req' in from ? auditContext(from) : from
  const ctx = entry.actor ? { ...taken, actor: entry.actor, via: taken.via === 'public' ? 'console' as const : taken.via } : taken
  const account = entry.account === undefined ? ctx.actor?.cusId ?? null : entry.account
  const targetId = entry.target?.id === undefined || entry.target.id === null ? null : String(entry.target.id).slice(0, 128)
  await tx.query(SQL, [
    account, ctx.actor?.cusId ?? null, ctx.actor?.userType ?? null, ctx.apiKeyId, ctx.via, ctx.ip, ctx.userAgent, ctx.requestId,
    entry.action, entry.target?.type ?? AUDIT_ACTIONS[entry.action], targetId, JSON.stringify(entry.changes ?? []),
  ], { prepare: true })
  ctx.written.count++
}

/** The change and its entry in one transaction: `fn` does the change on `tx` and returns what the entry says. */
export async function audited<T>(db: Db, c: Context, fn: (tx: Db) => Promise<{ result: T; entry: AuditEntry | AuditEntry[] }>): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, entry } = await fn(tx)
    for (const e of Array.isArray(entry) ? entry : [entry]) await audit(tx, c, e)
    return result
  })
}
