import { Hono } from 'hono'
import { getAppSecretSchema, maskSecret, rotateAppSecretSchema, type AppSecretReply } from '../../src/domain/app-secret'
import type { Deps } from '../deps'
import { body, ok } from '../http/envelope'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { confirmPassword } from '../security/password-nonce'
import { consumeRate } from '../security/rate-limit'
import { appSecretOf, rotateAppSecret } from '../users/app-secret'

/**
 * The signed-in account's own app secret: masked by default, whole only with the account's password typed again
 * (sealed with a one-time nonce, checked by confirmPassword, which limits tries per account).
 */
export function appSecretRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  r.post('/user/getAppsecret', auth, async (c) => {
    const p = await body(c, getAppSecretSchema)
    const user = c.get('user')
    await consumeRate(deps, 'appSecretRead', user.cusId)
    if (p.password !== undefined && p.redomStr !== undefined) await confirmPassword(deps, user, p.redomStr, p.password)
    const secret = await appSecretOf(deps.db, user.cusId)
    c.header('cache-control', 'no-store')
    const reply: AppSecretReply = p.password === undefined ? { appSecret: maskSecret(secret), masked: true } : { appSecret: secret, masked: false }
    return ok(c, reply)
  })

  r.post('/user/rotateAppsecret', auth, async (c) => {
    const p = await body(c, rotateAppSecretSchema)
    const user = c.get('user')
    await consumeRate(deps, 'appSecretRotate', user.cusId)
    await confirmPassword(deps, user, p.redomStr, p.password)
    const secret = await rotateAppSecret(deps.db, user.cusId)
    c.header('cache-control', 'no-store')
    return ok(c, { appSecret: secret, masked: false } satisfies AppSecretReply, 'appSecretRotated')
  })

  return r
}
