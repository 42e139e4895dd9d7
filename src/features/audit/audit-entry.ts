import { AUDIT_TARGETS, isAuditAction, type AuditChange, type AuditTarget } from '@/domain/audit-actions'
import type { LL, Row } from '@/grid'

/*
 * An audit entry in words, for its list row and its dialog alike: the action and the target from the catalogue, who
 * acted and through what, and each changed field's values as the server kept them (bounded, secrets only as changed).
 */

/** The field the server writes in place of the fields past AUDIT_MAX_FIELDS, with their count as `after`. */
export const MORE_FIELDS = '…'

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

/** The action's words; a name the catalogue lacks (a newer server) as it is. */
export function actionWords(LL: LL, action: unknown): string {
  const name = text(action)
  return isAuditAction(name) ? LL.audit.actions[name]() : name
}

export function targetWords(LL: LL, type: unknown, id: unknown): string {
  const t = text(type)
  const kind = (AUDIT_TARGETS as readonly string[]).includes(t) ? LL.audit.targets[t as AuditTarget]() : t
  return [kind, text(id)].filter(Boolean).join(' ')
}

/** Who acted: the account, marked when an administrator acted on another account's behalf; none before a sign-in. */
export function actorWords(LL: LL, row: Row): string {
  const actor = text(row.actor_id)
  if (!actor) return LL.audit.actor.nobody()
  return Number(row.actor_type) === 1 && actor !== text(row.cus_id) ? LL.audit.actor.admin({ actor }) : actor
}

/** Through what the call came: the console, the signed API (with the key, or the account's app secret), a public page. */
export function viaWords(LL: LL, row: Row): string {
  if (row.via === 'api') return row.api_key_id ? LL.audit.via.apiKey({ key: text(row.api_key_id) }) : LL.audit.via.appSecret()
  return row.via === 'public' ? LL.audit.via.public() : LL.audit.via.console()
}

/** One value as kept: text as it is (an empty one said so), yes/no, numbers, structures as JSON; none as a dash. */
export function valueWords(LL: LL, v: unknown): string {
  if (v === undefined || v === null) return '—'
  if (v === '') return LL.audit.value.empty()
  if (typeof v === 'boolean') return v ? LL.audit.value.yes() : LL.audit.value.no()
  return typeof v === 'string' ? v : JSON.stringify(v)
}

export const changesOf = (row: Row): AuditChange[] => (Array.isArray(row.changes) ? (row.changes as AuditChange[]) : [])

/** One change on one line: `field: before → after`, a secret as changed, a cut value marked. */
export function changeLine(LL: LL, c: AuditChange): string {
  if (c.field === MORE_FIELDS) return LL.audit.value.moreFields({ count: Number(c.after) || 0 })
  if (c.changed) return `${c.field}: ${LL.audit.value.changed()}`
  const before = 'before' in c ? valueWords(LL, c.before) : null
  const after = 'after' in c ? valueWords(LL, c.after) : null
  const values = before === null ? after ?? '' : after === null ? `${before} → —` : `${before} → ${after}`
  return `${c.field}: ${values}${c.cut ? ` (${LL.audit.value.cut()})` : ''}`
}

/** The list's one-line summary of what changed. */
export const changesSummary = (LL: LL, row: Row): string => changesOf(row).map((c) => changeLine(LL, c)).join('; ')
