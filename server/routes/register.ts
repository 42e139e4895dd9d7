import { Hono } from 'hono'
import { madeWith } from '../audit/diff'
import { audit } from '../audit/write'
import { checkLoginPassword } from '../../src/domain/validation'
import type { Deps } from '../deps'
import { ApiError, ok } from '../http/envelope'
import { badRequest, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { hashPassword } from '../security/password'
import { consumeRate } from '../security/rate-limit'
import { unsealPassword } from '../security/rsa'
import { CODE_MESSAGE, consumeCode, issueCode } from '../security/sms-codes'
import { addressOf, LOGIN_FAILED, requireCaptcha } from './login'
import { codeRefusal, codeText, passCodeSendChecks, phonePrefix, spendCodeBudget } from './sms-login'

export function registerRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  // No "enterprise id taken" here: that would let anyone probe ids with one cheap call. The id is checked at
  // registration, after a captcha and the code sent to a phone the caller holds (capped per phone and day, and per
  // number range, the budget that SMS pumping into premium ranges runs into).
  operation(r, '/user/sendAuthCode', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    await passCodeSendChecks(deps, addressOf(deps, c), { redomStr: p.redomStr, code: p.captcha })
    await spendCodeBudget(deps, 'smsCodePrefixDay', phonePrefix(p.phone), LOGIN_FAILED)
    await spendCodeBudget(deps, 'smsCodePhoneDay', p.phone, LOGIN_FAILED)
    const issued = await deps.db.transaction(async (tx) => {
      const made = await issueCode(tx, { purpose: 'register', uuid: p.uuid, phone: p.phone, cusId: p.epId })
      if ('code' in made) await audit(tx, c, { action: 'registerCodeSent', account: null, target: { id: p.epId }, changes: [{ field: 'phone', after: p.phone }, { field: 'code', changed: true }] })
      return made
    })
    if ('wait' in issued) throw codeRefusal(issued.wait, LOGIN_FAILED)
    await deps.carrier.sendText(p.phone, codeText(issued.code))
    return ok(c, null, 'codeSent')
  })

  // Cheap checks first (address limit, captcha, SMS code), the RSA decryption after them. A cipher text that does
  // not decrypt or was sealed for another captcha gets the same answer as a password the rules refuse.
  // A new enterprise starts with no products: an administrator grants them after the request the console asks for.
  operation(r, '/user/epRegist', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    await consumeRate(deps, 'registerAddress', addressOf(deps, c), { type: LOGIN_FAILED })
    await requireCaptcha(deps, p.redomStr, p.captcha)
    const check = await consumeCode(deps.db, { purpose: 'register', uuid: p.uuid, cusId: p.epId, phone: p.phone, code: p.code })
    if (check !== 'ok') throw new ApiError(400, CODE_MESSAGE[check], {}, LOGIN_FAILED)
    const password = unsealPassword((await deps.keys()).decrypt, p.password, p.redomStr)
    if (password === null || checkLoginPassword(password)) throw new ApiError(400, 'badRequest', {}, LOGIN_FAILED)
    const hash = await hashPassword(password)
    await deps.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into customer (cus_id, cus_name, user_type, password_hash, mobile)
         values ($1, $2, 2, $3, $4) on conflict (cus_id) do nothing returning id`,
        [p.epId, p.epName, hash, p.phone],
      )
      if (!inserted.rows.length) throw new ApiError(400, 'epExists', {}, LOGIN_FAILED)
      await audit(tx, c, { action: 'register', actor: { cusId: p.epId, userType: 2 }, account: p.epId, target: { id: p.epId },
        changes: madeWith({ cusId: p.epId, cusName: p.epName, mobile: p.phone, password: true }) })
    })
    return ok(c, null, 'registerSuccess')
  })

  return r
}
