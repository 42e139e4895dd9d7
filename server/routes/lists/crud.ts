import { Hono, type MiddlewareHandler } from 'hono'
import { crudAddSchema, crudDeleteSchema, crudSearchSchema, crudUpdateSchema } from '../../../src/domain/lists/crud'
import type { Deps } from '../../deps'
import { ApiError, body, ok } from '../../http/envelope'
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
export function crudRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const signedIn = requireUser(deps.db)
  const admin: MiddlewareHandler<AppEnv> = async (c, next) => {
    requireAdmin(c.get('user'))
    await next()
  }
  const db = deps.db

  r.get('/crud/list', checkedInStatement(db, async (c) => {
    requireAdmin(c.get('user'))
    const parsed = crudSearchSchema.safeParse(c.req.query())
    if (!parsed.success) throw new ApiError(400, 'badRequest')
    const q = parsed.data
    const w = new Where()
    w.when(q.name, (v) => `name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`).when(q.status, (v) => `status = ${w.bind(v)}`)
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'), select: SELECT, from: 'crud_sample', where: w, orderBy: 'order by id desc', page: { pageNumber: q.page, pageSize: q.size },
    }))
  }))

  r.post('/crud/add', signedIn, admin, async (c) => {
    const f = await body(c, crudAddSchema)
    const { rows } = await db.query(
      `insert into crud_sample (name, mobile, amount, status, remark) values ($1, $2, $3, $4, $5) returning ${SELECT}`,
      [f.name, f.mobile, f.amount, f.status, f.remark])
    return ok(c, rows[0], 'addSuccess')
  })

  r.put('/crud/update', signedIn, admin, async (c) => {
    const f = await body(c, crudUpdateSchema)
    const { rows } = await db.query(
      `update crud_sample set name = $2, mobile = $3, amount = $4, status = $5, remark = $6, update_time = now() where id = $1 returning ${SELECT}`,
      [f.id, f.name, f.mobile, f.amount, f.status, f.remark])
    if (!rows.length) throw new ApiError(404, 'notFound')
    return ok(c, rows[0], 'updateSuccess')
  })

  r.delete('/crud/delete', signedIn, admin, async (c) => {
    const raw = /\bjson\b/i.test(c.req.header('content-type') ?? '') ? await c.req.json().catch(() => ({})) : {}
    const parsed = crudDeleteSchema.safeParse({ ...c.req.query(), ...(raw as object) })
    if (!parsed.success) throw new ApiError(400, 'badRequest')
    const { rows } = await db.query('delete from crud_sample where id = $1 returning id', [parsed.data.id])
    if (!rows.length) throw new ApiError(404, 'notFound')
    return ok(c, { id: parsed.data.id }, 'deleteSuccess')
  })

  return r
}
