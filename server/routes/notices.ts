import { Hono } from 'hono'
import { audit } from '../audit/write'
import type { Deps } from '../deps'
import { localeOf, ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { listNotices, markNoticesRead, unreadNotices } from '../notices/store'
import { consumeRate } from '../security/rate-limit'

/** The bell: the signed-in account's notices, worded in the caller's language. */
export function noticeRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  operation(r, '/notice/list', auth, async (c, input) => {
    const q = await input()
    const { cusId } = c.get('user')
    await consumeRate(deps, 'noticeCall', cusId)
    return ok(c, await listNotices(deps.db, cusId, q, localeOf(c)))
  })

  operation(r, '/notice/unreadCount', auth, async (c) => {
    const { cusId } = c.get('user')
    await consumeRate(deps, 'noticeCall', cusId)
    return ok(c, { unread: await unreadNotices(deps.db, cusId) })
  })

  operation(r, '/notice/read', auth, async (c, input) => {
    const p = await input()
    const { cusId } = c.get('user')
    await consumeRate(deps, 'noticeCall', cusId)
    const changed = await deps.db.transaction(async (tx) => {
      const n = await markNoticesRead(tx, cusId, p.id ?? 'all')
      if (n) await audit(tx, c, { action: 'noticeRead', target: { id: p.id ?? 'all' }, changes: [{ field: 'read', after: n }] })
      return n
    })
    return ok(c, { changed, unread: await unreadNotices(deps.db, cusId) }, 'noticesRead')
  })

  return r
}
