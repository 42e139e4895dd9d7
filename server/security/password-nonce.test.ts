import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordNonceSchema } from '../../src/domain/auth'
import { createApp } from '../app'
import type { Deps } from '../deps'
import { makeDeps } from '../make-deps'
import { CAPTCHA, setup, TEST_RATE_LIMIT_SCALE, type Harness } from '../test/harness'
import { userByCusId, type SessionUser } from '../users/repo'
import { confirmPassword, openSealedPassword, PASSWORD_NONCES_PER_ACCOUNT } from './password-nonce'
import { RATE_RULES } from './rate-limit'
import { loadKeyPair, makeDecryptor } from './rsa'

describe('security/password-nonce', () => {
  let h: Harness
  let acme: string
  let deps: Deps
  beforeAll(async () => {
    h = await setup()
    acme = await h.tokenFor('acme', 'Acme@12345')
    // The helpers' own deps over the harness's database: the same key pair the app loads from it.
    const pair = await loadKeyPair(h.db)
    const keys = async () => ({ publicKey: pair.publicKey, decrypt: makeDecryptor(pair.privateKey) })
    deps = { ...makeDeps({ db: h.db, config: { rateLimitScale: TEST_RATE_LIMIT_SCALE } }), keys }
  })
  afterAll(() => h.close())

  const nonceFor = async (token: string) => passwordNonceSchema.parse((await h.call('/user/passwordNonce', {}, { token })).data).redomStr
  const user = async (cusId: string) => (await userByCusId(h.db, cusId)) as SessionUser

  describe('POST /user/passwordNonce', () => {
    it('needs a session', async () => {
      expect((await h.call('/user/passwordNonce')).status).toBe(401)
    })

    it('names a fresh nonce each time, bound to the account that asked', async () => {
      const a = await nonceFor(acme)
      const b = await nonceFor(acme)
      expect(a).toMatch(/^[0-9a-f]{32}$/)
      expect(b).not.toBe(a)
      const { rows } = await h.db.query<{ cus_id: string }>('select cus_id from password_nonce where nonce = $1', [a])
      expect(rows[0].cus_id).toBe('acme')
    })

    it(`keeps at most ${PASSWORD_NONCES_PER_ACCOUNT} live nonces per account, dropping the oldest`, async () => {
      const first = await nonceFor(acme)
      for (let i = 0; i < PASSWORD_NONCES_PER_ACCOUNT + 3; i++) await nonceFor(acme)
      const { rows } = await h.db.query<{ n: number }>(`select count(*)::int as n from password_nonce where cus_id = 'acme'`)
      expect(rows[0].n).toBe(PASSWORD_NONCES_PER_ACCOUNT)
      await expect(openSealedPassword(deps, 'acme', first, await h.seal(first, 'Acme@12345'))).rejects.toMatchObject({ status: 400, key: 'passwordRefused' })
    })

    it('is rate limited per account', async () => {
      const strict = createApp({ db: h.db, carrier: h.carrier, config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist', rateLimitScale: 1 } })
      const token = await h.tokenFor('globex', 'Globex@12345')
      const ask = () => strict.request('/api/user/passwordNonce', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
      for (let i = 0; i < RATE_RULES.passwordNonce.points; i++) expect((await ask()).status).toBe(200)
      expect((await ask()).status).toBe(429)
      // Another account is not held back by globex's spending.
      expect((await h.call('/user/passwordNonce', {}, { token: acme })).status).toBe(200)
    })
  })

  describe('openSealedPassword', () => {
    it('opens a password sealed with a live nonce of the account, once', async () => {
      const n = await nonceFor(acme)
      const cipher = await h.seal(n, 'Some@Pass1')
      expect(await openSealedPassword(deps, 'acme', n, cipher)).toBe('Some@Pass1')
      await expect(openSealedPassword(deps, 'acme', n, cipher)).rejects.toMatchObject({ status: 400, key: 'passwordRefused' })
    })

    it('refuses alike: another account\'s nonce, one never issued, an expired one, a cipher sealed for another nonce, garbage', async () => {
      const refused = { status: 400, key: 'passwordRefused' }
      const other = await nonceFor(acme)
      await expect(openSealedPassword(deps, 'acme01', other, await h.seal(other, 'x'))).rejects.toMatchObject(refused)
      await expect(openSealedPassword(deps, 'acme', 'f'.repeat(32), await h.seal('f'.repeat(32), 'x'))).rejects.toMatchObject(refused)
      const old = await nonceFor(acme)
      await h.db.query(`update password_nonce set expires_at = now() - interval '1 second' where nonce = $1`, [old])
      await expect(openSealedPassword(deps, 'acme', old, await h.seal(old, 'x'))).rejects.toMatchObject(refused)
      const [n1, n2] = [await nonceFor(acme), await nonceFor(acme)]
      await expect(openSealedPassword(deps, 'acme', n2, await h.seal(n1, 'x'))).rejects.toMatchObject(refused)
      const n3 = await nonceFor(acme)
      await expect(openSealedPassword(deps, 'acme', n3, 'bm90IGEgY2lwaGVy')).rejects.toMatchObject(refused)
    })

    it('leaves another account\'s nonce alive when refusing it', async () => {
      const n = await nonceFor(acme)
      await expect(openSealedPassword(deps, 'acme01', n, await h.seal(n, 'x'))).rejects.toMatchObject({ status: 400 })
      expect(await openSealedPassword(deps, 'acme', n, await h.seal(n, 'y'))).toBe('y')
    })
  })

  describe('confirmPassword', () => {
    it('returns the right password and refuses a wrong one as it refuses a spent nonce', async () => {
      const u = await user('acme')
      const n = await nonceFor(acme)
      expect(await confirmPassword(deps, u, n, await h.seal(n, 'Acme@12345'))).toBe('Acme@12345')
      const wrong = await confirmPassword(deps, u, (await nonceFor(acme)), await h.seal('nope', 'Acme@12345')).catch((e: unknown) => e)
      const spent = await confirmPassword(deps, u, n, await h.seal(n, 'Acme@12345')).catch((e: unknown) => e)
      const n4 = await nonceFor(acme)
      const bad = await confirmPassword(deps, u, n4, await h.seal(n4, 'Acme@1234')).catch((e: unknown) => e)
      for (const e of [wrong, spent, bad]) expect(e).toMatchObject({ status: 400, key: 'passwordRefused' })
    })
  })
})
