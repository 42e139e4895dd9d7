import { Hono } from 'hono'
import { sendLoginCodeSchema, smsLoginSchema } from '../../src/domain/auth'
import type { Deps } from '../config'
import { ApiError, body, ok } from '../http/envelope'
import type { AppEnv } from '../http/session'
import { recordAttempt } from '../security/lockout'
import { CODE_MESSAGE, consumeCode, issueCode } from '../security/sms-codes'
import { userByCusId } from '../users/repo'
import { clientIp, guardLockout, LOGIN_FAILED, signIn } from './login'

export const codeText = (code: string) => `【SMS】验证码 ${code}，5 分钟内有效。Your code is ${code}, valid for 5 minutes.`

export function smsLoginRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  r.post('/user/sendLoginAuthCode', async (c) => {
    const p = await body(c, sendLoginCodeSchema, LOGIN_FAILED)
    const user = await userByCusId(deps.db, p.userId)
    // Unknown accounts get the same answer as accounts without a mobile, so the form cannot probe names.
    if (!user?.mobile) throw new ApiError(400, 'noMobile', {}, LOGIN_FAILED)
    if (p.phone && p.phone !== user.mobile) throw new ApiError(400, 'phoneMismatch', {}, LOGIN_FAILED)
    const code = await issueCode(deps.db, { purpose: 'login', uuid: p.uuid, phone: user.mobile, cusId: user.cusId })
    if (!code) throw new ApiError(429, 'codeTooSoon', {}, LOGIN_FAILED)
    await deps.carrier.sendText(user.mobile, codeText(code))
    return ok(c, null, 'codeSent')
  })

  // The payload names a redomStr but carries no captcha: the SMS code already proves a person holds the phone.
  r.post('/user/loginBySmsCode', async (c) => {
    const p = await body(c, smsLoginSchema, LOGIN_FAILED)
    await guardLockout(deps, p.username)
    const ip = clientIp((n) => c.req.header(n))
    const check = await consumeCode(deps.db, { purpose: 'login', uuid: p.uuid, cusId: p.username, code: p.code })
    if (check !== 'ok') {
      if (check === 'wrong') await recordAttempt(deps.db, p.username, false, ip)
      throw new ApiError(400, CODE_MESSAGE[check], {}, LOGIN_FAILED)
    }
    const user = await userByCusId(deps.db, p.username)
    if (!user) throw new ApiError(400, 'loginFailure', {}, LOGIN_FAILED)
    return ok(c, await signIn(deps, user, ip), 'loginSuccess', { type: 0 })
  })

  return r
}
