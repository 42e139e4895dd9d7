import { Hono } from 'hono'
import { audit } from '../audit/write'
import { maskSecret, type AppSecretReply } from '../../src/domain/app-secret'
import type { Deps } from '../deps'
import { ok } from '../http/envelope'
import { operation } from '../http/operation'
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

  operation(r, '/user/getAppsecret', auth, async (c, input) => {
    const p = await input()
    const user = c.get('user')
    await consumeRate(deps, 'appSecretRead', user.cusId)
    if (p.password !== undefined && p.redomStr !== undefined) await confirmPassword(deps, user, p.redomStr, p.password)
    const secret = await appSecretOf(deps.db, user.cusId)
    // Who saw the secret whole: the reveal is recorded (the secret itself never is); a masked read is not.
    if (p.password !== undefined) await audit(deps.db, c, { action: 'appSecretRevealed', target: { id: user.cusId } })
    c.header('cache-control', 'no-store')
    const reply: AppSecretReply = p.password === undefined ? { appSecret: maskSecret(secret), masked: true } : { appSecret: secret, masked: false }
    return ok(c, reply)
  })

  operation(r, '/user/rotateAppsecret', auth, async (c, input) => {
    const p = await input()
    const user = c.get('user')
    await consumeRate(deps, 'appSecretRotate', user.cusId)
    await confirmPassword(deps, user, p.redomStr, p.password)
    const secret = await deps.db.transaction(async (tx) => {
      const made = await rotateAppSecret(tx, user.cusId)
      await audit(tx, c, { action: 'appSecretRotated', target: { id: user.cusId }, changes: [{ field: 'appSecret', changed: true }] })
      return made
    })
    c.header('cache-control', 'no-store')
    return ok(c, { appSecret: secret, masked: false } satisfies AppSecretReply, 'appSecretRotated')
  })

  return r
}
