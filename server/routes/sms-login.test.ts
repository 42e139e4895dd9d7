import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachBackend, setup, type Harness } from '../test/harness'

forEachBackend((backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ backend, historyRows: 200 })
  })
  afterAll(() => h.close())

  const codeIn = (text: string | undefined) => text?.match(/\d{6}/)?.[0] ?? ''
  /** Lets the next code go out without waiting the real 60 seconds. */
  const forgetRecentCodes = () => h.db.query(`update sms_code set created_at = created_at - interval '61 seconds'`)

  describe('SMS-code login', () => {
    it('sends a 6-digit code to the bound mobile and refuses a resend within 60 s', async () => {
      const uuid = h.redom()
      const sent = await h.call('/user/sendLoginAuthCode', { userId: 'acme', phone: '', uuid })
      expect(sent).toMatchObject({ status: 200, msg: '验证码已发送' })
      expect(codeIn(h.carrier.lastTo('13800138000')?.text)).toMatch(/^\d{6}$/)
      const again = await h.call('/user/sendLoginAuthCode', { userId: 'acme', phone: '13800138000', uuid: h.redom() })
      expect(again).toMatchObject({ status: 429, msg: '请 60 秒后重试' })
      await forgetRecentCodes()
    })

    it('refuses a phone that is not the bound one and an account without one', async () => {
      expect((await h.call('/user/sendLoginAuthCode', { userId: 'acme', phone: '13911112222', uuid: h.redom() })).status).toBe(400)
      expect((await h.call('/user/sendLoginAuthCode', { userId: 'nobody', uuid: h.redom() })).status).toBe(400)
    })

    it('refuses a wrong code, signs in with the right one, then refuses it as used', async () => {
      const uuid = h.redom()
      await h.call('/user/sendLoginAuthCode', { userId: 'acme01', uuid })
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
      await h.call('/user/sendLoginAuthCode', { userId: 'globex', uuid })
      const code = codeIn(h.carrier.lastTo('13900139000')?.text)
      await h.db.query(`update sms_code set expires_at = now() - interval '1 second' where uuid = $1`, [uuid])
      const res = await h.call('/user/loginBySmsCode', { username: 'globex', uuid, code, redomStr: h.redom() }, { lang: 'en' })
      expect(res).toMatchObject({ status: 400, type: 1, msg: 'The SMS code has expired' })
    })
  })

  describe('registration', () => {
    it('creates an enterprise customer with no products, who can then sign in', async () => {
      const uuid = h.redom()
      const phone = '13512345678'
      expect((await h.call('/user/sendAuthCode', { epId: 'newco', phone, uuid })).status).toBe(200)
      const code = codeIn(h.carrier.lastTo(phone)?.text)
      const reg = await h.call('/user/epRegist', { epId: 'newco', epName: '新公司', password: await h.encrypt('Newco@123'), phone, code, uuid })
      expect(reg).toMatchObject({ status: 200, msg: '注册成功，请登录' })

      const token = await h.tokenFor('newco', 'Newco@123')
      const info = await h.call('/user/getUserInfo', {}, { token })
      expect(info.data.userInfo.authUser).toMatchObject({ userType: 2, prodTypes: [], mobile: phone, userName: '新公司' })
      const top = await h.call('/user/getTopMenu', {}, { token })
      const access = Object.fromEntries(top.data.map((m: { code: string; prodAccess: boolean }) => [m.code, m.prodAccess]))
      expect(access).toEqual({ userCenter: true, homeSms: false, internationalSms: false, videoSms: false, cspSms: false })
    })

    it('refuses a taken enterprise id and a wrong code', async () => {
      expect((await h.call('/user/sendAuthCode', { epId: 'acme', phone: '13512340000', uuid: h.redom() })).msg).toBe('企业ID已存在')
      const uuid = h.redom()
      await h.call('/user/sendAuthCode', { epId: 'otherco', phone: '13512340001', uuid })
      const code = codeIn(h.carrier.lastTo('13512340001')?.text)
      const payload = { epId: 'otherco', epName: 'Other', password: await h.encrypt('Other@123'), phone: '13512340001', uuid }
      const wrong = await h.call('/user/epRegist', { ...payload, code: code === '111111' ? '222222' : '111111' })
      expect(wrong).toMatchObject({ status: 400, msg: '短信验证码错误' })
      expect((await h.login('otherco', 'Other@123')).status).toBe(400)
    })
  })
})
