import { Hono } from 'hono'
import { loginSchema } from '../../src/domain/auth'
import type { Deps } from '../config'
import { ApiError, body, ok } from '../http/envelope'
import type { AppEnv } from '../http/session'
import { consumeCaptcha } from '../security/captcha'
import { lockedMinutes, recordAttempt } from '../security/lockout'
import { DUMMY_HASH, verifyPassword } from '../security/password'
import { issueToken } from '../security/tokens'
import { userByCusId, type SessionUser } from '../users/repo'

/** Login answers carry `type`: 0 success, 1 refusal. Refusals are never 401, which the console keeps for lost sessions. */
export const LOGIN_FAILED = 1

export const clientIp = (h: (n: string) => string | undefined) => h('x-forwarded-for')?.split(',')[0]?.trim() ?? ''

/** Shared by password and SMS-code login: lockout first, so a locked account learns nothing from its guesses. */
export async function guardLockout(deps: Deps, cusId: string) {
  const minutes = await lockedMinutes(deps.db, cusId)
  if (minutes > 0) throw new ApiError(429, 'loginLocked', { minutes }, LOGIN_FAILED)
}

export async function signIn(deps: Deps, user: SessionUser, ip: string) {
  if (user.cusStatus !== 1) throw new ApiError(400, 'accountClosed', {}, LOGIN_FAILED)
  await recordAttempt(deps.db, user.cusId, true, ip)
  return issueToken(deps.db, user.id)
}

export function loginRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  r.post('/user/publicKey', async (c) => ok(c, { publicKey: (await deps.keys()).publicKey }))

  r.post('/user/login', async (c) => {
    const p = await body(c, loginSchema, LOGIN_FAILED)
    if (!(await consumeCaptcha(deps.db, p.redomStr, p.code, deps.config.captchaFixed))) {
      throw new ApiError(400, 'captchaWrong', {}, LOGIN_FAILED)
    }
    await guardLockout(deps, p.username)
    const password = (await deps.keys()).decrypt(p.password)
    if (password === null) throw new ApiError(400, 'passwordDecrypt', {}, LOGIN_FAILED)
    const user = await userByCusId(deps.db, p.username)
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH)
    const ip = clientIp((n) => c.req.header(n))
    if (!user || !valid) {
      await recordAttempt(deps.db, p.username, false, ip)
      throw new ApiError(400, 'loginFailure', {}, LOGIN_FAILED)
    }
    return ok(c, await signIn(deps, user, ip), 'loginSuccess', { type: 0 })
  })

  return r
}
