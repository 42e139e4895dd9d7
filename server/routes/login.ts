import { Hono, type Context } from 'hono'
import type { Deps } from '../deps'
import { addressKey, clientIp } from '../http/client-ip'
import { ApiError, ok } from '../http/envelope'
import { badRequest, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { consumeCaptcha } from '../security/captcha'
import { accountKey, ACCOUNT_BUDGET, claimAttempt, clearAttempts, isKnownAddress, pairKey, PAIR_BUDGET, refundAttempt, rememberAddress } from '../security/attempts'
import { DUMMY_HASH, verifyPassword } from '../security/password'
import { consumeRate } from '../security/rate-limit'
import { alertOwner } from '../security/sign-in-alert'
import { requireAllowedAddress } from '../security/allowed-addresses'
import { unsealPassword } from '../security/rsa'
import { issueToken } from '../security/tokens'
import { newChallenge, twoFactorOn, twoFactorRequired } from '../security/two-factor'
import { userByCusId, type SessionUser } from '../users/repo'
import { recordingRefusal, type SignInMethod } from '../audit/sign-in'
import { audit } from '../audit/write'

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

/** What a sign-in claimed before its secret was checked, so a right one can give it back. */
export interface SignInClaim {
  cusId: string
  address: string
  /** It spent the account-wide budget of addresses the account has never signed in from. */
  account: boolean
}

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))

/**
 * Shared by password and SMS-code login, before any secret is checked (so before the password hash): one attempt of
 * the (account, address) pair, so five wrong guesses from one place refuse that place only, and for passwords from
 * an address the account has never signed in from, one of the account's budget for all such addresses. Both are
 * claimed atomically; a refusal costs nothing and the known addresses keep their own allowance, so the owner still
 * signs in while strangers are refused.
 */
export async function guardSignIn(deps: Deps, cusId: string, address: string, opts: { accountWide: boolean }): Promise<SignInClaim> {
  const now = deps.now()
  const account = opts.accountWide && !(await isKnownAddress(deps.db, cusId, address, now))
  const pairWait = await claimAttempt(deps.db, pairKey(cusId, address), PAIR_BUDGET, now)
  if (pairWait) {
    await alertOwner(deps.db, cusId, address, minutesOf(pairWait), now)
    throw new ApiError(429, 'loginLocked', { minutes: minutesOf(pairWait) }, LOGIN_FAILED)
  }
  if (account) {
    const wait = await claimAttempt(deps.db, accountKey(cusId), ACCOUNT_BUDGET, now)
    if (wait) {
      await refundAttempt(deps.db, pairKey(cusId, address))
      await alertOwner(deps.db, cusId, address, minutesOf(wait), now)
      throw new ApiError(429, 'loginAccountLimited', { minutes: minutesOf(wait) }, LOGIN_FAILED)
    }
  }
  return { cusId, address, account }
}

/** A right secret of an open account: the pair starts afresh and the account's budget gets its attempt back. */
async function secretWasRight(deps: Deps, user: SessionUser, claim: SignInClaim) {
  if (user.cusStatus !== 1) throw new ApiError(400, 'accountClosed', {}, LOGIN_FAILED)
  await clearAttempts(deps.db, pairKey(claim.cusId, claim.address))
  if (claim.account) await refundAttempt(deps.db, accountKey(claim.cusId))
}

/**
 * A right secret: the attempts given back (secretWasRight), the address becomes known, and the session, made in
 * one transaction with its `signIn` entry.
 */
export async function signIn(deps: Deps, c: Context, user: SessionUser, claim: SignInClaim, method: SignInMethod) {
  await secretWasRight(deps, user, claim)
  await rememberAddress(deps.db, user.cusId, claim.address, deps.now())
  return deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id)
    await audit(tx, c, { action: 'signIn', actor: { cusId: user.cusId, userType: user.userType }, target: { id: user.cusId }, changes: [{ field: 'method', after: method }] })
    return token
  })
}

/**
 * The answer to a right password or SMS code: the session, or for an account with two-factor the challenge its
 * second step (/user/login2fa) answers, or for an account required to have two-factor that has none the challenge
 * with which it enrols first. The first factor's attempts are given back either way; the address becomes
 * known only once the sign-in is whole.
 */
export async function firstFactorPassed(deps: Deps, c: Context, user: SessionUser, claim: SignInClaim, method: SignInMethod) {
  // Said only once the secret was right, so the list tells a stranger nothing.
  await requireAllowedAddress(deps.db, user, clientIp(c, deps.config.trustProxy), LOGIN_FAILED)
  if (await twoFactorOn(deps.db, user.cusId)) {
    await secretWasRight(deps, user, claim)
    return ok(c, { two_factor: true, challenge: await newChallenge(deps.db, user.cusId, claim.address, deps.now()) }, 'twoFactorNeeded', { type: 0 })
  }
  // Required of it and not set up: it enrols with the challenge (/user/login2fa/begin, then /user/login2fa) first.
  if (await twoFactorRequired(deps.db, user)) {
    await secretWasRight(deps, user, claim)
    return ok(c, { two_factor_setup: true, challenge: await newChallenge(deps.db, user.cusId, claim.address, deps.now()) }, 'twoFactorSetupNeeded', { type: 0 })
  }
  return ok(c, await signIn(deps, c, user, claim, method), 'loginSuccess', { type: 0 })
}

export function loginRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  operation(r, '/user/publicKey', async (c) => ok(c, { publicKey: (await deps.keys()).publicKey }))

  // Cheap checks first (address limit, captcha, the guess budgets), the ~19 ms RSA decryption and the scrypt hash only
  // after them; a cipher text that does not decrypt, or was sealed for another captcha, is answered exactly as a wrong
  // password (same scrypt work). A wrong guess keeps its claimed attempts spent.
  operation(r, '/user/login', async (c, input) => {
    const p = await input(badRequest(LOGIN_FAILED))
    return recordingRefusal(deps.db, c, 'password', () => p.username, async () => {
      const address = addressOf(deps, c)
      await consumeRate(deps, 'signInAddress', address, { type: LOGIN_FAILED })
      await requireCaptcha(deps, p.redomStr, p.code)
      const claim = await guardSignIn(deps, p.username, address, { accountWide: true })
      const password = unsealPassword((await deps.keys()).decrypt, p.password, p.redomStr)
      const user = await userByCusId(deps.db, p.username)
      const valid = await verifyPassword(password ?? '', user?.passwordHash ?? DUMMY_HASH)
      if (!user || !valid || password === null) throw new ApiError(400, 'loginFailure', {}, LOGIN_FAILED)
      return firstFactorPassed(deps, c, user, claim, 'password')
    })
  })

  return r
}
