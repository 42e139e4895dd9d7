import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordNonceSchema } from '../../src/domain/auth'
import { createApp } from '../app'
import { RATE_RULES } from '../security/rate-limit'
import { CAPTCHA, setup, type Harness } from '../test/harness'

const codeIn = (text: string | undefined) => text?.match(/\d{6}/)?.[0] ?? ''
/** A valid GB 11643 number (check character X) and the same with its last character changed. */
const ID_OK = '11010519491231002X'
const ID_BAD_CHECK = '110105194912310021'

describe('routes/user-settings', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup()
  })
  afterAll(() => h.close())

  /** Both passwords sealed as the console seals them: a fresh nonce each. */
  async function sealed(token: string, plain: string) {
    const { redomStr } = passwordNonceSchema.parse((await h.call('/user/passwordNonce', {}, { token })).data)
    return { password: await h.seal(redomStr, plain), redomStr }
  }
  async function changePassword(token: string, oldPlain: string, newPlain: string, lang?: string) {
    const [o, n] = [await sealed(token, oldPlain), await sealed(token, newPlain)]
    return h.call('/user/modifyPassword', { oldPassword: o.password, oldRedomStr: o.redomStr, newPassword: n.password, newRedomStr: n.redomStr }, { token, lang })
  }
  const alive = async (token: string) => (await h.call('/user/getUserInfo', {}, { token })).status === 200

  describe('/user/modifyPassword', () => {
    it('changes the password, keeps this session and ends every other one', async () => {
      const here = await h.tokenFor('initech', 'Initech@12345')
      const elsewhere = await h.tokenFor('initech', 'Initech@12345')
      const res = await changePassword(here, 'Initech@12345', 'N3w#Initech', 'en')
      expect(res).toMatchObject({ status: 200, msg: 'Password changed' })
      expect(await alive(here)).toBe(true)
      expect(await alive(elsewhere)).toBe(false)
      expect((await h.login('initech', 'Initech@12345')).status).toBe(400)
      expect((await h.login('initech', 'N3w#Initech')).status).toBe(200)
    })

    it('refuses a wrong old password with the answer a bad seal gets, naming the old password field', async () => {
      const token = await h.tokenFor('acme02', 'Acme02@12345')
      const wrong = await changePassword(token, 'Acme02@12345x', 'Fresh#Pass9')
      expect(wrong).toMatchObject({ status: 400, msg: '密码错误，请重新输入', data: { fields: { oldPassword: 'passwordRefused' } } })
      const o = await sealed(token, 'Acme02@12345')
      const n = await sealed(token, 'Fresh#Pass9')
      const replayed = await h.call('/user/modifyPassword', { oldPassword: o.password, oldRedomStr: 'f'.repeat(32), newPassword: n.password, newRedomStr: n.redomStr }, { token })
      expect(replayed).toEqual(wrong)
      expect((await h.login('acme02', 'Acme02@12345')).status).toBe(200)
    })

    it('refuses a weak new password, one equal to the old, each field named with its rule', async () => {
      const token = await h.tokenFor('globex01', 'Globex01@12345')
      for (const [weak, rule] of [['short1A!', null], ['alllowercase1!', 'passwordComplexity'], ['NoDigits!!', 'passwordComplexity'], ['NoSpecial12', 'passwordComplexity'], ['Sh0rt!', 'passwordComplexity'], ['Globex01@12345', 'passwordSameAsOld']] as const) {
        const res = await changePassword(token, 'Globex01@12345', weak)
        if (rule === null) {
          // 8 characters with all four kinds: the rule's smallest accepted password, changed back at once.
          expect(res.status).toBe(200)
          expect((await changePassword(token, weak, 'Globex01@12345')).status).toBe(200)
          continue
        }
        expect(res, weak).toMatchObject({ status: 400, msg: '请检查标出的输入项', data: { fields: { newPassword: rule } } })
      }
      expect((await h.login('globex01', 'Globex01@12345')).status).toBe(200)
    })

    it('is rate limited per account, right or wrong', async () => {
      const strict = createApp({ db: h.db, carrier: h.carrier, config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist', rateLimitScale: 1 } })
      const token = await h.tokenFor('initech01', 'Initech01@12345')
      const call = async () => {
        const [o, n] = [await sealed(token, 'wrong'), await sealed(token, 'Fresh#Pass9')]
        const res = await strict.request('/api/user/modifyPassword', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ oldPassword: o.password, oldRedomStr: o.redomStr, newPassword: n.password, newRedomStr: n.redomStr }),
        })
        return res.status
      }
      for (let i = 0; i < RATE_RULES.passwordCheck.points; i++) expect(await call()).toBe(400)
      expect(await call()).toBe(429)
    })
  })

  describe('/user/sendBindCode and /user/modifyMobile', () => {
    it('texts the code to the new mobile only and binds it with that code', async () => {
      const token = await h.tokenFor('globex', 'Globex@12345')
      const before = h.carrier.outbox.length
      const sent = await h.call('/user/sendBindCode', { mobile: '13712345678', uuid: 'bind-uuid-1' }, { token, lang: 'en' })
      expect(sent).toMatchObject({ status: 200, msg: 'Code sent' })
      expect(h.carrier.outbox.slice(before).map((t) => t.phone)).toEqual(['13712345678'])
      const code = codeIn(h.carrier.lastTo('13712345678')?.text)
      const bound = await h.call('/user/modifyMobile', { mobile: '13712345678', code, uuid: 'bind-uuid-1' }, { token, lang: 'en' })
      expect(bound).toMatchObject({ status: 200, msg: 'Mobile number linked', data: { mobile: '13712345678' } })
      expect((await h.call('/user/getUserInfo', {}, { token })).data.userInfo.authUser.mobile).toBe('13712345678')
      const again = await h.call('/user/modifyMobile', { mobile: '13712345678', code, uuid: 'bind-uuid-1' }, { token })
      expect(again).toMatchObject({ status: 400, msg: '短信验证码已使用', data: { fields: { code: 'codeUsed' } } })
    })

    it('binds nothing with a wrong code, an expired one, or the code of another mobile', async () => {
      const token = await h.tokenFor('acme01', 'Acme01@12345')
      await h.call('/user/sendBindCode', { mobile: '13711110000', uuid: 'bind-uuid-2' }, { token })
      const code = codeIn(h.carrier.lastTo('13711110000')?.text)
      const other = await h.call('/user/modifyMobile', { mobile: '13711110001', code, uuid: 'bind-uuid-2' }, { token })
      expect(other).toMatchObject({ status: 400, data: { fields: { code: 'codeWrong' } } })
      const wrong = await h.call('/user/modifyMobile', { mobile: '13711110000', code: code === '000000' ? '000001' : '000000', uuid: 'bind-uuid-2' }, { token })
      expect(wrong).toMatchObject({ status: 400, msg: '短信验证码错误' })
      await h.db.query(`update sms_code set expires_at = now() - interval '1 second' where purpose = 'bind' and phone = '13711110000'`)
      const expired = await h.call('/user/modifyMobile', { mobile: '13711110000', code, uuid: 'bind-uuid-2' }, { token })
      expect(expired).toMatchObject({ status: 400, msg: '短信验证码已过期' })
      expect((await h.call('/user/getUserInfo', {}, { token })).data.userInfo.authUser.mobile).toBe('13800138001')
    })

    it('does not take a login code for a bind code', async () => {
      const token = await h.tokenFor('acme', 'Acme@12345')
      await h.call('/user/sendBindCode', { mobile: '13722223333', uuid: 'bind-uuid-3' }, { token })
      await h.db.query(`update sms_code set purpose = 'login' where purpose = 'bind' and phone = '13722223333'`)
      const code = codeIn(h.carrier.lastTo('13722223333')?.text)
      expect((await h.call('/user/modifyMobile', { mobile: '13722223333', code, uuid: 'bind-uuid-3' }, { token })).status).toBe(400)
    })

    it('checks the mobile format (11 digits, no landline) and refuses the mobile already bound', async () => {
      const token = await h.tokenFor('acme', 'Acme@12345')
      for (const [mobile, rule] of [['', 'mobileEmpty'], ['1380013800', 'mobileLength'], ['010-12345678', 'mobileFormat'], ['12800138000', 'mobileFormat']]) {
        expect(await h.call('/user/sendBindCode', { mobile, uuid: 'bind-uuid-4' }, { token }), mobile).toMatchObject({ status: 400, data: { fields: { mobile: rule } } })
      }
      const same = await h.call('/user/sendBindCode', { mobile: '13800138000', uuid: 'bind-uuid-4' }, { token })
      expect(same).toMatchObject({ status: 400, data: { fields: { mobile: 'mobileUnchanged' } } })
    })

    it('limits codes per account', async () => {
      const strict = createApp({ db: h.db, carrier: h.carrier, config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist', rateLimitScale: 1 } })
      const token = await h.tokenFor('globex01', 'Globex01@12345')
      const send = async (i: number) =>
        (await strict.request('/api/user/sendBindCode', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ mobile: `1365555000${i}`, uuid: `bind-limit-${i}` }),
        })).status
      for (let i = 0; i < RATE_RULES.bindCodeAccount.points; i++) expect(await send(i)).toBe(200)
      expect(await send(9)).toBe(429)
    })
  })

  describe('/user/modifyCusName and /user/certification', () => {
    it('renames the account, as the session then shows it', async () => {
      const token = await h.tokenFor('acme', 'Acme@12345')
      const res = await h.call('/user/modifyCusName', { cusName: '  艾克米新名称 ' }, { token })
      expect(res).toMatchObject({ status: 200, msg: '名称已保存', data: { cusName: '艾克米新名称' } })
      expect((await h.call('/user/getUserInfo', {}, { token })).data.userInfo.authUser.userName).toBe('艾克米新名称')
      expect(await h.call('/user/modifyCusName', { cusName: '   ' }, { token })).toMatchObject({ status: 400, data: { fields: { cusName: 'required' } } })
    })

    it('stores a certification with a valid identity number and shows it masked', async () => {
      const token = await h.tokenFor('acme', 'Acme@12345')
      expect((await h.call('/user/certificationInfo', {}, { token })).data).toBeNull()
      const res = await h.call('/user/certification', { realName: '张三', idNumber: ID_OK.toLowerCase(), phone: '13800138000' }, { token })
      expect(res).toMatchObject({ status: 200, data: { realName: '张三', idNumber: '110105**********2X', phone: '13800138000' } })
      expect((await h.call('/user/certificationInfo', {}, { token })).data).toMatchObject({ idNumber: '110105**********2X' })
      const { rows } = await h.db.query<{ id_number: string }>(`select id_number from customer where cus_id = 'acme'`)
      expect(rows[0].id_number).toBe(ID_OK)
    })

    it('refuses a wrong check character, a birth date that does not exist, a bad name and a bad phone', async () => {
      const token = await h.tokenFor('acme01', 'Acme01@12345')
      const cases: [Record<string, string>, Record<string, string>][] = [
        [{ idNumber: ID_BAD_CHECK }, { idNumber: 'idNumberChecksum' }],
        [{ idNumber: '110105194902300021' }, { idNumber: 'idNumberBirth' }],
        [{ idNumber: '11010519491231002' }, { idNumber: 'idNumberFormat' }],
        [{ realName: '张' }, { realName: 'personName' }],
        [{ phone: '02112345678' }, { phone: 'mobileFormat' }],
        [{ realName: '', idNumber: '', phone: '' }, { realName: 'required', idNumber: 'required', phone: 'mobileEmpty' }],
      ]
      for (const [change, fields] of cases) {
        const res = await h.call('/user/certification', { realName: '李四', idNumber: ID_OK, phone: '13800138001', ...change }, { token })
        expect(res, JSON.stringify(change)).toMatchObject({ status: 400, data: { fields } })
      }
      expect((await h.call('/user/certificationInfo', {}, { token })).data).toBeNull()
    })
  })

  describe('tenant isolation', () => {
    it('changes only the signed-in account, whatever account the payload names', async () => {
      const token = await h.tokenFor('globex01', 'Globex01@12345')
      const before = await h.db.query(`select cus_name, mobile, password_hash, certified_at from customer where cus_id = 'globex'`)
      const foreign = { cusId: 'globex', cus_id: 'globex', id: 1, userId: 'globex' }
      expect((await h.call('/user/modifyCusName', { ...foreign, cusName: 'Globex01 renamed' }, { token })).status).toBe(200)
      expect((await h.call('/user/certification', { ...foreign, realName: '王五', idNumber: ID_OK, phone: '13900139001' }, { token })).status).toBe(200)
      const after = await h.db.query(`select cus_name, mobile, password_hash, certified_at from customer where cus_id = 'globex'`)
      expect(after.rows).toEqual(before.rows)
      const own = await h.db.query<{ cus_name: string }>(`select cus_name from customer where cus_id = 'globex01'`)
      expect(own.rows[0].cus_name).toBe('Globex01 renamed')
    })

    it("cannot spend another account's password nonce", async () => {
      const acme = await h.tokenFor('acme', 'Acme@12345')
      const acme01 = await h.tokenFor('acme01', 'Acme01@12345')
      const o = await sealed(acme, 'Acme01@12345')
      const n = await sealed(acme01, 'Fresh#Pass9')
      const res = await h.call('/user/modifyPassword', { oldPassword: o.password, oldRedomStr: o.redomStr, newPassword: n.password, newRedomStr: n.redomStr }, { token: acme01 })
      expect(res).toMatchObject({ status: 400, data: { fields: { oldPassword: 'passwordRefused' } } })
      expect((await h.login('acme01', 'Acme01@12345')).status).toBe(200)
    })
  })
})
