import { Hono } from 'hono'
import { fieldChanges } from '../audit/diff'
import { audit } from '../audit/write'
import { fieldErrors } from '../../src/domain/field-errors'
import { maskIdNumber } from '../../src/domain/identity'
import { passwordChangeSchema, type CertificationInfo } from '../../src/domain/user-settings'
import type { Deps } from '../deps'
import { ApiError, fieldError, ok } from '../http/envelope'
import { byField, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { hashPassword } from '../security/password'
import { confirmPassword, issuePasswordNonce, openSealedPassword, refusedAs } from '../security/password-nonce'
import { consumeRate } from '../security/rate-limit'
import { CODE_MESSAGE, consumeCode, issueCode } from '../security/sms-codes'
import { sha256 } from '../security/tokens'
import { codeText, phonePrefix, spendCodeBudget } from './sms-login'


/**
 * Personal settings of spec section 5 (/info/setting). Every call acts on the signed-in account's own row, found by
 * its session, never by an id in the payload, so no account can reach another's.
 */
export function userSettingsRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  operation(r, '/user/passwordNonce', auth, async (c) => {
    const { cusId } = c.get('user')
    await consumeRate(deps, 'passwordNonce', cusId)
    return ok(c, { redomStr: await issuePasswordNonce(deps, cusId) })
  })

  // Both passwords arrive sealed; the rules of section 5 are checked on them once opened. The old one is checked
  // first (rate limited, one answer for a bad seal and a wrong password), so the rules' answers teach nothing to
  // somebody who holds a session but not the password.
  operation(r, '/user/modifyPassword', auth, async (c, input) => {
    const p = await input()
    const user = c.get('user')
    // Both nonces are spent whatever happens, so none is left over for a second try.
    const opened = await openSealedPassword(deps, user.cusId, p.newRedomStr, p.newPassword).then(
      (password) => ({ password }),
      (error: unknown) => ({ error }),
    )
    const oldPassword = await confirmPassword(deps, user, p.oldRedomStr, p.oldPassword).catch(refusedAs('oldPassword'))
    if ('error' in opened) refusedAs('newPassword')(opened.error)
    const newPassword = 'password' in opened ? opened.password : ''
    const plain = { oldPassword, newPassword, confirmPassword: newPassword }
    const rules = passwordChangeSchema.safeParse(plain)
    if (!rules.success) throw fieldError('fieldsInvalid', fieldErrors(rules.error, plain))
    const hash = await hashPassword(newPassword)
    await deps.db.transaction(async (tx) => {
      await tx.query('update customer set password_hash = $1 where id = $2', [hash, user.id])
      // Every other session of the account ends; the one that changed the password goes on.
      await tx.query(
        `update session_token set revoked_at = now() where customer_id = $1 and token_hash <> $2 and revoked_at is null`,
        [user.id, sha256(c.get('token'))],
      )
      await audit(tx, c, { action: 'passwordChanged', target: { id: user.cusId }, changes: [{ field: 'password', changed: true }] })
    })
    return ok(c, null, 'passwordChanged')
  })

  operation(r, '/user/sendBindCode', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    if (p.mobile === user.mobile) throw fieldError('mobileUnchanged', { mobile: 'mobileUnchanged' })
    await consumeRate(deps, 'bindCodeAccount', user.cusId)
    await spendCodeBudget(deps, 'smsCodePrefixDay', phonePrefix(p.mobile))
    await spendCodeBudget(deps, 'smsCodePhoneDay', p.mobile)
    const issued = await deps.db.transaction(async (tx) => {
      const made = await issueCode(tx, { purpose: 'bind', uuid: p.uuid, phone: p.mobile, cusId: user.cusId })
      if ('code' in made) await audit(tx, c, { action: 'bindCodeSent', target: { id: user.cusId }, changes: [{ field: 'mobile', after: p.mobile }, { field: 'code', changed: true }] })
      return made
    })
    if ('wait' in issued) throw new ApiError(400, 'codeTooSoon', { seconds: issued.wait }, undefined, { fields: { mobile: 'codeTooSoon' }, seconds: issued.wait })
    await deps.carrier.sendText(p.mobile, codeText(issued.code))
    return ok(c, null, 'codeSent')
  })

  // The code must be the one sent to this very mobile for this account: a code to another number binds nothing.
  operation(r, '/user/modifyMobile', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    await consumeRate(deps, 'bindCodeCheck', user.cusId)
    const check = await consumeCode(deps.db, { purpose: 'bind', uuid: p.uuid, cusId: user.cusId, code: p.code, phone: p.mobile })
    if (check !== 'ok') throw fieldError(CODE_MESSAGE[check], { code: CODE_MESSAGE[check] })
    await deps.db.transaction(async (tx) => {
      await tx.query('update customer set mobile = $1 where id = $2', [p.mobile, user.id])
      await audit(tx, c, { action: 'mobileChanged', target: { id: user.cusId }, changes: fieldChanges({ mobile: user.mobile }, { mobile: p.mobile }) })
    })
    return ok(c, { mobile: p.mobile }, 'mobileBound')
  })

  operation(r, '/user/modifyCusName', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    await consumeRate(deps, 'settingsWrite', user.cusId)
    await deps.db.transaction(async (tx) => {
      await tx.query('update customer set cus_name = $1 where id = $2', [p.cusName, user.id])
      await audit(tx, c, { action: 'nameChanged', target: { id: user.cusId }, changes: fieldChanges({ cusName: user.cusName }, { cusName: p.cusName }) })
    })
    return ok(c, { cusName: p.cusName }, 'cusNameChanged')
  })

  operation(r, '/user/certification', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    await consumeRate(deps, 'settingsWrite', user.cusId)
    await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ real_name: string; id_number: string; cert_phone: string }>(
        'select real_name, id_number, cert_phone from customer where id = $1 for update', [user.id])
      await tx.query(
        'update customer set real_name = $1, id_number = $2, cert_phone = $3, certified_at = now() where id = $4',
        [p.realName, p.idNumber, p.phone, user.id],
      )
      // The identity number only masked, as the console shows it.
      const shown = (r: { real_name: string; id_number: string; cert_phone: string }) =>
        ({ realName: r.real_name, idNumber: r.id_number ? maskIdNumber(r.id_number) : '', phone: r.cert_phone })
      await audit(tx, c, { action: 'certificationSubmitted', target: { id: user.cusId },
        changes: fieldChanges(rows[0] ? shown(rows[0]) : null, shown({ real_name: p.realName, id_number: p.idNumber, cert_phone: p.phone })) })
    })
    return ok(c, await certificationOf(deps, user.id), 'certified')
  })

  operation(r, '/user/certificationInfo', auth, async (c) => ok(c, await certificationOf(deps, c.get('user').id)))

  return r
}

/** The account's certification as the console shows it: the identity number masked, never whole. */
async function certificationOf(deps: Deps, id: number): Promise<CertificationInfo> {
  const { rows } = await deps.db.query<{ real_name: string; id_number: string; cert_phone: string; certified_at: string | Date | null }>(
    'select real_name, id_number, cert_phone, certified_at from customer where id = $1',
    [id],
  )
  const row = rows[0]
  if (!row?.certified_at) return null
  return {
    realName: row.real_name,
    idNumber: maskIdNumber(row.id_number),
    phone: row.cert_phone,
    certifiedAt: new Date(row.certified_at).toISOString(),
  }
}
