import { Hono } from 'hono'
import type { Deps } from '../config'
import { ok } from '../http/envelope'
import { requireUser, type AppEnv } from '../http/session'
import { issuePasswordNonce } from '../security/password-nonce'
import { consumeRate } from '../security/rate-limit'

/** Personal settings of spec section 5 (/info/setting): the signed-in account changes its own rows only. */
export function userSettingsRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  r.post('/user/passwordNonce', auth, async (c) => {
    const { cusId } = c.get('user')
    await consumeRate(deps, 'passwordNonce', cusId)
    return ok(c, { redomStr: await issuePasswordNonce(deps, cusId) })
  })

  return r
}
