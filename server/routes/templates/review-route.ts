import type { Context } from 'hono'
import { audit } from '../../audit/write'
import type { z } from 'zod'
import type { TemplateKind, templateReviewSchema } from '../../../src/domain/templates-write'
import type { Db } from '../../db'
import { ApiError, ok } from '../../http/envelope'
import type { AppEnv } from '../../http/env'
import type { Reader } from '../../http/operation'
import { lockVisible, requireAdmin, templateRefusal } from '../../templates/body'
import { decide, KIND_TABLES } from '../../templates/review'

/**
 * POST /<area>/review {id, approve, reason}: administrators only (403 for anyone else, before the body is read).
 * 404 for a missing template, 409 templateReviewed when it is already decided (by the worker or another administrator).
 */
export const reviewHandler = (db: Db, kind: TemplateKind) => async (c: Context<AppEnv>, input: Reader<z.output<typeof templateReviewSchema>>) => {
  const user = c.get('user')
  requireAdmin(user)
  const p = await input(templateRefusal)
  const k = KIND_TABLES[kind]
  await db.transaction(async (tx) => {
    if (!(await lockVisible(tx, user, k.table, k.id, p.id, k.id))) throw new ApiError(404, 'notFound')
    await decide(tx, kind, p.id, p.approve, p.reason)
    const { rows } = await tx.query<{ cus_id: string }>(`select cus_id from ${k.table} where ${k.id} = $1`, [p.id])
    await audit(tx, c, { action: 'templateReviewed', account: rows[0]?.cus_id ?? null, target: { id: `${kind}:${p.id}` },
      changes: [{ field: 'approve', after: p.approve }, ...(p.reason ? [{ field: 'reason', after: p.reason }] : [])] })
  })
  return ok(c, null, 'templateReviewDone')
}
