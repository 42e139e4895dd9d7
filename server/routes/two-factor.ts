import { recordingRefusal } from '../audit/sign-in'
import { audit } from '../audit/write'
import { Hono } from 'hono'
import type { Deps } from '../deps'
import { ApiError, fieldError, ok } from '../http/envelope'
import { badRequest, byField, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { guardSignIn, LOGIN_FAILED, addressOf, signIn } from './login'
import { confirmPassword, refusedAs } from '../security/password-nonce'
import { consumeRate } from '../security/rate-limit'
import {
  beginEnrolment, confirmEnrolment, endChallenge, policyRequired, policyScopeSetBy, removeTwoFactor, setPolicy, spendSecondFactor,
  tryChallenge, twoFactorOn, twoFactorRequired, twoFactorStatus,
} from '../security/two-factor'
import { userByCusId } from '../users/repo'
import { clientIp } from '../http/client-ip'
import { requireAllowedAddress } from '../security/allowed-addresses'

/*
 * Two-factor sign-in (src/domain/two-factor.ts): enrolment and its end in personal settings, and a sign-in's second
 * step. The password steps (routes/login.ts, routes/sms-login.ts) answer an account with two-factor with a challenge
 * instead of a token; /user/login2fa turns the challenge and a code into the session. An enterprise may require
 * two-factor of its sub-accounts and an administrator of every administrator (/user/twoFactor/policy/…): an account
 * it applies to without one enrols at sign-in (/user/login2fa/begin for the key, /user/login2fa for the first code).
 */
export function twoFactorRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const { db } = deps
  const auth = requireUser(db)

  operation(r, '/user/twoFactor/status', auth, async (c) => ok(c, await twoFactorStatus(db, c.get('user').cusId)))

  operation(r, '/user/twoFactor/begin', auth, async (c) => {
    const user = c.get('user')
    await consumeRate(deps, 'twoFactorWrite', user.cusId)
    return ok(c, await beginEnrolment(db, user.cusId))
  })

  operation(r, '/user/twoFactor/enable', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    await consumeRate(deps, 'twoFactorWrite', user.cusId)
    const codes = await db.transaction(async (tx) => {
      const made = await confirmEnrolment(tx, user.cusId, p.code, deps.now())
      await audit(tx, c, { action: 'twoFactorEnabled', target: { id: user.cusId }, changes: [{ field: 'twoFactor', before: false, after: true }, { field: 'recoveryCodes', changed: true }] })
      return made
    })
    return ok(c, { recovery_codes: codes }, 'twoFactorOn')
  })

  // The password and a second factor, so neither a left-open session nor a stolen password alone turns it off.
  operation(r, '/user/twoFactor/disable', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    await confirmPassword(deps, user, p.redomStr, p.password).catch(refusedAs('password'))
    if (!(await spendSecondFactor(db, user.cusId, p.code, deps.now()))) throw fieldError('twoFactorWrong', { code: 'twoFactorWrong' })
    await db.transaction(async (tx) => {
      await removeTwoFactor(tx, user.cusId)
      await audit(tx, c, { action: 'twoFactorDisabled', target: { id: user.cusId }, changes: [{ field: 'twoFactor', before: true, after: false }] })
    })
    return ok(c, null, 'twoFactorOff')
  })

  // Each try spends one of the (account, address) pair's attempts, as a password guess does, and one of the
  // challenge's few; a right code signs in as the password step would have.
  operation(r, '/user/login2fa', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    let cusId: string | null = null
    return recordingRefusal(db, c, 'twoFactor', () => cusId, async () => {
      const address = addressOf(deps, c)
      await consumeRate(deps, 'signInAddress', address, { type: LOGIN_FAILED })
      const now = deps.now()
      cusId = await tryChallenge(db, p.challenge, address, now)
      if (!cusId) throw new ApiError(400, 'twoFactorExpired', {}, LOGIN_FAILED)
      const claim = await guardSignIn(deps, cusId, address, { accountWide: false })
      const user = await userByCusId(db, cusId)
      if (!user) throw new ApiError(400, 'twoFactorWrong', {}, LOGIN_FAILED)
      // An account enrolling at sign-in (its two-factor required, none in force): the code confirms the key begun with
      // this challenge, and the session comes with the recovery codes, shown this once.
      const enrolling = !(await twoFactorOn(db, cusId)) && (await twoFactorRequired(db, user))
      let recovery: string[] | null = null
      if (enrolling) {
        const enrolled = cusId
        recovery = await confirmEnrolment(db, enrolled, p.code, now).catch((e: unknown) => {
          throw e instanceof ApiError && e.status === 400 ? new ApiError(400, e.key === 'twoFactorNotBegun' ? 'twoFactorNotBegun' : 'twoFactorWrong', {}, LOGIN_FAILED) : e
        })
      } else if (!(await spendSecondFactor(db, cusId, p.code, now))) throw new ApiError(400, 'twoFactorWrong', {}, LOGIN_FAILED)
      await endChallenge(db, p.challenge)
      await requireAllowedAddress(db, user, clientIp(c, deps.config.trustProxy), LOGIN_FAILED)
      const session = await signIn(deps, c, user, claim, 'twoFactor')
      return recovery ? ok(c, { ...session, recovery_codes: recovery }, 'twoFactorOn', { type: 0 }) : ok(c, session, 'loginSuccess', { type: 0 })
    })
  })

  // The key of an enrolment at sign-in: for a challenge of an account required to have two-factor that has none. A
  // call spends one of the challenge's tries, as a code does.
  operation(r, '/user/login2fa/begin', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    const address = addressOf(deps, c)
    await consumeRate(deps, 'signInAddress', address, { type: LOGIN_FAILED })
    const cusId = await tryChallenge(db, p.challenge, address, deps.now())
    const user = cusId ? await userByCusId(db, cusId) : null
    if (!cusId || !user || (await twoFactorOn(db, cusId)) || !(await twoFactorRequired(db, user))) throw new ApiError(400, 'twoFactorExpired', {}, LOGIN_FAILED)
    return ok(c, await beginEnrolment(db, cusId))
  })

  operation(r, '/user/twoFactor/policy/get', auth, async (c) => {
    const user = c.get('user')
    if (user.userType === 3) throw new ApiError(403, 'forbidden')
    return ok(c, { required: await policyRequired(db, policyScopeSetBy(user)), scope: user.userType === 1 ? 'administrators' : 'sub_accounts', editable: true })
  })

  operation(r, '/user/twoFactor/policy/set', auth, async (c, input) => {
    const user = c.get('user')
    if (user.userType === 3) throw new ApiError(403, 'forbidden')
    await consumeRate(deps, 'twoFactorWrite', user.cusId)
    const p = await input(byField)
    // An administrator it would apply to must already have it, so the requirement never signs its own setter out.
    if (p.required && user.userType === 1 && !(await twoFactorOn(db, user.cusId))) throw new ApiError(400, 'twoFactorYourselfFirst')
    const scope = policyScopeSetBy(user)
    await db.transaction(async (tx) => {
      const before = await policyRequired(tx, scope)
      await setPolicy(tx, scope, p.required)
      await audit(tx, c, { action: 'twoFactorPolicyChanged', target: { id: scope }, changes: [{ field: 'required', before, after: p.required }] })
    })
    return ok(c, { required: p.required, scope: user.userType === 1 ? 'administrators' : 'sub_accounts', editable: true }, 'twoFactorPolicySaved')
  })
  return r
}
