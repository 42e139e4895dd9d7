import { setTimeout as sleep } from 'node:timers/promises'
import { Hono, type Context } from 'hono'
import type { Deps } from '../deps'
import { addressKey, clientIp } from '../http/client-ip'
import { ApiError, ok } from '../http/envelope'
import { badRequest, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { consumeCaptcha } from '../security/captcha'
import { lockedMinutes, recentFailures, recordAttempt, slowdownMs } from '../security/lockout'
import { DUMMY_HASH, verifyPassword } from '../security/password'
import { consumeRate } from '../security/rate-limit'
import { unsealPassword } from '../security/rsa'
import { issueToken } from '../security/tokens'
import { userByCusId, type SessionUser } from '../users/repo'

/** Login answers carry `type`: 0 success, 1 refusal. Refusals are never 401, which the console keeps for lost sessions. */
export const LOGIN_FAILED = 1

/** The caller's address as rate limits and lockouts count it (see client-ip.ts). */
export const addressOf = (deps: Deps, c: Context) => addressKey(clientIp(c, deps.config.trustProxy))

/** Refuses a captcha that is wrong, spent, expired or was never issued. */
export async function requireCaptcha(deps: Deps, redomStr: string, code: string) {
  if (!(await consumeCaptcha(deps.db, redomStr, code, deps.config.captchaFixed))) {
    throw new ApiError(400, 'captchaWrong', {}, LOGIN_FAILED)
  }
}

/**
 * Shared by password and SMS-code login, before any secret is checked: the (account, address) lock, so a locked
 * pair learns nothing from its guesses, then the account-wide slow-down, which delays but never refuses.
 */
export async function guardLockout(deps: Deps, cusId: string, address: string) {
  const minutes = await lockedMinutes(deps.db, cusId, address)
  if (minutes > 0) throw new ApiError(429, 'loginLocked', { minutes }, LOGIN_FAILED)
  const delay = slowdownMs(await recentFailures(deps.db, cusId))
  if (delay > 0) await sleep(delay)
}

export async function signIn(deps: Deps, user: SessionUser, address: string) {
  if (user.cusStatus !== 1) throw new ApiError(400, 'accountClosed', {}, LOGIN_FAILED)
  await recordAttempt(deps.db, user.cusId, true, address)
  return issueToken(deps.db, user.id)
}

export function loginRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  operation(r, '/user/publicKey', async (c) => ok(c, { publicKey: (await deps.keys()).publicKey }))

  // Cheap checks first (address limit, captcha, lock), the ~19 ms RSA decryption only after them; a cipher text that
  // does not decrypt, or was sealed for another captcha, is answered exactly as a wrong password (same scrypt work).
  operation(r, '/user/login', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    const address = addressOf(deps, c)
    await consumeRate(deps, 'signInAddress', address, { type: LOGIN_FAILED })
    await requireCaptcha(deps, p.redomStr, p.code)
    await guardLockout(deps, p.username, address)
    const password = unsealPassword((await deps.keys()).decrypt, p.password, p.redomStr)
    const user = await userByCusId(deps.db, p.username)
    const valid = await verifyPassword(password ?? '', user?.passwordHash ?? DUMMY_HASH)
    if (!user || !valid || password === null) {
      await recordAttempt(deps.db, p.username, false, address)
      throw new ApiError(400, 'loginFailure', {}, LOGIN_FAILED)
    }
    return ok(c, await signIn(deps, user, address), 'loginSuccess', { type: 0 })
  })

  return r
}
