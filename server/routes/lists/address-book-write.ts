import { Hono, type Context } from 'hono'
import { fieldChanges, madeWith } from '../../audit/diff'
import { audit } from '../../audit/write'
import { type MemberAdd } from '../../../src/domain/address-book-write'
import type { Deps } from '../../deps'
import type { Db } from '../../db'
import type { ServerMessage } from '../../../src/domain/messages'
import { serverMessage } from '../../../src/domain/messages'
import { ApiError, localeOf, ok } from '../../http/envelope'
import { byField, operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { consumeRate } from '../../security/rate-limit'
import { scopeFor } from '../../users/scope'

/** A success whose words name the row (ok() words the key without variables). */
const said = <T>(c: Context, data: T, key: ServerMessage, vars: Record<string, string | number>) =>
  ok(c, data, key, { msg: serverMessage(key, localeOf(c), vars) })

const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505'
const groupMissing = () => new ApiError(404, 'abGroupNotFound')
const mobileTaken = (name: string, mobile: string) =>
  new ApiError(409, 'abMobileTaken', { name, mobile }, undefined, { fields: { mobile: 'abMobileTaken' } })

/** The caller's own group (writes never reach another account's, a sub-account's included). */
async function ownGroup(db: Db, cusId: string, groupId: number, lock = false) {
  const { rows } = await db.query<{ group_name: string }>(
    `select group_name from ab_group where group_id = $1 and cus_id = $2${lock ? ' for update' : ''}`, [groupId, cusId])
  if (!rows[0]) throw groupMissing()
  return rows[0].group_name
}

const memberValues = (p: MemberAdd) => [p.name, p.mobile, p.email, p.job_number, p.gender, p.birthday, p.remark]
/** A contact's fields as an audit entry shows them. */
const memberFields = (p: MemberAdd) => ({ group_id: p.group_id, name: p.name, mobile: p.mobile, email: p.email, job_number: p.job_number, gender: p.gender, birthday: p.birthday, remark: p.remark })
const MEMBER_BEFORE = `group_id, name, mobile, email, job_number, gender::int as gender, coalesce(to_char(birthday, 'YYYY-MM-DD'), '') as birthday, remark`

/**
 * Address book editing. Every write changes only the caller's own groups and contacts: an enterprise
 * customer sees its sub-accounts' address books in the lists but does not edit them (they are the sub-account's
 * working data, and a parent who could edit them could also move contacts between two accounts' groups). The detail
 * calls follow the lists' read scope. Each write: validate, spend `addressBookWrite`, change rows with a
 * conditional statement, 404 when the row is not the caller's, 409 when its state forbids the change.
 */
export function addressBookWriteRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const { db } = deps
  const writer = async (c: Context<AppEnv>) => {
    const { cusId } = c.get('user')
    await consumeRate(deps, 'addressBookWrite', cusId)
    return cusId
  }

  operation(r, '/addressBook/addressBookGroupAdd', auth, async (c, input) => {
    const p = await input(byField)
    const cusId = await writer(c)
    const rows = await db.transaction(async (tx) => {
      const { rows: made } = await tx.query<{ group_id: number }>(
        `insert into ab_group (cus_id, group_name, remark) values ($1, $2, $3) on conflict (cus_id, group_name) do nothing returning group_id`,
        [cusId, p.group_name, p.remark])
      if (!made[0]) throw new ApiError(409, 'abGroupNameTaken', { name: p.group_name }, undefined, { fields: { group_name: 'abGroupNameTaken' } })
      await audit(tx, c, { action: 'groupAdded', target: { id: made[0].group_id }, changes: madeWith({ group_name: p.group_name, remark: p.remark }) })
      return made
    })
    return said(c, { group_id: rows[0].group_id }, 'abGroupSaved', { name: p.group_name })
  })

  operation(r, '/addressBook/addressBookGroupMod', auth, async (c, input) => {
    const p = await input(byField)
    const cusId = await writer(c)
    await db.transaction(async (tx) => {
      const { rows: was } = await tx.query<{ group_name: string; remark: string }>(
        'select group_name, remark from ab_group where group_id = $1 and cus_id = $2 for update', [p.group_id, cusId])
      if (!was[0]) throw groupMissing()
      await tx.query('update ab_group set group_name = $3, remark = $4 where group_id = $1 and cus_id = $2', [p.group_id, cusId, p.group_name, p.remark]).catch((e: unknown) => {
        if (isUniqueViolation(e)) throw new ApiError(409, 'abGroupNameTaken', { name: p.group_name }, undefined, { fields: { group_name: 'abGroupNameTaken' } })
        throw e
      })
      await audit(tx, c, { action: 'groupChanged', target: { id: p.group_id }, changes: fieldChanges(was[0], { group_name: p.group_name, remark: p.remark }) })
    })
    return said(c, { group_id: p.group_id }, 'abGroupSaved', { name: p.group_name })
  })

  // The group and its contacts go together only when the caller said so (the console's confirmation names the count).
  operation(r, '/addressBook/addressBookGroupDel', auth, async (c, input) => {
    const p = await input()
    const cusId = await writer(c)
    const done = await db.transaction(async (tx) => {
      const name = await ownGroup(tx, cusId, p.group_id, true)
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from ab_contact where group_id = $1', [p.group_id])
      const count = rows[0].n
      if (count > 0 && !p.with_members) throw new ApiError(409, 'abGroupHasMembers', { name, count })
      await tx.query('delete from ab_group where group_id = $1 and cus_id = $2', [p.group_id, cusId])
      await audit(tx, c, { action: 'groupDeleted', target: { id: p.group_id }, changes: fieldChanges({ group_name: name, members: count }, null) })
      return { name, count }
    })
    return said(c, done, 'abGroupDeleted', done)
  })

  operation(r, '/addressBook/addressBookGroupDetail', auth, async (c, input) => {
    const p = await input()
    const s = scopeFor(c.get('user'), 'g.cus_id', 2)
    const { rows } = await db.query(
      `select g.group_id, g.cus_id, g.group_name, g.remark, g.create_time,
         (select count(*)::int from ab_contact a where a.group_id = g.group_id) as member_count
       from ab_group g where g.group_id = $1 and ${s.sql}`, [p.group_id, ...s.params])
    if (!rows[0]) throw groupMissing()
    return ok(c, rows[0])
  })

  operation(r, '/addressBook/addressBookMemberAdd', auth, async (c, input) => {
    const p = await input(byField)
    const cusId = await writer(c)
    const group = await ownGroup(db, cusId, p.group_id)
    const rows = await db.transaction(async (tx) => {
      const { rows: made } = await tx.query<{ id: number }>(
        `insert into ab_contact (cus_id, group_id, name, mobile, email, job_number, gender, birthday, remark)
         select $1, g.group_id, $3, $4, $5, $6, $7, nullif($8, '')::date, $9 from ab_group g where g.group_id = $2 and g.cus_id = $1
         on conflict (group_id, mobile) do nothing returning id`,
        [cusId, p.group_id, ...memberValues(p)])
      if (!made[0]) {
        await ownGroup(tx, cusId, p.group_id)
        throw mobileTaken(group, p.mobile)
      }
      await audit(tx, c, { action: 'contactAdded', target: { id: made[0].id }, changes: madeWith(memberFields(p)) })
      return made
    })
    return said(c, { id: Number(rows[0].id) }, 'abMemberSaved', { name: p.name })
  })

  operation(r, '/addressBook/addressBookMemberMod', auth, async (c, input) => {
    const p = await input(byField)
    const cusId = await writer(c)
    const group = await ownGroup(db, cusId, p.group_id)
    await db.transaction(async (tx) => {
      const { rows: was } = await tx.query<Record<string, unknown>>(`select ${MEMBER_BEFORE} from ab_contact where id = $1 and cus_id = $2 for update`, [p.id, cusId])
      const { rows } = await tx.query(
        `update ab_contact a set group_id = g.group_id, name = $4, mobile = $5, email = $6, job_number = $7, gender = $8,
           birthday = nullif($9, '')::date, remark = $10
         from ab_group g where a.id = $1 and a.cus_id = $2 and g.group_id = $3 and g.cus_id = $2 returning a.id`,
        [p.id, cusId, p.group_id, ...memberValues(p)]).catch((e: unknown) => {
        if (isUniqueViolation(e)) throw mobileTaken(group, p.mobile)
        throw e
      })
      if (!rows[0] || !was[0]) throw new ApiError(404, 'abMemberNotFound')
      await audit(tx, c, { action: 'contactChanged', target: { id: p.id }, changes: fieldChanges(was[0], memberFields(p)) })
    })
    return said(c, { id: p.id }, 'abMemberSaved', { name: p.name })
  })

  operation(r, '/addressBook/addressBookMemberDetail', auth, async (c, input) => {
    const p = await input()
    const s = scopeFor(c.get('user'), 'a.cus_id', 2)
    const { rows } = await db.query(
      `select a.id, a.cus_id, a.group_id, g.group_name as "groupName", a.name, a.mobile, a.email, a.job_number,
         a.gender::int as gender, coalesce(to_char(a.birthday, 'YYYY-MM-DD'), '') as birthday, a.remark, a.create_time
       from ab_contact a join ab_group g on g.group_id = a.group_id where a.id = $1 and ${s.sql}`, [p.id, ...s.params])
    if (!rows[0]) throw new ApiError(404, 'abMemberNotFound')
    return ok(c, { ...rows[0], id: Number(rows[0].id) })
  })

  /** All the named contacts, locked, or a 404 naming how many are not the caller's (nothing changes then). */
  const lockMembers = async (tx: Db, cusId: string, ids: number[]) => {
    const { rows } = await tx.query<{ id: number }>(`select id from ab_contact a where cus_id = $1 and id = any($2::bigint[]) for update`, [cusId, ids])
    if (rows.length < ids.length) throw new ApiError(404, 'abMembersNotFound', { count: ids.length - rows.length })
  }

  operation(r, '/addressBook/addressBookMemberDel', auth, async (c, input) => {
    const p = await input()
    const cusId = await writer(c)
    const ids = [...new Set(p.ids)]
    await db.transaction(async (tx) => {
      await lockMembers(tx, cusId, ids)
      const { rows } = await tx.query<{ mobile: string }>('delete from ab_contact where cus_id = $1 and id = any($2::bigint[]) returning mobile', [cusId, ids])
      await audit(tx, c, { action: 'contactsDeleted', target: { id: ids.length === 1 ? ids[0] : null }, changes: fieldChanges({ count: ids.length, ids, mobiles: rows.map((r) => r.mobile) }, null) })
    })
    return said(c, { count: ids.length }, 'abMembersDeleted', { count: ids.length })
  })

  // A mobile held twice once the move is done (already in the target group, or two of the selected) refuses it all.
  operation(r, '/addressBook/addressBookMemberMove', auth, async (c, input) => {
    const p = await input()
    const cusId = await writer(c)
    const ids = [...new Set(p.ids)]
    const name = await db.transaction(async (tx) => {
      const group = await ownGroup(tx, cusId, p.group_id, true)
      await lockMembers(tx, cusId, ids)
      const { rows } = await tx.query<{ mobile: string }>(
        `select mobile from ab_contact where id = any($1::bigint[]) or group_id = $2 group by mobile having count(*) > 1 limit 1`, [ids, p.group_id])
      if (rows[0]) throw mobileTaken(group, rows[0].mobile)
      await tx.query('update ab_contact set group_id = $3 where cus_id = $1 and id = any($2::bigint[])', [cusId, ids, p.group_id])
      await audit(tx, c, { action: 'contactsMoved', target: { type: 'group', id: p.group_id }, changes: [{ field: 'ids', after: ids }, { field: 'group_id', after: p.group_id }] })
      return group
    })
    return said(c, { count: ids.length }, 'abMembersMoved', { count: ids.length, name })
  })

  return r
}
