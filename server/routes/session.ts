import { Hono } from 'hono'
import { audit } from '../audit/write'
import type { Deps } from '../deps'
import { ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { issueToken, revokeToken } from '../security/tokens'
import { permissionsOf } from '../users/permissions'
import { roleOf, toAuthUser } from '../users/repo'

export function sessionRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  operation(r, '/user/getUserInfo', auth, (c) => {
    const user = c.get('user')
    return ok(c, {
      userInfo: { authUser: toAuthUser(user), name: user.cusName, avatar: '' },
      roles: [roleOf(user)],
      permission: permissionsOf(user),
    })
  })

  // The old token dies with the new one's birth, so a leaked token cannot be kept alive by refreshing it.
  operation(r, '/user/refesh', auth, async (c) => {
    const fresh = await deps.db.transaction(async (tx) => {
      await revokeToken(tx, c.get('token'))
      const token = await issueToken(tx, c.get('user').id)
      await audit(tx, c, { action: 'sessionRenewed', target: { id: c.get('user').cusId } })
      return token
    })
    return ok(c, fresh)
  })

  operation(r, '/user/logout', auth, async (c) => {
    await deps.db.transaction(async (tx) => {
      await revokeToken(tx, c.get('token'))
      await audit(tx, c, { action: 'signOut', target: { id: c.get('user').cusId } })
    })
    return ok(c, null, 'logoutSuccess')
  })

  return r
}
