import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_FAILURE_LIMIT } from '../../src/domain/constants'
import { userInfoSchema } from '../../src/domain/auth'
import { forEachBackend, setup, type Harness } from '../test/harness'

forEachBackend((backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ backend })
  })
  afterAll(() => h.close())

  describe('captcha', () => {
    it('serves a 4-character SVG captcha and accepts its code once only', async () => {
      const redomStr = h.redom()
      const res = await h.app.request(`/api/code/image?redomStr=${redomStr}`)
      expect(res.headers.get('content-type')).toContain('image/svg+xml')
      expect(await res.text()).toMatch(/^<svg/)
      const { rows } = await h.db.query<{ code: string }>('select code from captcha where redom_str = $1', [redomStr])
      expect(rows[0].code).toHaveLength(4)
      const password = await h.encrypt('Acme@12345')
      const first = await h.call('/user/login', { username: 'acme', password, code: rows[0].code.toUpperCase(), redomStr })
      expect(first.status).toBe(200)
      const again = await h.call('/user/login', { username: 'acme', password, code: rows[0].code, redomStr })
      expect(again).toMatchObject({ status: 400, type: 1 })
    })

    it('refuses a missing or wrong captcha with 400, not 401', async () => {
      const password = await h.encrypt('Acme@12345')
      const missing = await h.call('/user/login', { username: 'acme', password, redomStr: h.redom() })
      expect(missing).toMatchObject({ status: 400, code: 400, type: 1 })
      const wrong = await h.login('acme', 'Acme@12345', 'ZZZZ')
      expect(wrong).toMatchObject({ status: 400, type: 1 })
      expect(wrong.msg).toBe('验证码错误或已过期')
    })
  })

  describe('password login', () => {
    it('signs in with the encrypted password and returns an opaque token for 3600 s', async () => {
      const res = await h.login('admin', 'Admin@12345')
      expect(res).toMatchObject({ status: 200, code: 200, type: 0 })
      expect(res.data.token).toMatch(/^[0-9a-f]{64}$/)
      expect(res.data.expiresIn).toBe(3600)
      const { rows } = await h.db.query('select 1 from session_token where token_hash = $1', [res.data.token])
      expect(rows).toHaveLength(0)
    })

    it('refuses a wrong password and an unknown account alike, in the caller language', async () => {
      const wrong = await h.call('/user/login', { username: 'acme01', password: await h.encrypt('nope-nope'), code: 'T3ST', redomStr: h.redom() }, { lang: 'en' })
      expect(wrong).toMatchObject({ status: 400, type: 1, msg: 'Wrong account or password' })
      const unknown = await h.login('nobody', 'whatever1')
      expect(unknown).toMatchObject({ status: 400, type: 1, msg: '账号或密码错误' })
    })

    it('refuses a closed account', async () => {
      const res = await h.login('umbrella', 'Umbrella@12345')
      expect(res).toMatchObject({ status: 400, type: 1, msg: '账号已停用' })
    })

    it(`locks the account after ${LOGIN_FAILURE_LIMIT} failures, even for the right password`, async () => {
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expect((await h.login('initech01', 'Wrong@1')).status).toBe(400)
      const locked = await h.call(
        '/user/login',
        { username: 'initech01', password: await h.encrypt('Initech01@12345'), code: 'T3ST', redomStr: h.redom() },
        { lang: 'en' },
      )
      expect(locked).toMatchObject({ status: 429, type: 1 })
      expect(locked.msg).toMatch(/try again in 15 minutes/)
      // The lock lifts once the failures are older than the lockout.
      await h.db.query(`update login_attempt set created_at = created_at - interval '16 minutes' where cus_id = 'initech01'`)
      expect((await h.login('initech01', 'Initech01@12345')).status).toBe(200)
    })
  })

  describe('session', () => {
    it('gives user info with role and permissions', async () => {
      const admin = await h.call('/user/getUserInfo', {}, { token: await h.tokenFor('admin', 'Admin@12345') })
      expect(userInfoSchema.parse(admin.data).roles).toEqual(['admin'])
      expect(admin.data.permission).toContain('intl:record:price')
      const acme = await h.call('/user/getUserInfo', {}, { token: await h.tokenFor('acme', 'Acme@12345') })
      expect(acme.data.roles).toEqual(['customer'])
      expect(acme.data.permission).toEqual([])
      expect(acme.data.userInfo.authUser).toMatchObject({ cusId: 'acme', userType: 2, mobile: '13800138000', balance: 50000, prodTypes: [0, 1, 2] })
      const sub = await h.call('/user/getUserInfo', {}, { token: await h.tokenFor('acme01', 'Acme01@12345') })
      expect(sub.data.roles).toEqual(['sub'])
      expect(sub.data.userInfo.authUser.parentId).toBe('acme')
    })

    it('answers 401 without a token, with a garbage token and after log-out', async () => {
      expect((await h.call('/user/getUserInfo')).status).toBe(401)
      expect((await h.call('/user/getUserInfo', {}, { token: 'f'.repeat(64) })).status).toBe(401)
      const token = await h.tokenFor('acme', 'Acme@12345')
      expect((await h.call('/user/logout', {}, { token })).status).toBe(200)
      expect((await h.call('/user/getUserInfo', {}, { token })).status).toBe(401)
    })

    it('ignores a body that is not JSON, as a cross-site form would send it', async () => {
      const form = await h.app.request('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ username: 'acme', password: await h.encrypt('Acme@12345'), code: 'T3ST', redomStr: h.redom() }),
      })
      expect(form.status).toBe(400)
    })

    it('takes the Authorization cookie alone only for same-origin GETs, never for a POST (server/http/csrf.test.ts)', async () => {
      const token = await h.tokenFor('acme', 'Acme@12345')
      const res = await h.call('/user/getUserInfo', {}, { headers: { cookie: `Authorization=${token}` } })
      expect(res.status).toBe(403)
      const get = await h.app.request('/api/crud/list', { headers: { cookie: `Authorization=${token}`, 'sec-fetch-site': 'same-origin' } })
      expect(get.status).toBe(200)
    })

    it('refresh issues a new token and revokes the old one', async () => {
      const old = await h.tokenFor('acme', 'Acme@12345')
      const res = await h.call('/user/refesh', {}, { token: old })
      expect(res.status).toBe(200)
      expect(res.data.token).not.toBe(old)
      expect(res.data.expiresIn).toBe(3600)
      expect((await h.call('/user/getUserInfo', {}, { token: old })).status).toBe(401)
      expect((await h.call('/user/getUserInfo', {}, { token: res.data.token })).status).toBe(200)
    })

    it('refuses an expired token', async () => {
      const token = await h.tokenFor('acme01', 'Acme01@12345')
      await h.db.query(`update session_token set expires_at = now() - interval '1 second'`)
      expect((await h.call('/user/getUserInfo', {}, { token })).status).toBe(401)
    })
  })
})
