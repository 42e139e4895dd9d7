import { bodyLimit } from 'hono/body-limit'
import type { Db } from '../../db'
import type { Deps } from '../../deps'
import { sendSlot } from '../../http/body-budget'
import { SEND_BODY_LIMIT_BYTES } from '../../../src/domain/send'
import { ApiError, fail } from '../../http/envelope'
import { accountStatusSql, type SessionUser } from '../../users/repo'

/* The file part of the multipart send form (src/domain/send.ts; its payload is read by http/operation.ts) and the paying account's rule. */

/**
 * A text part of a send form as bytes. The file part is UTF-8 text whose values become stored messages, and
 * PostgreSQL text cannot hold NUL: a file with a 0x00 byte (UTF-16, a binary) is refused whole rather than
 * stripped, so nothing is sent that was not written.
 */
export async function partBytes(form: Record<string, string | File>, part: string): Promise<Uint8Array> {
  const file = form[part]
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : typeof file === 'string' ? new TextEncoder().encode(file) : new Uint8Array()
  if (bytes.includes(0)) throw new ApiError(400, 'fileHasNul')
  return bytes
}

/** The paying account: the caller, one of its sub-accounts, or any account for an administrator. */
export async function senderOf(db: Db, user: SessionUser, cusId: string | undefined): Promise<string> {
  if (!cusId || cusId === user.cusId) return user.cusId
  if (user.userType === 1) {
    // An administrator may send for any account, but not for a closed one (a closed account cannot send).
    const { rows } = await db.query<{ s: number }>(`select ${accountStatusSql('c')}::int as s from customer c where c.cus_id = $1`, [cusId])
    if (rows[0] && rows[0].s !== 1) throw new ApiError(403, 'accountClosed')
    return cusId
  }
  const { rows } = await db.query('select 1 from customer where cus_id = $1 and parent_id = $2 and cus_status = 1', [cusId, user.cusId])
  if (!rows.length) throw new ApiError(403, 'forbidden')
  return cusId
}

/** The multipart body limit of every send route (a million numbers is ~12 MB); 413 badRequest past it. */
export const sendBodyLimit = () => bodyLimit({ maxSize: SEND_BODY_LIMIT_BYTES, onError: (c) => fail(c, new ApiError(413, 'badRequest')) })

/** After the limit and the session check of a send route: its body's memory reserved in the process's budget (503 when full). */
export const sendMemory = (deps: Pick<Deps, 'bodyBudget'>) => sendSlot(deps.bodyBudget, SEND_BODY_LIMIT_BYTES)
