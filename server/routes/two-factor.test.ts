import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHALLENGE_MINUTES, CHALLENGE_TRIES, RECOVERY_CODE, RECOVERY_CODE_COUNT } from '../../src/domain/two-factor'
import { codeAt } from '../security/two-factor'
import { pinnedClock } from '../test/clock'
import { CAPTCHA, setup, type Harness } from '../test/harness'

/*
 * Two-factor sign-in as its owner and as an attacker would meet it: enrolment, the second step of both sign-ins, a
 * code used once within its window, recovery codes spent once, the challenge's tries and lifetime, turning it off.
 * Date is pinned (what the codes and the challenge read).
 */
describe('routes/two-factor', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ historyRows: 0, config: { trustProxy: true } })
  })
  afterAll(() => h.close())
  const clock = pinnedClock(Date.UTC(2026, 11, 2, 4, 0, 0))
  const at = clock.at

  const PASSWORDS: Record<string, string> = { acme01: 'Acme01@12345', acme02: 'Acme02@12345', globex01: 'Globex01@12345' }
  /** Enrols `who` and answers its key and recovery codes. */
  async function enrol(who: string) {
    const token = await h.tokenFor(who, PASSWORDS[who])
    const begun = await h.call('/user/twoFactor/begin', {}, { token })
    expect(begun.status).toBe(200)
    const enabled = await h.call('/user/twoFactor/enable', { code: codeAt(who, begun.data.secret, new Date(clock.now())) }, { token })
    expect(enabled).toMatchObject({ status: 200, msg: '两步验证已开启，请妥善保存恢复码' })
    // The code that confirmed the key is used: sign-ins take the next step's.
    at(clock.now() + 30_000)
    return { token, secret: begun.data.secret as string, recovery: enabled.data.recovery_codes as string[] }
  }
  /** The password step from `address` (the app trusts its proxy's X-Forwarded-For). */
  const passwordStep = (who: string, address = '10.0.0.1') => h.login(who, PASSWORDS[who], CAPTCHA, { 'x-forwarded-for': address })
  const second = (body: object, address = '10.0.0.1') => h.call('/user/login2fa', body, { lang: 'en', headers: { 'x-forwarded-for': address } })

  it('enrols with a key shown as text and as a QR image, confirmed by a first code, and answers ten recovery codes once', async () => {
    const token = await h.tokenFor('acme01', PASSWORDS.acme01)
    expect((await h.call('/user/twoFactor/status', {}, { token })).data).toEqual({ enabled: false, recovery_left: 0 })
    const begun = await h.call('/user/twoFactor/begin', {}, { token })
    expect(begun.data.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(begun.data.uri).toBe(`otpauth://totp/SMS%20Cloud:acme01?issuer=SMS%20Cloud&secret=${begun.data.secret}&algorithm=SHA1&digits=6&period=30`)
    expect(begun.data.qr_svg).toMatch(/^<svg [^>]*viewBox/)
    // Not in force until confirmed: the password alone still signs in.
    expect((await passwordStep('acme01')).data.token).toEqual(expect.any(String))

    const wrong = await h.call('/user/twoFactor/enable', { code: '000000' }, { token, lang: 'en' })
    expect(wrong).toMatchObject({ status: 400, msg: 'Wrong or already used code', data: { fields: { code: 'twoFactorWrong' } } })
    const enabled = await h.call('/user/twoFactor/enable', { code: codeAt('acme01', begun.data.secret, new Date(clock.now())) }, { token })
    const codes = enabled.data.recovery_codes as string[]
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT)
    for (const c of codes) expect(c).toMatch(RECOVERY_CODE)
    // Only hashes are kept: no recovery code and no other account's data in the row.
    const { rows } = await h.db.query<{ recovery_hashes: string[] }>(`select recovery_hashes from two_factor where cus_id = 'acme01'`)
    for (const c of codes) expect(rows[0].recovery_hashes.join()).not.toContain(c)
    expect((await h.call('/user/twoFactor/status', {}, { token })).data).toEqual({ enabled: true, recovery_left: 10 })
    // A second enrolment cannot replace a key in force.
    expect(await h.call('/user/twoFactor/begin', {}, { token, lang: 'en' })).toMatchObject({ status: 400, msg: 'Two-factor sign-in is already on; turn it off first to change it' })
  })

  it('a right password then answers a challenge, not a session; a code of the app turns it into one, once', async () => {
    const { secret } = await enrol('acme02')
    const first = await passwordStep('acme02')
    expect(first).toMatchObject({ status: 200, type: 0, msg: '请输入身份验证器中的动态验证码', data: { two_factor: true, challenge: expect.any(String) } })
    expect(first.data.token).toBeUndefined()
    const code = codeAt('acme02', secret, new Date(clock.now()))
    const wrong = await second({ challenge: first.data.challenge, code: code === '000000' ? '000001' : '000000' })
    expect(wrong).toMatchObject({ status: 400, type: 1, msg: 'Wrong or already used code' })
    const done = await second({ challenge: first.data.challenge, code })
    expect(done).toMatchObject({ status: 200, type: 0, msg: 'Signed in' })
    expect((await h.call('/user/getUserInfo', {}, { token: done.data.token })).data.roles).toEqual(['sub'])
    // The challenge is spent, and the same code in a new sign-in within its window is refused (a replay).
    expect(await second({ challenge: first.data.challenge, code })).toMatchObject({ status: 400, type: 1 })
    const again = await passwordStep('acme02')
    expect(await second({ challenge: again.data.challenge, code }))
      .toMatchObject({ status: 400, type: 1, msg: 'Wrong or already used code' })
    // The next step's code signs in.
    at(clock.now() + 30_000)
    expect((await second({ challenge: again.data.challenge, code: codeAt('acme02', secret, new Date(clock.now())) })).status).toBe(200)
  })

  it('two sign-ins racing with one code: exactly one gets a session', async () => {
    at(clock.now() + 120_000)
    const [a, b] = [await passwordStep('acme02'), await passwordStep('acme02')]
    const secret = (await h.db.query<{ secret: string }>(`select secret from two_factor where cus_id = 'acme02'`)).rows[0].secret
    const code = codeAt('acme02', secret, new Date(clock.now()))
    const answers = await Promise.all([a, b].map((s) => second({ challenge: s.data.challenge, code })))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400])
  })

  it('a recovery code signs in once, typed in any case and without its dash', async () => {
    at(clock.now() + 120_000)
    const { recovery, token } = await enrol('globex01')
    const first = await passwordStep('globex01')
    const typed = recovery[3].toUpperCase().replace('-', '')
    expect((await second({ challenge: first.data.challenge, code: typed })).status).toBe(200)
    expect((await h.call('/user/twoFactor/status', {}, { token })).data.recovery_left).toBe(RECOVERY_CODE_COUNT - 1)
    const next = await passwordStep('globex01')
    expect(await second({ challenge: next.data.challenge, code: recovery[3] })).toMatchObject({ status: 400, type: 1 })
    expect((await second({ challenge: next.data.challenge, code: recovery[4] })).status).toBe(200)
  })

  it(`a challenge takes ${CHALLENGE_TRIES} tries, from the password's address only, for ${CHALLENGE_MINUTES} minutes`, async () => {
    at(clock.now() + 120_000)
    const secret = (await h.db.query<{ secret: string }>(`select secret from two_factor where cus_id = 'globex01'`)).rows[0].secret
    const right = () => codeAt('globex01', secret, new Date(clock.now()))
    const expired = { status: 400, type: 1, msg: 'This sign-in has expired or had too many tries; sign in again' }
    const tried = await passwordStep('globex01', '10.0.1.1')
    for (let i = 0; i < CHALLENGE_TRIES; i++) await second({ challenge: tried.data.challenge, code: right() === '123456' ? '654321' : '123456' }, '10.0.1.1')
    expect(await second({ challenge: tried.data.challenge, code: right() }, '10.0.1.1')).toMatchObject(expired)
    // Each wrong code was also a guess of the address: the pair's budget is spent there, as by wrong passwords.
    expect(await passwordStep('globex01', '10.0.1.1')).toMatchObject({ status: 429, type: 1 })

    const elsewhere = await passwordStep('globex01', '10.0.2.1')
    expect(await second({ challenge: elsewhere.data.challenge, code: right() }, '10.9.9.9'))
      .toMatchObject({ status: 400, type: 1 })

    const late = await passwordStep('globex01', '10.0.3.1')
    at(clock.now() + CHALLENGE_MINUTES * 60_000 + 1000)
    expect(await second({ challenge: late.data.challenge, code: right() }, '10.0.3.1')).toMatchObject(expired)
    expect(await second({ challenge: 'x'.repeat(32), code: right() }, '10.0.3.1')).toMatchObject(expired)
  })

  it('the SMS-code sign-in takes the second step too', async () => {
    at(clock.now() + 120_000)
    const withCaptcha = async (p: object) => ({ ...p, captcha: CAPTCHA, redomStr: await h.captcha() })
    const uuid = h.redom()
    await h.call('/user/sendLoginAuthCode', await withCaptcha({ userId: 'acme02', phone: '', uuid }))
    const sms = h.carrier.lastTo('13800138002')?.text?.match(/\d{6}/)?.[0] ?? ''
    const answer = await h.call('/user/loginBySmsCode', { username: 'acme02', uuid, code: sms, redomStr: h.redom() })
    expect(answer).toMatchObject({ status: 200, type: 0, data: { two_factor: true } })
    expect(answer.data.token).toBeUndefined()
  })

  it('is turned off only with the password and a code, and then the password alone signs in', async () => {
    at(clock.now() + 120_000)
    // acme01 has two-factor on: its password answers a challenge.
    const first = await passwordStep('acme01')
    expect(first.data.token).toBeUndefined()
    const secret = (await h.db.query<{ secret: string }>(`select secret from two_factor where cus_id = 'acme01'`)).rows[0].secret
    const session = (await second({ challenge: first.data.challenge, code: codeAt('acme01', secret, new Date(clock.now())) })).data.token as string
    const sealed = async (password: string) => {
      const { redomStr } = (await h.call('/user/passwordNonce', {}, { token: session })).data as { redomStr: string }
      return { redomStr, password: await h.seal(redomStr, password) }
    }
    at(clock.now() + 30_000)
    const code = codeAt('acme01', secret, new Date(clock.now()))
    expect(await h.call('/user/twoFactor/disable', { ...(await sealed('Wrong@12345')), code }, { token: session, lang: 'en' }))
      .toMatchObject({ status: 400, data: { fields: { password: 'passwordRefused' } } })
    expect(await h.call('/user/twoFactor/disable', { ...(await sealed(PASSWORDS.acme01)), code: code === '000000' ? '000001' : '000000' }, { token: session, lang: 'en' }))
      .toMatchObject({ status: 400, data: { fields: { code: 'twoFactorWrong' } } })
    expect(await h.call('/user/twoFactor/disable', { ...(await sealed(PASSWORDS.acme01)), code }, { token: session }))
      .toMatchObject({ status: 200, msg: '两步验证已关闭' })
    expect((await passwordStep('acme01')).data.token).toEqual(expect.any(String))
    expect((await h.call('/user/twoFactor/status', {}, { token: session })).data).toEqual({ enabled: false, recovery_left: 0 })
  })
})
