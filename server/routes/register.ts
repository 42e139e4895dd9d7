import { Hono } from 'hono'
import { registerSchema, sendAuthCodeSchema } from '../../src/domain/auth'
import { checkLoginPassword } from '../../src/domain/validation'
import type { Deps } from '../config'
import { ApiError, body, ok } from '../http/envelope'
import type { AppEnv } from '../http/session'
import { hashPassword } from '../security/password'
import { CODE_MESSAGE, consumeCode, issueCode } from '../security/sms-codes'
import { userByCusId } from '../users/repo'
import { LOGIN_FAILED } from './login'
import { codeText } from './sms-login'

export function registerRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  r.post('/user/sendAuthCode', async (c) => {
    const p = await body(c, sendAuthCodeSchema, LOGIN_FAILED)
    if (await userByCusId(deps.db, p.epId)) throw new ApiError(400, 'epExists', {}, LOGIN_FAILED)
    const code = await issueCode(deps.db, { purpose: 'register', uuid: p.uuid, phone: p.phone, cusId: p.epId })
    if (!code) throw new ApiError(429, 'codeTooSoon', {}, LOGIN_FAILED)
    await deps.carrier.sendText(p.phone, codeText(code))
    return ok(c, null, 'codeSent')
  })

  // A new enterprise starts with no products: an administrator grants them after the request the console asks for.
  r.post('/user/epRegist', async (c) => {
    const p = await body(c, registerSchema, LOGIN_FAILED)
    const password = (await deps.keys()).decrypt(p.password)
    if (password === null) throw new ApiError(400, 'passwordDecrypt', {}, LOGIN_FAILED)
    if (checkLoginPassword(password)) throw new ApiError(400, 'badRequest', {}, LOGIN_FAILED)
    if (await userByCusId(deps.db, p.epId)) throw new ApiError(400, 'epExists', {}, LOGIN_FAILED)
    const check = await consumeCode(deps.db, { purpose: 'register', uuid: p.uuid, cusId: p.epId, phone: p.phone, code: p.code })
    if (check !== 'ok') throw new ApiError(400, CODE_MESSAGE[check], {}, LOGIN_FAILED)
    const hash = await hashPassword(password)
    const inserted = await deps.db.query(
      `insert into customer (cus_id, cus_name, user_type, password_hash, mobile)
       values ($1, $2, 2, $3, $4) on conflict (cus_id) do nothing returning id`,
      [p.epId, p.epName, hash, p.phone],
    )
    if (!inserted.rows.length) throw new ApiError(400, 'epExists', {}, LOGIN_FAILED)
    return ok(c, null, 'registerSuccess')
  })

  return r
}
