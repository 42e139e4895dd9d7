import { fieldChanges, madeWith } from '../../audit/diff'
import { audit } from '../../audit/write'
import { Hono, type MiddlewareHandler } from 'hono'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { listPage, Where } from '../../lists'
import { requireAdmin } from './common'

const SELECT = 'id, name, mobile, amount, status::int as status, remark, create_time, update_time'

/**
 * The spec's generic sample table: GET list with `page`/`size` query parameters, POST add, PUT update, DELETE
 * delete (id in the JSON body or the query). Shared data, not per tenant: an administrator's screen (the menu shows
 * it to administrators only), so every call of it, reading included, is refused with 403 to anyone else.
 */
/** A sample row's own fields, as an entry compares them (not its id or times). */
const fieldsOf = (r: Record<string, unknown>) => ({ name: r.name, mobile: r.mobile, amount: r.amount, status: r.status, remark: r.remark })

export function crudRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const signedIn = requireUser(deps.db)
  const admin: MiddlewareHandler<AppEnv> = async (c, next) => {
    requireAdmin(c.get('user'))
    await next()
  }
  const db = deps.db

  operation(r, '/crud/list', checkedInStatement(db, async (c, input) => {
    requireAdmin(c.get('user'))
    const q = await input()
    const w = new Where()
    w.when(q.name, (v) => `name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`).when(q.status, (v) => `status = ${w.bind(v)}`)
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'), select: SELECT, from: 'crud_sample', where: w, orderBy: 'order by id desc', page: { pageNumber: q.page, pageSize: q.size },
    }))
  }))

  operation(r, '/crud/add', signedIn, admin, async (c, input) => {
    const f = await input()
    const row = await db.transaction(async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>(
        `insert into crud_sample (name, mobile, amount, status, remark) values ($1, $2, $3, $4, $5) returning ${SELECT}`,
        [f.name, f.mobile, f.amount, f.status, f.remark])
      await audit(tx, c, { action: 'sampleAdded', target: { id: String(rows[0].id) }, changes: madeWith(fieldsOf(rows[0])) })
      return rows[0]
    })
    return ok(c, row, 'addSuccess')
  })

  operation(r, '/crud/update', signedIn, admin, async (c, input) => {
    const f = await input()
    const row = await db.transaction(async (tx) => {
      const { rows: was } = await tx.query<Record<string, unknown>>(`select ${SELECT} from crud_sample where id = $1 for update`, [f.id])
      const { rows } = await tx.query<Record<string, unknown>>(
        `update crud_sample set name = $2, mobile = $3, amount = $4, status = $5, remark = $6, update_time = now() where id = $1 returning ${SELECT}`,
        [f.id, f.name, f.mobile, f.amount, f.status, f.remark])
      if (!rows.length || !was.length) throw new ApiError(404, 'notFound')
      await audit(tx, c, { action: 'sampleChanged', target: { id: String(f.id) }, changes: fieldChanges(fieldsOf(was[0]), fieldsOf(rows[0])) })
      return rows[0]
    })
    return ok(c, row, 'updateSuccess')
  })

  operation(r, '/crud/delete', signedIn, admin, async (c, input) => {
    const { id } = await input()
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>(`delete from crud_sample where id = $1 returning ${SELECT}`, [id])
      if (!rows.length) throw new ApiError(404, 'notFound')
      await audit(tx, c, { action: 'sampleDeleted', target: { id: String(id) }, changes: fieldChanges(fieldsOf(rows[0]), null) })
    })
    return ok(c, { id }, 'deleteSuccess')
  })

  return r
}
