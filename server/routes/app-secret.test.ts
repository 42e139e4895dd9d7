import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordNonceSchema } from '../../src/domain/auth'
import { setup, type Harness } from '../test/harness'
import { appSecretOf } from '../users/app-secret'

describe('routes/app-secret', () => {
  let h: Harness
  let acme: string
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    acme = await h.tokenFor('acme', 'Acme@12345')
  })
  afterAll(() => h.close())

  /** The password sealed as the console does: a fresh nonce of the account, then RSA. */
  const sealed = async (token: string, password: string) => {
    const { redomStr } = passwordNonceSchema.parse((await h.call('/user/passwordNonce', {}, { token })).data)
    return { redomStr, password: await h.seal(redomStr, password) }
  }

  describe('POST /user/getAppsecret', () => {
    it('needs a session', async () => {
      expect((await h.call('/user/getAppsecret')).status).toBe(401)
    })

    it('answers the secret masked without the password: first and last 4 only', async () => {
      const res = await h.call('/user/getAppsecret', {}, { token: acme })
      const secret = await appSecretOf(h.db, 'acme')
      expect(res.data).toEqual({ appSecret: `${secret.slice(0, 4)}••••••••${secret.slice(-4)}`, masked: true })
      expect(res.data.appSecret).not.toContain(secret.slice(4, 60))
    })

    it('answers the whole secret with the account\'s password, sealed with a one-time nonce', async () => {
      const res = await h.call('/user/getAppsecret', await sealed(acme, 'Acme@12345'), { token: acme })
      expect(res.data).toEqual({ appSecret: await appSecretOf(h.db, 'acme'), masked: false })
    })

    it('refuses a wrong password, a spent nonce and half a pair, without the secret', async () => {
      const wrong = await h.call('/user/getAppsecret', await sealed(acme, 'Acme@12346'), { token: acme, lang: 'en' })
      expect(wrong).toMatchObject({ status: 400, msg: 'Wrong password, please enter it again', data: null })
      const once = await sealed(acme, 'Acme@12345')
      expect((await h.call('/user/getAppsecret', once, { token: acme })).status).toBe(200)
      expect((await h.call('/user/getAppsecret', once, { token: acme })).status).toBe(400)
      expect((await h.call('/user/getAppsecret', { redomStr: once.redomStr }, { token: acme })).status).toBe(400)
    })

    it('refuses another account\'s password and nonce', async () => {
      const globex = await h.tokenFor('globex', 'Globex@12345')
      const theirs = await sealed(globex, 'Globex@12345')
      expect((await h.call('/user/getAppsecret', theirs, { token: acme })).status).toBe(400)
    })
  })

  describe('POST /user/rotateAppsecret', () => {
    it('needs the password', async () => {
      expect((await h.call('/user/rotateAppsecret', {}, { token: acme })).status).toBe(400)
      expect((await h.call('/user/rotateAppsecret', await sealed(acme, 'nope'), { token: acme })).status).toBe(400)
    })

    it('replaces the secret: the new one is answered and stored, the old one is gone at once', async () => {
      const old = await appSecretOf(h.db, 'acme')
      const res = await h.call('/user/rotateAppsecret', await sealed(acme, 'Acme@12345'), { token: acme, lang: 'en' })
      expect(res).toMatchObject({ status: 200, msg: 'App secret rotated; the old one no longer works', data: { masked: false } })
      expect(res.data.appSecret).toMatch(/^[0-9a-f]{64}$/)
      expect(res.data.appSecret).not.toBe(old)
      expect(await appSecretOf(h.db, 'acme')).toBe(res.data.appSecret)
      const masked = (await h.call('/user/getAppsecret', {}, { token: acme })).data.appSecret as string
      expect(masked.startsWith(res.data.appSecret.slice(0, 4))).toBe(true)
    })

    it('changes only the caller\'s own secret', async () => {
      const other = await appSecretOf(h.db, 'acme01')
      await h.call('/user/rotateAppsecret', await sealed(acme, 'Acme@12345'), { token: acme })
      expect(await appSecretOf(h.db, 'acme01')).toBe(other)
    })
  })

  it('limits rotations per account', async () => {
    const strict = await setup({ historyRows: 200, rateLimitScale: 1 })
    try {
      const t = await strict.tokenFor('initech', 'Initech@12345')
      const seal = async () => {
        const { redomStr } = passwordNonceSchema.parse((await strict.call('/user/passwordNonce', {}, { token: t })).data)
        return { redomStr, password: await strict.seal(redomStr, 'Initech@12345') }
      }
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await strict.call('/user/rotateAppsecret', await seal(), { token: t })).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    } finally {
      await strict.close()
    }
  })
})
