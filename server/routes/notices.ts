import { Hono } from 'hono'
import { noticeListSchema, noticeReadSchema } from '../../src/domain/notice'
import type { Deps } from '../deps'
import { body, localeOf, ok } from '../http/envelope'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { listNotices, markNoticesRead, unreadNotices } from '../notices/store'
import { consumeRate } from '../security/rate-limit'

/** The bell: the signed-in account's notices, worded in the caller's language. */
export function noticeRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  r.post('/notice/list', auth, async (c) => {
    const q = await body(c, noticeListSchema)
    const { cusId } = c.get('user')
    await consumeRate(deps, 'noticeCall', cusId)
    return ok(c, await listNotices(deps.db, cusId, q, localeOf(c)))
  })

  r.post('/notice/unreadCount', auth, async (c) => {
    const { cusId } = c.get('user')
    await consumeRate(deps, 'noticeCall', cusId)
    return ok(c, { unread: await unreadNotices(deps.db, cusId) })
  })

  r.post('/notice/read', auth, async (c) => {
    const p = await body(c, noticeReadSchema)
    const { cusId } = c.get('user')
    await consumeRate(deps, 'noticeCall', cusId)
    const changed = await markNoticesRead(deps.db, cusId, p.id ?? 'all')
    return ok(c, { changed, unread: await unreadNotices(deps.db, cusId) }, 'noticesRead')
  })

  return r
}
