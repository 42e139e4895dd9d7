import { fieldErrors } from '../../src/domain/field-errors'
import { isTemplateIssueKey, templateIssue } from '../../src/domain/templates-write'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { Refusal } from '../http/operation'
import type { SessionUser } from '../users/repo'
import { scopeFor } from '../users/scope'

/**
 * A template write's refusal: a 400 whose message words the first carrier limit broken (cspCardCount "A message has
 * 1 to 15 cards" …) or fieldsInvalid, with every bad field named in `data.fields`.
 */
export const templateRefusal: Refusal = (error, raw) => {
  const fields: Record<string, string> = fieldErrors(error, raw)
  const seen = new Set<string>()
  for (const i of error.issues) {
    const key = String(i.path[0] ?? '')
    if (!key || seen.has(key)) continue
    seen.add(key)
    if (isTemplateIssueKey(i.message)) fields[key] = i.message
  }
  const issue = templateIssue(error)
  return new ApiError(400, issue?.key ?? 'fieldsInvalid', issue?.vars ?? {}, undefined, { fields })
}

/** Administrators (user type 1) only: the review calls. */
export function requireAdmin(user: SessionUser) {
  if (user.userType !== 1) throw new ApiError(403, 'forbidden')
}

/**
 * Locks template `id` of `table` for update when `user` may see it (the list's scope: an administrator any, an
 * enterprise its own and its sub-accounts', a sub-account its own); null otherwise, so another tenant's id and a
 * missing one answer alike (404).
 */
export async function lockVisible<R>(tx: Db, user: SessionUser, table: string, idCol: string, id: number, cols: string): Promise<R | null> {
  const s = scopeFor(user, 'cus_id', 2)
  const { rows } = await tx.query<R & Record<string, unknown>>(
    `select ${cols} from ${table} where ${idCol} = $1 and ${s.sql} for update`, [id, ...s.params])
  return rows[0] ?? null
}

/** The same check without a lock, for reads. */
export async function findVisible<R>(
  db: Db, user: SessionUser, from: string, where: string, value: unknown, cols: string, scopeCol = 't.cus_id',
): Promise<R | null> {
  const s = scopeFor(user, scopeCol, 2)
  const { rows } = await db.query<R & Record<string, unknown>>(`select ${cols} from ${from} where ${where} = $1 and ${s.sql}`, [value, ...s.params])
  return rows[0] ?? null
}
