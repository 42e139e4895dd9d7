import { AUDIT_MAX_FIELDS, AUDIT_SECRET_FIELDS, AUDIT_VALUE_CHARS, type AuditChange } from '../../src/domain/audit-actions'

type Fields = Record<string, unknown>

const plain = (name: string) => name.toLowerCase().replace(/[_-]/g, '')
const SECRET = new Set<string>(AUDIT_SECRET_FIELDS)

/** A field whose value is never written: a password, a secret, a key, a code (the catalogue's names, or `secret`). */
export const isSecretField = (name: string, extra: readonly string[] = []) => SECRET.has(plain(name)) || extra.includes(name)

/** A value as the entry keeps it: text over AUDIT_VALUE_CHARS (or a structure whose JSON is) cut, and said so. */
function bounded(v: unknown): { value: unknown; cut: boolean } {
  if (v === undefined || v === null || typeof v === 'number' || typeof v === 'boolean') return { value: v ?? null, cut: false }
  const text = typeof v === 'string' ? v : JSON.stringify(v)
  if (text.length <= AUDIT_VALUE_CHARS) return { value: v, cut: false }
  return { value: `${text.slice(0, AUDIT_VALUE_CHARS)}…`, cut: true }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The fields that differ between `before` and `after` (null: the thing was made, or removed), each with both values
 * bounded; a secret field only as `changed`. At most AUDIT_MAX_FIELDS fields: the rest are named as one cut entry.
 */
export function fieldChanges(before: Fields | null, after: Fields | null, opts: { secret?: readonly string[] } = {}): AuditChange[] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const out: AuditChange[] = []
  for (const field of names) {
    const b = before?.[field]
    const a = after?.[field]
    if (same(b, a)) continue
    if (isSecretField(field, opts.secret)) {
      out.push({ field, changed: true })
      continue
    }
    const change: AuditChange = { field }
    const bb = bounded(b)
    const ab = bounded(a)
    if (before) change.before = bb.value
    if (after) change.after = ab.value
    if (bb.cut || ab.cut) change.cut = true
    out.push(change)
  }
  if (out.length <= AUDIT_MAX_FIELDS) return out
  const kept = out.slice(0, AUDIT_MAX_FIELDS - 1)
  kept.push({ field: '…', after: out.length - kept.length, cut: true })
  return kept
}

/** The fields of a thing made (or told): each value as an `after`, secrets only as changed. */
export const madeWith = (fields: Fields, opts: { secret?: readonly string[] } = {}) => fieldChanges(null, fields, opts)
