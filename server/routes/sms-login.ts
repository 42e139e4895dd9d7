import { Hono } from 'hono'
import type { Deps } from '../deps'
import { ApiError, ok } from '../http/envelope'
import { badRequest, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { recordAttempt } from '../security/lockout'
import { consumeRate } from '../security/rate-limit'
import { CODE_MESSAGE, consumeCode, issueCode } from '../security/sms-codes'
import { userByCusId } from '../users/repo'
import { addressOf, guardLockout, LOGIN_FAILED, requireCaptcha, signIn } from './login'

export const codeText = (code: string) => `【SMS】验证码 ${code}，5 分钟内有效。Your code is ${code}, valid for 5 minutes.`

/**
 * What every SMS-code send passes, in this order: the address's caps (a burst, and a day), the captcha, then the
 * whole server's daily cap, which bounds what one night of abuse can cost in texts. The server-wide cap is spent
 * only past the captcha, so callers who solve none cannot use it up for everybody.
 */
export async function passCodeSendChecks(deps: Deps, address: string, captcha: { redomStr: string; code: string }) {
  await consumeRate(deps, 'smsCodeAddress', address, { type: LOGIN_FAILED })
  await consumeRate(deps, 'smsCodeAddressDay', address, { type: LOGIN_FAILED })
  await requireCaptcha(deps, captcha.redomStr, captcha.code)
  await consumeRate(deps, 'smsCodeDay', 'all', { type: LOGIN_FAILED })
}

/** Spends the phone's daily cap; false when it is used up. */
export async function phoneAllowance(deps: Deps, phone: string): Promise<boolean> {
  return consumeRate(deps, 'smsCodePhoneDay', phone).then(
    () => true,
    (e: unknown) => (e instanceof ApiError && e.status === 429 ? false : Promise.reject(e)),
  )
}

export function smsLoginRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  // One answer whether the account exists, has a mobile, or the given phone matches it, so the form cannot probe
  // names or numbers: the code goes out only when everything fits, and the resend interval is counted per account
  // name typed, which behaves alike for names that exist and names that do not.
  operation(r, '/user/sendLoginAuthCode', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    await passCodeSendChecks(deps, addressOf(deps, c), { redomStr: p.redomStr, code: p.captcha })
    await consumeRate(deps, 'smsCodeAccount', p.userId, { type: LOGIN_FAILED })
    const user = await userByCusId(deps.db, p.userId)
    const fits = !!user?.mobile && (!p.phone || p.phone === user.mobile)
    if (user && fits && (await phoneAllowance(deps, user.mobile))) {
      const code = await issueCode(deps.db, { purpose: 'login', uuid: p.uuid, phone: user.mobile, cusId: user.cusId })
      if (code) await deps.carrier.sendText(user.mobile, codeText(code))
    }
    return ok(c, null, 'codeSent')
  })

  // The payload names a redomStr but carries no captcha: the SMS code already proves a person holds the phone.
  operation(r, '/user/loginBySmsCode', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    const address = addressOf(deps, c)
    await consumeRate(deps, 'signInAddress', address, { type: LOGIN_FAILED })
    await guardLockout(deps, p.username, address)
    const check = await consumeCode(deps.db, { purpose: 'login', uuid: p.uuid, cusId: p.username, code: p.code })
    if (check !== 'ok') {
      if (check === 'wrong') await recordAttempt(deps.db, p.username, false, address)
      throw new ApiError(400, CODE_MESSAGE[check], {}, LOGIN_FAILED)
    }
    const user = await userByCusId(deps.db, p.username)
    if (!user) throw new ApiError(400, 'loginFailure', {}, LOGIN_FAILED)
    return ok(c, await signIn(deps, user, address), 'loginSuccess', { type: 0 })
  })

  return r
}
