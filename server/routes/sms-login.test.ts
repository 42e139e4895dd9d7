import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { peekRate, RATE_RULES } from '../security/rate-limit'
import { CAPTCHA, setup, type Harness } from '../test/harness'

describe('routes/sms-login', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
  })
  afterAll(() => h.close())

  const codeIn = (text: string | undefined) => text?.match(/\d{6}/)?.[0] ?? ''
  const withCaptcha = async <T extends object>(payload: T) => ({ ...payload, captcha: CAPTCHA, redomStr: await h.captcha() })
  const sendLogin = async (userId: string, phone = '', uuid = h.redom(), init: { lang?: string } = {}) =>
    h.call('/user/sendLoginAuthCode', await withCaptcha({ userId, phone, uuid }), init)
  const sendRegister = async (epId: string, phone: string, uuid = h.redom()) => h.call('/user/sendAuthCode', await withCaptcha({ epId, phone, uuid }))
  const answer = (r: { status: number; code: number; msg: string; type?: number; data: unknown }) => [r.status, r.code, r.msg, r.type, r.data]
  /** Lets the next code go out without waiting the real 60 seconds. */
  const forgetRecentCodes = () => h.db.query(`update sms_code set created_at = created_at - interval '61 seconds'`)

  /** The real limits, each call from the X-Forwarded-For address given (the app trusts a proxy). */
  function strictCaller() {
    const app = createApp({ db: h.db, carrier: h.carrier, config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist', rateLimitScale: 1, trustProxy: true } })
    return async (path: string, body: object, ip: string) => {
      const res = await app.request(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ ...body, captcha: CAPTCHA, redomStr: await h.captcha() }),
      })
      return { status: res.status, ...((await res.json()) as { msg: string }) }
    }
  }

  describe('SMS-code login', () => {
    it('spends the network and number-range budgets only past the captcha, so wrong captchas cannot use them up', async () => {
      const deps = h.deps
      const left = async () => [(await peekRate(deps, 'smsCodeNetworkDay', 'in-process')).remaining, (await peekRate(deps, 'smsCodePrefixDay', '1391234')).remaining]
      const before = await left()
      for (const path of ['/user/sendLoginAuthCode', '/user/sendAuthCode']) {
        const res = await h.call(path, { userId: 'acme', epId: 'nobody01', phone: '13912345678', uuid: h.redom(), captcha: 'XXXX', redomStr: await h.captcha() })
        expect(res.status).toBe(400)
      }
      expect(await left()).toEqual(before)
      expect((await sendRegister('nobody01', '13912345678')).status).toBe(200)
      expect(await left()).toEqual([before[0] - 1, before[1] - 1])
      await forgetRecentCodes()
    })

    it('sends a 6-digit code to the bound mobile and refuses a resend within 60 s', async () => {
      const uuid = h.redom()
      const strict = strictCaller()
      const sent = await strict('/user/sendLoginAuthCode', { userId: 'acme', phone: '', uuid }, '10.4.0.1')
      expect(sent).toMatchObject({ status: 200, msg: '验证码已发送' })
      expect(codeIn(h.carrier.lastTo('13800138000')?.text)).toMatch(/^\d{6}$/)
      const again = await strict('/user/sendLoginAuthCode', { userId: 'acme', phone: '13800138000', uuid: h.redom() }, '10.4.0.2')
      expect(again).toMatchObject({ status: 429, msg: expect.stringMatching(/^验证码刚刚发出，请 \d+ 秒后再获取$/), data: { seconds: expect.any(Number) } })
      await forgetRecentCodes()
    })

    it('answers an unknown account, one without a mobile and a wrong phone exactly like a real send, texting nobody', async () => {
      await h.db.query(`update customer set mobile = '' where cus_id = 'acme02'`)
      const real = await sendLogin('initech')
      expect(real).toMatchObject({ status: 200, msg: '验证码已发送' })
      const outbox = h.carrier.outbox.length
      for (const [userId, phone] of [['nobody', ''], ['acme02', ''], ['initech01', '13911112222'], ['nobody', '13911112222']]) {
        expect(answer(await sendLogin(userId, phone))).toEqual(answer(real))
      }
      expect(h.carrier.outbox.length).toBe(outbox)
      // The resend interval is counted by the name typed, so it tells nothing either.
      expect(answer(await sendLogin('nobody'))).toEqual(answer(await sendLogin('initech')))
      await forgetRecentCodes()
    })

    it('requires a captcha the server issued before texting anyone', async () => {
      const outbox = h.carrier.outbox.length
      expect((await h.call('/user/sendLoginAuthCode', { userId: 'globex01', phone: '', uuid: h.redom() })).status).toBe(400)
      const made = { userId: 'globex01', phone: '', uuid: h.redom(), captcha: CAPTCHA, redomStr: h.redom() }
      expect(await h.call('/user/sendLoginAuthCode', made)).toMatchObject({ status: 400, msg: '验证码错误或已过期' })
      expect(h.carrier.outbox.length).toBe(outbox)
    })

    it('refuses a wrong code, signs in with the right one, then refuses it as used', async () => {
      const uuid = h.redom()
      await sendLogin('acme01', '', uuid)
      const code = codeIn(h.carrier.lastTo('13800138001')?.text)
      const wrongCode = code === '000000' ? '000001' : '000000'
      const body = { username: 'acme01', uuid, redomStr: h.redom() }
      const wrong = await h.call('/user/loginBySmsCode', { ...body, code: wrongCode }, { lang: 'en' })
      expect(wrong).toMatchObject({ status: 400, type: 1, msg: 'Wrong SMS code' })
      const ok = await h.call('/user/loginBySmsCode', { ...body, code })
      expect(ok).toMatchObject({ status: 200, type: 0 })
      expect((await h.call('/user/getUserInfo', {}, { token: ok.data.token })).data.roles).toEqual(['sub'])
      const reused = await h.call('/user/loginBySmsCode', { ...body, code }, { lang: 'en' })
      expect(reused).toMatchObject({ status: 400, type: 1, msg: 'The SMS code has already been used' })
      await forgetRecentCodes()
    })

    it('refuses an expired code', async () => {
      const uuid = h.redom()
      await sendLogin('globex', '', uuid)
      const code = codeIn(h.carrier.lastTo('13900139000')?.text)
      await h.db.query(`update sms_code set expires_at = now() - interval '1 second' where uuid = $1`, [uuid])
      const res = await h.call('/user/loginBySmsCode', { username: 'globex', uuid, code, redomStr: h.redom() }, { lang: 'en' })
      expect(res).toMatchObject({ status: 400, type: 1, msg: 'The SMS code has expired' })
    })
  })

  describe('registration', () => {
    const register = async (p: { epId: string; epName: string; password: string; phone: string; code: string; uuid: string }, seal = true) => {
      const redomStr = await h.captcha()
      const password = seal ? await h.seal(redomStr, p.password) : p.password
      return h.call('/user/epRegist', { ...p, password, captcha: CAPTCHA, redomStr })
    }

    it('creates an enterprise customer with no products, who can then sign in', async () => {
      const uuid = h.redom()
      const phone = '13512345678'
      expect((await sendRegister('newco', phone, uuid)).status).toBe(200)
      const code = codeIn(h.carrier.lastTo(phone)?.text)
      const reg = await register({ epId: 'newco', epName: '新公司', password: 'Newco@123', phone, code, uuid })
      expect(reg).toMatchObject({ status: 200, msg: '注册成功，请登录' })

      const token = await h.tokenFor('newco', 'Newco@123')
      const info = await h.call('/user/getUserInfo', {}, { token })
      expect(info.data.userInfo.authUser).toMatchObject({ userType: 2, prodTypes: [], mobile: phone, userName: '新公司' })
      const top = await h.call('/user/getTopMenu', {}, { token })
      const access = Object.fromEntries(top.data.map((m: { code: string; prodAccess: boolean }) => [m.code, m.prodAccess]))
      expect(access).toEqual({ userCenter: true, homeSms: false, internationalSms: false, videoSms: false, cspSms: false })
    })

    it('sends the code alike for a taken enterprise id, and refuses the id only at registration', async () => {
      const uuid = h.redom()
      const sent = await sendRegister('acme', '13512340000', uuid)
      expect(sent).toMatchObject({ status: 200, msg: '验证码已发送' })
      const code = codeIn(h.carrier.lastTo('13512340000')?.text)
      const taken = await register({ epId: 'acme', epName: 'X', password: 'Taken@123', phone: '13512340000', code, uuid })
      expect(taken).toMatchObject({ status: 400, msg: '企业ID已存在' })
      expect((await h.login('acme', 'Taken@123')).status).toBe(400)
    })

    it('refuses a wrong code', async () => {
      const uuid = h.redom()
      await sendRegister('otherco', '13512340001', uuid)
      const code = codeIn(h.carrier.lastTo('13512340001')?.text)
      const wrong = await register({ epId: 'otherco', epName: 'Other', password: 'Other@123', phone: '13512340001', uuid, code: code === '111111' ? '222222' : '111111' })
      expect(wrong).toMatchObject({ status: 400, msg: '短信验证码错误' })
      expect((await h.login('otherco', 'Other@123')).status).toBe(400)
    })

    it('checks the captcha before anything else, even an unreadable password', async () => {
      const payload = { epId: 'capco', epName: 'Cap', password: 'garbage', phone: '13512340002', code: '123456', uuid: h.redom() }
      expect((await h.call('/user/epRegist', payload)).status).toBe(400)
      const res = await h.call('/user/epRegist', { ...payload, captcha: CAPTCHA, redomStr: h.redom() })
      expect(res).toMatchObject({ status: 400, type: 1, msg: '验证码错误或已过期' })
    })

    it('answers a password sealed for another captcha, or not at all, like one the rules refuse, and registers nothing', async () => {
      const attempt = async (password: string, seal: boolean) => {
        const uuid = h.redom()
        await forgetRecentCodes()
        await sendRegister('sealco', '13512340003', uuid)
        const code = codeIn(h.carrier.lastTo('13512340003')?.text)
        return answer(await register({ epId: 'sealco', epName: 'Seal', password, phone: '13512340003', code, uuid }, seal))
      }
      const weak = await attempt('short', true)
      expect(weak).toEqual([400, 400, '请求参数有误', 1, null])
      expect(await attempt(await h.seal(h.redom(), 'Sealco@123'), false)).toEqual(weak)
      expect(await attempt(await h.encrypt('Sealco@123'), false)).toEqual(weak)
      expect(await attempt('!!not base64!!', false)).toEqual(weak)
      expect((await h.db.query(`select 1 from customer where cus_id = 'sealco'`)).rows).toHaveLength(0)
    })
  })

  describe('code-send limits', () => {
    it('caps the codes one phone gets per day, whatever the address', async () => {
      const strict = strictCaller()
      for (let i = 0; i < RATE_RULES.smsCodePhoneDay.points; i++) {
        expect((await strict('/user/sendAuthCode', { epId: 'capped', phone: '13512349999', uuid: h.redom() }, `10.6.0.${i}`)).status).toBe(200)
        await forgetRecentCodes()
      }
      expect(await strict('/user/sendAuthCode', { epId: 'capped', phone: '13512349999', uuid: h.redom() }, '10.6.1.1')).toMatchObject({ status: 429 })
    })

    it('caps the codes one address asks for, to any phones', async () => {
      const strict = strictCaller()
      for (let i = 0; i < RATE_RULES.smsCodeAddress.points; i++) {
        expect((await strict('/user/sendAuthCode', { epId: 'spread', phone: `1361234${String(i).padStart(4, '0')}`, uuid: h.redom() }, '10.5.0.1')).status).toBe(200)
      }
      const over = await strict('/user/sendLoginAuthCode', { userId: h.redom(), phone: '', uuid: h.redom() }, '10.5.0.1')
      expect(over).toMatchObject({ status: 429 })
      expect((await strict('/user/sendAuthCode', { epId: 'spread', phone: '13612349999', uuid: h.redom() }, '10.5.0.2')).status).toBe(200)
    })
  })
})
