import { signatureRefusal, SIGNATURE_STATUS } from '../../src/domain/signatures'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { SessionUser } from '../users/repo'

/*
 * Signatures belong to an enterprise (an administrator's to the platform): a sub-account reads and sends with its
 * enterprise's, and applies for none of its own.
 */

/** The account whose signatures `user` sees and uses: a sub-account's enterprise, else the account itself. */
export const ownerOf = (user: Pick<SessionUser, 'userType' | 'cusId' | 'parentId'>) =>
  user.userType === 3 && user.parentId ? user.parentId : user.cusId

/** The scope of the signature list and writes: an administrator all, anyone else its enterprise's (`column` = that). */
export function signatureScope(user: SessionUser, column: string, param: number): { sql: string; params: unknown[] } {
  return user.userType === 1 ? { sql: 'true', params: [] } : { sql: `${column} = $${param}`, params: [ownerOf(user)] }
}

/** The approved signatures a send of account `cusId` may start with: its enterprise's. */
export async function approvedFor(db: Db, cusId: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select s.name from signature s join customer c on s.cus_id = coalesce(c.parent_id, c.cus_id)
     where c.cus_id = $1 and s.status = $2 order by s.name`, [cusId, SIGNATURE_STATUS.approved])
  return rows.map((r) => r.name)
}

/**
 * Refuses (400) a domestic text of account `cusId` that does not start with an approved signature of its enterprise,
 * naming the signature found (or that none was) and the field it came from. `texts`: field → the text it carries. Run
 * inside the send's transaction, so a signature withdrawn meanwhile either waits for the send or refuses it.
 */
export async function requireSignatures(db: Db, cusId: string, texts: Record<string, string>): Promise<void> {
  const fields = Object.entries(texts)
  if (!fields.length) return
  const approved = await approvedFor(db, cusId)
  for (const [field, text] of fields) {
    const refusal = signatureRefusal(text, approved)
    if (refusal) throw new ApiError(400, refusal.key, refusal.vars, undefined, { fields: { [field]: refusal.key } })
  }
}
