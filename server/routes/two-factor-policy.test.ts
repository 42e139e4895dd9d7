import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RECOVERY_CODE_COUNT } from '../../src/domain/two-factor'
import { codeAt } from '../security/two-factor'
import { pinnedClock } from '../test/clock'
import { CAPTCHA, setup, type Harness } from '../test/harness'

/*
 * Two-factor required: an enterprise of its sub-accounts, an administrator of every administrator. Turned on, the
 * open sessions of the accounts it applies to without two-factor end; each enrols at its next sign-in (the key for the
 * password step's challenge, then its first code, answered with the session and the recovery codes), and signs in
 * with a code from then on. Nobody else is touched, and a sub-account cannot set it. Date is pinned.
 */
describe('routes/two-factor required', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ historyRows: 0, config: { trustProxy: true } })
  })
  afterAll(() => h.close())
  const clock = pinnedClock(Date.UTC(2026, 11, 2, 4, 0, 0))
  const at = clock.at

  const PASSWORDS: Record<string, string> = {
    admin: 'Admin@12345', acme: 'Acme@12345', acme01: 'Acme01@12345', acme02: 'Acme02@12345', globex01: 'Globex01@12345',
  }
  const passwordStep = (who: string, address = '10.0.0.1') => h.login(who, PASSWORDS[who], CAPTCHA, { 'x-forwarded-for': address })
  const call = (path: string, body: object, address = '10.0.0.1') => h.call(path, body, { lang: 'en', headers: { 'x-forwarded-for': address } })
  const live = async (token: string) => (await h.call('/user/getUserInfo', {}, { token })).status === 200

  it('an enterprise requires it of its sub-accounts: their sessions end, each enrols at sign-in, then signs in with a code', async () => {
    const acme = await h.tokenFor('acme', PASSWORDS.acme)
    const sub = await h.tokenFor('acme01', PASSWORDS.acme01)
    const other = await h.tokenFor('globex01', PASSWORDS.globex01)
    expect((await h.call('/user/twoFactor/policy/get', {}, { token: acme })).data).toEqual({ required: false, scope: 'sub_accounts', editable: true })

    const saved = await h.call('/user/twoFactor/policy/set', { required: true }, { token: acme, lang: 'en' })
    expect(saved).toMatchObject({ status: 200, msg: 'Two-factor requirement saved', data: { required: true, scope: 'sub_accounts' } })
    // Who required it, and what it was before, in the audit trail.
    const { rows: entries } = await h.db.query<{ target_id: string; changes: unknown }>(
      "select target_id, changes from audit_entry where action = 'twoFactorPolicyChanged' order by id")
    expect(entries).toEqual([{ target_id: 'acme', changes: [{ field: 'required', before: false, after: true }] }])
    // The sub-account without two-factor is signed out; the enterprise itself and another enterprise's are not.
    expect(await live(sub)).toBe(false)
    expect(await live(acme)).toBe(true)
    expect(await live(other)).toBe(true)
    expect((await passwordStep('globex01')).data.token).toEqual(expect.any(String))
    expect((await passwordStep('acme')).data.token).toEqual(expect.any(String))

    // The password step answers no session, but the challenge of an enrolment.
    const first = await passwordStep('acme01')
    expect(first.status).toBe(200)
    expect(first.data).toEqual({ two_factor_setup: true, challenge: expect.any(String) })
    expect(first.data.token).toBeUndefined()
    const challenge = first.data.challenge as string
    // The challenge is bound to the address the password came from.
    expect((await call('/user/login2fa/begin', { challenge }, '10.9.9.9')).status).toBe(400)
    const key = await call('/user/login2fa/begin', { challenge })
    expect(key.status).toBe(200)
    expect(key.data.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(key.data.qr_svg).toMatch(/^<svg /)

    const wrong = await call('/user/login2fa', { challenge, code: '000000' })
    expect(wrong).toMatchObject({ status: 400, msg: 'Wrong or already used code' })
    const done = await call('/user/login2fa', { challenge, code: codeAt('acme01', key.data.secret, new Date(clock.now())) })
    expect(done.status).toBe(200)
    expect(done.data.token).toEqual(expect.any(String))
    expect(done.data.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(await live(done.data.token as string)).toBe(true)
    expect((await h.call('/user/twoFactor/status', {}, { token: done.data.token as string })).data).toEqual({ enabled: true, recovery_left: RECOVERY_CODE_COUNT })
    // The challenge is spent with the sign-in.
    expect((await call('/user/login2fa/begin', { challenge })).status).toBe(400)

    // From now on the password step asks for a code, as for any account with two-factor.
    at(clock.now() + 60_000)
    const next = await passwordStep('acme01')
    expect(next.data).toEqual({ two_factor: true, challenge: expect.any(String) })
    const signedIn = await call('/user/login2fa', { challenge: next.data.challenge as string, code: codeAt('acme01', key.data.secret, new Date(clock.now())) })
    expect(signedIn.data.token).toEqual(expect.any(String))
    expect(signedIn.data.recovery_codes).toBeUndefined()

    // The enterprise lifts it: its sub-accounts without two-factor sign in with the password again.
    await h.call('/user/twoFactor/policy/set', { required: false }, { token: acme })
    expect((await passwordStep('acme02')).data.token).toEqual(expect.any(String))
  })

  it('an account that does not need enrolling gets no key for a challenge', async () => {
    // acme02 has a session-less challenge only when required: with nothing required its password signs in directly,
    // so a made-up or another account's challenge is refused as expired.
    expect((await call('/user/login2fa/begin', { challenge: 'c0123456789abcdef0123' })).status).toBe(400)
    const acme = await h.tokenFor('acme', PASSWORDS.acme)
    await h.call('/user/twoFactor/policy/set', { required: true }, { token: acme })
    const first = await passwordStep('acme02')
    await h.call('/user/twoFactor/policy/set', { required: false }, { token: acme })
    // Lifted between the password and the key: nothing to enrol for.
    expect(await call('/user/login2fa/begin', { challenge: first.data.challenge as string })).toMatchObject({ status: 400, msg: expect.stringMatching(/expired/) })
  })

  it('a sub-account can neither read nor set it; an administrator requires it of administrators only with its own on', async () => {
    const sub = await h.tokenFor('acme02', PASSWORDS.acme02)
    expect((await h.call('/user/twoFactor/policy/get', {}, { token: sub })).status).toBe(403)
    expect((await h.call('/user/twoFactor/policy/set', { required: true }, { token: sub })).status).toBe(403)

    const admin = await h.tokenFor('admin', PASSWORDS.admin)
    expect((await h.call('/user/twoFactor/policy/get', {}, { token: admin })).data).toEqual({ required: false, scope: 'administrators', editable: true })
    expect(await h.call('/user/twoFactor/policy/set', { required: true }, { token: admin, lang: 'en' }))
      .toMatchObject({ status: 400, msg: 'Turn on two-factor for your own account before requiring it of every administrator' })
    const begun = await h.call('/user/twoFactor/begin', {}, { token: admin })
    await h.call('/user/twoFactor/enable', { code: codeAt('admin', begun.data.secret, new Date(clock.now())) }, { token: admin })
    expect((await h.call('/user/twoFactor/policy/set', { required: true }, { token: admin })).status).toBe(200)
    // Its own session stays (it has two-factor); the enterprises' accounts are not administrators.
    expect(await live(admin)).toBe(true)
    expect((await passwordStep('acme')).data.token).toEqual(expect.any(String))
    expect((await h.call('/user/twoFactor/policy/get', {}, { token: admin })).data.required).toBe(true)
    // The enterprise's own requirement is its own row: the administrators' does not turn it on.
    expect((await h.call('/user/twoFactor/policy/get', {}, { token: await h.tokenFor('acme', PASSWORDS.acme) })).data.required).toBe(false)
    expect((await h.call('/user/twoFactor/policy/set', { required: 'yes' }, { token: admin, lang: 'en' })).status).toBe(400)
  })
})
