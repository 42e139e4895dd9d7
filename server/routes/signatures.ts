import { Hono } from 'hono'
import { fieldChanges, madeWith } from '../audit/diff'
import { audit } from '../audit/write'
import { TIMED_STATUS } from '../../src/domain/lists/timed'
import { mayDelete, mayWithdraw, SIGNATURE_STATUS } from '../../src/domain/signatures'
import type { Deps } from '../deps'
import type { Db } from '../db'
import { ApiError, localeOf, ok } from '../http/envelope'
import { byField, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { checkedInStatement } from '../http/session-check'
import { listPage, orderClause, Where } from '../lists'
import { consumeRate } from '../security/rate-limit'
import { decideSignature } from '../signatures/review'
import { approvedFor, ownerOf, signatureScope } from '../signatures/store'
import { requireAdmin } from '../templates/body'
import type { SessionUser } from '../users/repo'
import { serverMessage } from '../../src/domain/messages'
import { senderOf } from './send/form'

interface Locked {
  id: number
  cus_id: string
  name: string
  status: number
}

/** Signature `id` locked for update when `user` may see it (its enterprise's, any for an administrator); else 404. */
async function lockSignature(tx: Db, user: SessionUser, id: number): Promise<Locked> {
  const s = signatureScope(user, 'cus_id', 2)
  const { rows } = await tx.query<Locked>(
    `select id, cus_id, name, status::int as status from signature where id = $1 and ${s.sql} for update`, [id, ...s.params])
  if (!rows[0]) throw new ApiError(404, 'notFound')
  return rows[0]
}

/** A sub-account sends with its enterprise's signatures and writes none (403 before its body is read). */
function requireOwner(user: SessionUser) {
  if (user.userType === 3) throw new ApiError(403, 'signatureOwnersOnly')
}

/** Timed batches of the owner's family not yet sent whose text (or 5G fallback text) starts with 【name】. */
async function timedUsing(tx: Db, owner: string, name: string): Promise<string[]> {
  const { rows } = await tx.query<{ time_batch: string }>(
    `select t.time_batch from time_batch t join customer c on c.cus_id = t.cus_id
     left join csp_send f on f.batch_id = t.time_batch
     where coalesce(c.parent_id, c.cus_id) = $1 and t.send_status = any($2::int[])
       and (starts_with(t.content, $3) or starts_with(coalesce(f.sms_text, ''), $3))
     order by t.timing_time limit 6`,
    [owner, [TIMED_STATUS.toBeSent, TIMED_STATUS.paused], `【${name}】`])
  return rows.map((r) => r.time_batch)
}

/**
 * Signatures: the list, an enterprise's application (one pending or approved per name), withdraw and delete as the
 * state allows, the administrators' review, and the approved names a send page offers (src/domain/signatures.ts).
 */
export function signatureRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const auth = requireUser(db)

  operation(r, '/signature/list', checkedInStatement(db, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where()
    if (user.userType === 1) w.when(q.cus_id, (v) => `s.cus_id = ${w.bind(v)}`)
    else w.and(`s.cus_id = ${w.bind(ownerOf(user))}`)
    w.when(q.id, (v) => `s.id = ${w.bind(v)}`).when(q.status, (v) => `s.status = ${w.bind(v)}`)
    w.when(q.name, (v) => `s.name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)}`)
    w.timeWindow('s.create_time', q, null)
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: `s.id, s.cus_id, s.name, s.source, s.proof_material_id, coalesce(m.file_name, '') as proof_name, s.remark,
        s.status::int as status, s.result_desc, s.check_time, s.create_time`,
      from: 'signature s left join material m on m.material_id = s.proof_material_id', where: w, page: q,
      orderBy: orderClause(q, { create_time: 's.create_time', check_time: { sql: 's.check_time', nullable: true }, name: 's.name' },
        { by: 'create_time', order: 'desc' }, 's.id'),
    }))
  }))

  operation(r, '/signature/add', auth, async (c, input) => {
    const user = c.get('user')
    requireOwner(user)
    const p = await input(byField)
    await consumeRate(deps, 'templateAdd', user.cusId)
    const id = await db.transaction(async (tx) => {
      // Serialises two clicks of the same name: the second sees the first's row.
      await tx.query('select 1 from customer where cus_id = $1 for update', [user.cusId])
      if (p.proof_material_id) {
        const { rows } = await tx.query('select 1 from material where material_id = $1 and cus_id = $2 for share', [p.proof_material_id, user.cusId])
        if (!rows.length) throw new ApiError(400, 'signatureProofNotFound', {}, undefined, { fields: { proof_material_id: 'signatureProofNotFound' } })
      }
      const { rows: same } = await tx.query('select 1 from signature where cus_id = $1 and name = $2 and status = any($3::int[])',
        [user.cusId, p.name, [SIGNATURE_STATUS.pending, SIGNATURE_STATUS.approved]])
      if (same.length) throw new ApiError(409, 'signatureExists', { name: p.name }, undefined, { fields: { name: 'signatureExists' } })
      const { rows } = await tx.query<{ id: number }>(
        `insert into signature (cus_id, name, source, proof_material_id, remark) values ($1, $2, $3, $4, $5) returning id`,
        [user.cusId, p.name, p.source, p.proof_material_id ?? null, p.remark])
      await audit(tx, c, { action: 'signatureApplied', target: { id: rows[0].id }, changes: madeWith({ name: p.name, source: p.source, proof_material_id: p.proof_material_id ?? null, remark: p.remark }) })
      return rows[0].id
    })
    return ok(c, { id, status: SIGNATURE_STATUS.pending }, 'signatureSubmitted')
  })

  operation(r, '/signature/withdraw', auth, async (c, input) => {
    const user = c.get('user')
    requireOwner(user)
    const p = await input()
    const name = await db.transaction(async (tx) => {
      const s = await lockSignature(tx, user, p.id)
      if (!mayWithdraw(s.status)) throw new ApiError(409, 'signatureWithdrawRefused')
      const batches = await timedUsing(tx, s.cus_id, s.name)
      if (batches.length) throw new ApiError(409, 'signatureInUse', { batches: batches.slice(0, 5).join(', ') + (batches.length > 5 ? ' …' : '') })
      await tx.query('update signature set status = $2 where id = $1', [s.id, SIGNATURE_STATUS.withdrawn])
      await audit(tx, c, { action: 'signatureWithdrawn', account: s.cus_id, target: { id: s.id }, changes: fieldChanges({ name: s.name, status: s.status }, { name: s.name, status: SIGNATURE_STATUS.withdrawn }) })
      return s.name
    })
    return ok(c, null, 'signatureWithdrawn', { msg: serverMessage('signatureWithdrawn', localeOf(c), { name }) })
  })

  operation(r, '/signature/delete', auth, async (c, input) => {
    const user = c.get('user')
    requireOwner(user)
    const p = await input()
    const name = await db.transaction(async (tx) => {
      const s = await lockSignature(tx, user, p.id)
      if (!mayDelete(s.status)) throw new ApiError(409, 'signatureDeleteRefused')
      await tx.query('delete from signature where id = $1', [s.id])
      await audit(tx, c, { action: 'signatureDeleted', account: s.cus_id, target: { id: s.id }, changes: fieldChanges({ name: s.name, status: s.status }, null) })
      return s.name
    })
    return ok(c, null, 'signatureDeleted', { msg: serverMessage('signatureDeleted', localeOf(c), { name }) })
  })

  operation(r, '/signature/review', auth, async (c, input) => {
    const user = c.get('user')
    requireAdmin(user)
    const p = await input(byField)
    await db.transaction(async (tx) => {
      const s = await lockSignature(tx, user, p.id)
      await decideSignature(tx, p.id, p.approve, p.reason)
      await audit(tx, c, { action: 'signatureReviewed', account: s.cus_id, target: { id: s.id },
        changes: [{ field: 'name', after: s.name }, { field: 'approve', after: p.approve }, ...(p.reason ? [{ field: 'reason', after: p.reason }] : [])] })
    })
    return ok(c, null, 'signatureReviewDone')
  })

  operation(r, '/signature/usable', auth, async (c, input) => {
    const p = await input()
    const cusId = await senderOf(db, c.get('user'), p.cus_id)
    return ok(c, { names: await approvedFor(db, cusId) })
  })

  return r
}
