import { createRequire } from 'node:module'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { captchaSchema, userInfoSchema } from '../../src/domain/auth'
import { LOGIN_FAILURE_LIMIT } from '../../src/domain/constants'
import { createApp } from '../app'
import { CAPTCHAS_PER_ADDRESS } from '../security/captcha'
import { RATE_RULES } from '../security/rate-limit'
import { MAX_LIVE_TOKENS, sha256 } from '../security/tokens'
import { CAPTCHA, setup, type Harness } from '../test/harness'

// The very class the server decrypts with (CommonJS modules are shared), to see whether a request reached it.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as { prototype: { decrypt: (s: string) => unknown } }

type Caller = (path: string, body: unknown, ip: string) => Promise<{ status: number; msg: string; type?: number; data?: { redomStr?: string } | null }>

const envelope = (r: { status: number; code: number; msg: string; type?: number; data: unknown }) => ({
  status: r.status, code: r.code, msg: r.msg, type: r.type, data: r.data,
})

describe('routes/login', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ config: { trustProxy: true } })
  })
  afterAll(() => h.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A second app over the same database with the real rate limits, its client address from X-Forwarded-For or not. */
  function strictCaller(trustProxy = true): Caller {
    const app = createApp({ db: h.db, carrier: h.carrier, config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist', rateLimitScale: 1, trustProxy } })
    return async (path, body, ip) => {
      const res = await app.request(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(body),
      })
      return { status: res.status, ...((await res.json()) as { msg: string; type?: number; data?: { redomStr?: string } | null }) }
    }
  }

  describe('captcha', () => {
    it('issues a server-named captcha as an SVG data URL and accepts its code once only', async () => {
      const res = await h.call('/code/captcha')
      expect(res.status).toBe(200)
      const { redomStr, image } = captchaSchema.parse(res.data)
      expect(redomStr).toMatch(/^[0-9a-f]{32}$/)
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/)
      expect(Buffer.from(image.split(',')[1], 'base64').toString()).toMatch(/^<svg/)
      const { rows } = await h.db.query<{ code: string }>('select code from captcha where redom_str = $1', [redomStr])
      expect(rows[0].code).toHaveLength(4)
      const password = await h.seal(redomStr, 'Acme@12345')
      const first = await h.call('/user/login', { username: 'acme', password, code: rows[0].code.toUpperCase(), redomStr })
      expect(first.status).toBe(200)
      const again = await h.call('/user/login', { username: 'acme', password, code: rows[0].code, redomStr })
      expect(again).toMatchObject({ status: 400, type: 1, msg: '验证码错误或已过期' })
    })

    it('refuses a redomStr the server did not issue, even with the fixed test code', async () => {
      const redomStr = h.redom()
      const res = await h.call('/user/login', { username: 'acme', password: await h.seal(redomStr, 'Acme@12345'), code: CAPTCHA, redomStr })
      expect(res).toMatchObject({ status: 400, type: 1, msg: '验证码错误或已过期' })
    })

    it('refuses a missing or wrong captcha with 400, not 401', async () => {
      const redomStr = await h.captcha()
      const password = await h.seal(redomStr, 'Acme@12345')
      const missing = await h.call('/user/login', { username: 'acme', password, redomStr })
      expect(missing).toMatchObject({ status: 400, code: 400, type: 1 })
      const wrong = await h.login('acme', 'Acme@12345', 'ZZZZ')
      expect(wrong).toMatchObject({ status: 400, type: 1 })
      expect(wrong.msg).toBe('验证码错误或已过期')
    })

    it('keeps each address to its newest captchas, dropping only its own', async () => {
      const strict = strictCaller()
      const other = String((await strict('/code/captcha', {}, '10.9.1.2')).data?.redomStr)
      await h.db.query(
        `insert into captcha (redom_str, code, expires_at, address)
         select 'flood' || i, 'abcd', now() + make_interval(secs => i % 170 + 1), '10.9.1.1' from generate_series(1, $1) i`,
        [CAPTCHAS_PER_ADDRESS + 50],
      )
      const fresh = String((await strict('/code/captcha', {}, '10.9.1.1')).data?.redomStr)
      const count = async (address: string) =>
        (await h.db.query<{ n: number }>('select count(*)::int as n from captcha where address = $1', [address])).rows[0].n
      expect(await count('10.9.1.1')).toBe(CAPTCHAS_PER_ADDRESS)
      const kept = async (redomStr: string) => (await h.db.query('select 1 from captcha where redom_str = $1', [redomStr])).rows.length
      expect(await kept(fresh)).toBe(1)
      expect(await kept(other)).toBe(1)
      await h.db.query(`delete from captcha where redom_str like 'flood%'`)
    })

    it('limits captcha images per client address', async () => {
      const strict = strictCaller()
      for (let i = 0; i < RATE_RULES.captchaAddress.points; i++) expect((await strict('/code/captcha', {}, '10.9.0.1')).status).toBe(200)
      expect(await strict('/code/captcha', {}, '10.9.0.1')).toMatchObject({ status: 429, msg: expect.stringMatching(/操作过于频繁/) })
      expect((await strict('/code/captcha', {}, '10.9.0.2')).status).toBe(200)
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
      const wrong = await h.login('acme01', 'nope-nope', CAPTCHA, { 'accept-language': 'en' })
      expect(wrong).toMatchObject({ status: 400, type: 1, msg: 'Wrong account or password' })
      const unknown = await h.login('nobody', 'whatever1')
      expect(unknown).toMatchObject({ status: 400, type: 1, msg: '账号或密码错误' })
    })

    it('refuses a replayed login body, even with a fresh captcha, exactly like a wrong password', async () => {
      const redomStr = await h.captcha()
      const captured = { username: 'globex01', password: await h.seal(redomStr, 'Globex01@12345'), code: CAPTCHA, redomStr }
      expect((await h.call('/user/login', captured)).status).toBe(200)
      expect(await h.call('/user/login', captured)).toMatchObject({ status: 400, msg: '验证码错误或已过期' })
      const replay = await h.call('/user/login', { ...captured, redomStr: await h.captcha() })
      const wrongPassword = await h.login('globex01', 'Wrong@12345')
      expect(envelope(replay)).toEqual(envelope(wrongPassword))
      expect(envelope(replay)).toMatchObject({ status: 400, type: 1, msg: '账号或密码错误' })
    })

    it('answers every cipher text that does not open, or was sealed for another captcha, like a wrong password', async () => {
      await h.db.query(`delete from sign_in_guard where key like '%globex01%'`)
      const answers = []
      for (const make of [
        (r: string) => h.seal(r, 'Wrong@12345'),
        (r: string) => h.seal(`${r}x`, 'Globex01@12345'),
        () => h.encrypt('Globex01@12345'),
        async () => Buffer.alloc(256, 7).toString('base64'),
        async () => '!!not base64!!',
      ]) {
        const redomStr = await h.captcha()
        answers.push(envelope(await h.call('/user/login', { username: 'globex01', password: await make(redomStr), code: CAPTCHA, redomStr })))
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
      expect(answers[0]).toMatchObject({ status: 400, type: 1, msg: '账号或密码错误' })
      await h.db.query(`delete from sign_in_guard where key like '%globex01%'`)
    })

    it('decrypts nothing for a refused captcha', async () => {
      const decrypt = vi.spyOn(JSEncrypt.prototype, 'decrypt')
      try {
        expect((await h.login('acme', 'Acme@12345', 'ZZZZ')).status).toBe(400)
        expect(decrypt).not.toHaveBeenCalled()
        expect((await h.login('acme', 'Acme@12345')).status).toBe(200)
        expect(decrypt).toHaveBeenCalledTimes(1)
      } finally {
        decrypt.mockRestore()
      }
    })

    it('refuses a closed account', async () => {
      const res = await h.login('umbrella', 'Umbrella@12345')
      expect(res).toMatchObject({ status: 400, type: 1, msg: '账号已停用' })
    })

    it(`locks an account for one address after ${LOGIN_FAILURE_LIMIT} failures, even for the right password`, async () => {
      const from = { 'x-forwarded-for': '203.0.113.5', 'accept-language': 'en' }
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expect((await h.login('initech01', 'Wrong@1', CAPTCHA, from)).status).toBe(400)
      const locked = await h.login('initech01', 'Initech01@12345', CAPTCHA, from)
      expect(locked).toMatchObject({ status: 429, type: 1 })
      expect(locked.msg).toMatch(/try again in 15 minutes/)
      // The lock lifts once the window is over (the clock pinned and moved on).
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000)
      expect((await h.login('initech01', 'Initech01@12345', CAPTCHA, from)).status).toBe(200)
    })

    it('does not lock the owner out from another address', async () => {
      const attacker = { 'x-forwarded-for': '198.51.100.7' }
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expect((await h.login('initech', 'Wrong@1', CAPTCHA, attacker)).status).toBe(400)
      expect((await h.login('initech', 'Initech@12345', CAPTCHA, attacker)).status).toBe(429)
      expect((await h.login('initech', 'Initech@12345', CAPTCHA, { 'x-forwarded-for': '192.0.2.44' })).status).toBe(200)
      // The owner's success elsewhere does not lift the attacker's lock.
      expect((await h.login('initech', 'Initech@12345', CAPTCHA, attacker)).status).toBe(429)
    })

    it('gives back the attempt of a right password: the pair starts afresh and the account budget is not spent', async () => {
      for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await h.login('acme02', 'Wrong@1', CAPTCHA, { 'x-forwarded-for': ip })
      const attempts = async () =>
        Object.fromEntries((await h.db.query<{ key: string; attempts: number }>(`select key, attempts from sign_in_guard where key like '%acme02%'`)).rows.map((r) => [r.key, r.attempts]))
      expect(await attempts()).toEqual({ 'account:acme02': 3, 'pair:acme02|192.0.2.1': 1, 'pair:acme02|192.0.2.2': 1, 'pair:acme02|192.0.2.3': 1 })
      expect((await h.login('acme02', 'Acme02@12345', CAPTCHA, { 'x-forwarded-for': '192.0.2.1' })).status).toBe(200)
      expect(await attempts()).toEqual({ 'account:acme02': 3, 'pair:acme02|192.0.2.2': 1, 'pair:acme02|192.0.2.3': 1 })
      // Now known to the account, that address spends only its own pair budget.
      await h.login('acme02', 'Wrong@1', CAPTCHA, { 'x-forwarded-for': '192.0.2.1' })
      expect(await attempts()).toMatchObject({ 'account:acme02': 3, 'pair:acme02|192.0.2.1': 1 })
    })

    it('limits sign-ins per client address, counting X-Forwarded-For only behind TRUST_PROXY', async () => {
      const tryFrom = (call: Caller, ip: string) => call('/user/login', { username: h.redom(), password: 'x', code: 'ZZZZ', redomStr: h.redom() }, ip)
      const behindProxy = strictCaller()
      for (let i = 0; i < RATE_RULES.signInAddress.points; i++) expect((await tryFrom(behindProxy, '10.8.0.1')).msg).toBe('验证码错误或已过期')
      expect(await tryFrom(behindProxy, '10.8.0.1')).toMatchObject({ status: 429, type: 1 })
      expect((await tryFrom(behindProxy, '10.8.0.2')).status).toBe(400)
      // Without a proxy in front, the header is the caller's own writing: a new value each time changes nothing.
      const direct = strictCaller(false)
      for (let i = 0; i < RATE_RULES.signInAddress.points; i++) await tryFrom(direct, `10.7.0.${i}`)
      expect(await tryFrom(direct, '10.7.1.1')).toMatchObject({ status: 429, type: 1 })
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
      expect(acme.data.userInfo.authUser).toMatchObject({ cusId: 'acme', userType: 2, mobile: '13800138000', balance: 50000, prodTypes: [0, 1, 2, 7] })
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
      const redomStr = await h.captcha()
      const form = await h.app.request('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ username: 'acme', password: await h.seal(redomStr, 'Acme@12345'), code: CAPTCHA, redomStr }),
      })
      expect(form.status).toBe(400)
    })

    it('takes the Authorization cookie alone only for same-origin GETs, never for a POST (server/http/csrf.test.ts)', async () => {
      const token = await h.tokenFor('acme', 'Acme@12345')
      const res = await h.call('/user/getUserInfo', {}, { headers: { cookie: `Authorization=${token}` } })
      expect(res.status).toBe(403)
      const admin = await h.tokenFor('admin', 'Admin@12345')
      const get = await h.app.request('/api/crud/list', { headers: { cookie: `Authorization=${admin}`, 'sec-fetch-site': 'same-origin' } })
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

    it(`keeps at most ${MAX_LIVE_TOKENS} live sessions per account, revoking the oldest and deleting dead rows`, async () => {
      const tokens = []
      for (let i = 0; i <= MAX_LIVE_TOKENS; i++) tokens.push(await h.tokenFor('globex', 'Globex@12345'))
      expect((await h.call('/user/getUserInfo', {}, { token: tokens[0] })).status).toBe(401)
      expect((await h.call('/user/getUserInfo', {}, { token: tokens[1] })).status).toBe(200)
      expect((await h.call('/user/getUserInfo', {}, { token: tokens[MAX_LIVE_TOKENS] })).status).toBe(200)
      const rows = async () =>
        (await h.db.query<{ n: number }>(`select count(*)::int as n from session_token t join customer c on c.id = t.customer_id where c.cus_id = 'globex'`)).rows[0].n
      expect(await rows()).toBe(MAX_LIVE_TOKENS + 1)
      await h.db.query(`update session_token set expires_at = now() - interval '1 second' where token_hash = $1`, [sha256(tokens[1])])
      await h.tokenFor('globex', 'Globex@12345')
      expect(await rows()).toBe(MAX_LIVE_TOKENS)
    })

    it('refuses an expired token', async () => {
      const token = await h.tokenFor('acme01', 'Acme01@12345')
      await h.db.query(`update session_token set expires_at = now() - interval '1 second'`)
      expect((await h.call('/user/getUserInfo', {}, { token })).status).toBe(401)
    })
  })
})
