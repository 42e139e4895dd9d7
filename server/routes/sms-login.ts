import { recordingRefusal } from '../audit/sign-in'
import { audit } from '../audit/write'
import { Hono } from 'hono'
import type { Deps } from '../deps'
import { networkKey } from '../http/client-ip'
import { ApiError, ok } from '../http/envelope'
import { badRequest, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { isKnownAddress } from '../security/attempts'
import { consumeRate, type RateRuleName } from '../security/rate-limit'
import { CODE_MESSAGE, consumeCode, issueCode } from '../security/sms-codes'
import { userByCusId } from '../users/repo'
import { addressOf, firstFactorPassed, guardSignIn, LOGIN_FAILED, requireCaptcha } from './login'

export const codeText = (code: string) => `【SMS】验证码 ${code}，5 分钟内有效。Your code is ${code}, valid for 5 minutes.`

/** The number range a phone belongs to (its first seven digits): pumping targets ranges, so each has its budget. */
export const phonePrefix = (phone: string) => phone.replace(/\D/g, '').slice(0, 7)

/**
 * A refused code send says so with its wait, never a silent "sent": in seconds for the resend interval, in minutes
 * when a budget is spent. `data.seconds` lets the form count down.
 */
export function codeRefusal(seconds: number, type?: number): ApiError {
  const data = { seconds }
  return seconds <= 120
    ? new ApiError(429, 'codeTooSoon', { seconds }, type, data)
    : new ApiError(429, 'codeSendLimited', { minutes: Math.ceil(seconds / 60) }, type, data)
}

/** Spends one send of a code budget, refusing in codeRefusal's words (`type` LOGIN_FAILED on the sign-in page's calls). */
export async function spendCodeBudget(deps: Deps, rule: RateRuleName, key: string, type?: number) {
  try {
    await consumeRate(deps, rule, key)
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) throw codeRefusal(Number(e.vars.seconds), type)
    throw e
  }
}

/**
 * What every anonymous SMS-code send passes, in this order: the address's caps (a burst, and a day), the captcha,
 * then its network's day (an IPv4 /24, an IPv6 /64). There is no server-wide cap: a volume anyone can produce would
 * use it up for everybody. What bounds the texts are the budgets of the address, its network, the phone, the
 * phone's number range and the account, each of which an attacker can spend only for itself.
 */
export async function passCodeSendChecks(deps: Deps, address: string, captcha: { redomStr: string; code: string }) {
  await spendCodeBudget(deps, 'smsCodeAddress', address, LOGIN_FAILED)
  await spendCodeBudget(deps, 'smsCodeAddressDay', address, LOGIN_FAILED)
  await requireCaptcha(deps, captcha.redomStr, captcha.code)
  await spendCodeBudget(deps, 'smsCodeNetworkDay', networkKey(address), LOGIN_FAILED)
}

export function smsLoginRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  // An address the account has signed in from has a budget of its own, so strangers asking codes for the account
  // cannot use up the owner's. Every other caller spends the budget of the account name typed, which behaves alike
  // for names that exist and names that do not (the answer is the same whether the account exists, has a mobile or
  // the phone given matches it); then the phone's own day. Past a budget the answer is a refusal with its wait.
  operation(r, '/user/sendLoginAuthCode', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    const address = addressOf(deps, c)
    await passCodeSendChecks(deps, address, { redomStr: p.redomStr, code: p.captcha })
    const user = await userByCusId(deps.db, p.userId)
    const known = !!user && (await isKnownAddress(deps.db, user.cusId, address, deps.now()))
    if (known) {
      await spendCodeBudget(deps, 'smsCodeKnown', `${user.cusId}|${address}`, LOGIN_FAILED)
      await spendCodeBudget(deps, 'smsCodeKnownDay', `${user.cusId}|${address}`, LOGIN_FAILED)
    } else {
      await spendCodeBudget(deps, 'smsCodeAccount', p.userId, LOGIN_FAILED)
      await spendCodeBudget(deps, 'smsCodeAccountDay', p.userId, LOGIN_FAILED)
    }
    const fits = !!user?.mobile && (!p.phone || p.phone === user.mobile)
    if (user && fits) {
      if (!known) await spendCodeBudget(deps, 'smsCodePhoneDay', user.mobile, LOGIN_FAILED)
      // The resend interval of sign-in codes is smsCodeAccount (or smsCodeKnown), so it tells nothing of the phone.
      const issued = await deps.db.transaction(async (tx) => {
        const made = await issueCode(tx, { purpose: 'login', uuid: p.uuid, phone: user.mobile, cusId: user.cusId }, { resend: false })
        if ('code' in made) await audit(tx, c, { action: 'signInCodeSent', account: user.cusId, target: { id: user.cusId }, changes: [{ field: 'code', changed: true }] })
        return made
      })
      if ('code' in issued) await deps.carrier.sendText(user.mobile, codeText(issued.code))
    }
    return ok(c, null, 'codeSent')
  })

  // The payload names a redomStr but carries no captcha: the SMS code already proves a person holds the phone. The
  // code itself dies after SMS_CODE_MAX_TRIES wrong tries from anywhere; the pair budget bounds one address.
  operation(r, '/user/loginBySmsCode', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    return recordingRefusal(deps.db, c, 'smsCode', () => p.username, async () => {
      const address = addressOf(deps, c)
      await consumeRate(deps, 'signInAddress', address, { type: LOGIN_FAILED })
      const claim = await guardSignIn(deps, p.username, address, { accountWide: false })
      const check = await consumeCode(deps.db, { purpose: 'login', uuid: p.uuid, cusId: p.username, code: p.code })
      if (check !== 'ok') throw new ApiError(400, CODE_MESSAGE[check], {}, LOGIN_FAILED)
      const user = await userByCusId(deps.db, p.username)
      if (!user) throw new ApiError(400, 'loginFailure', {}, LOGIN_FAILED)
      return firstFactorPassed(deps, c, user, claim, 'smsCode')
    })
  })

  return r
}
