import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { setup, type Harness } from '../test/harness'
import { balanceOf, countOf, sendForm } from '../test/send-kit'

/* app.request() reaches http://localhost, so that is the console's own origin here. */
const OWN = 'http://localhost'
const OTHER_PORT = 'http://localhost:9999'

type Headers = Record<string, string>
const cases = (...list: Headers[]) => list

describe('http/csrf', () => {
  let h: Harness
  let token: string
  let adminToken: string
  beforeAll(async () => {
    h = await setup({ historyRows: 100 })
    token = await h.tokenFor('acme02', 'Acme02@12345')
    adminToken = await h.tokenFor('admin', 'Admin@12345')
  })
  afterAll(() => h.close())

  const cookie = () => ({ cookie: `Authorization=${encodeURIComponent(token)}` })
  const sendNumbers = (headers: Headers, app = h.app) =>
    app.request('/api/user/groupSend', { method: 'POST', headers: { 'accept-language': 'en', ...headers }, body: sendForm({ content: '【艾克米】hello' }, 'numbers', '13900000001') })
  const stored = async () => ({ balance: await balanceOf(h.db, 'acme02'), batches: await countOf(h.db, "select count(*)::int as n from sms_batch where cus_id = 'acme02'") })
  // The one GET behind a session (an administrator's screen): the cookie-only read a download link would make.
  const crudList = (headers: Headers) => h.app.request('/api/crud/list?current=1&size=10', { headers: { 'accept-language': 'en', ...headers } })
  const adminCookie = () => ({ cookie: `Authorization=${encodeURIComponent(adminToken)}` })
  const publicCall = (headers: Headers, app = h.app) =>
    app.request('/api/setting/getClientWebSiteBeian', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers }, body: '{"hash":""}' })

  describe('authenticated writes', () => {
    it('refuses a multipart send a form on another origin of the same site posts with the cookie, storing and billing nothing', async () => {
      const before = await stored()
      const res = await sendNumbers({ ...cookie(), origin: OTHER_PORT, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ code: 403, msg: 'Request from another site refused', data: null })
      expect(await stored()).toEqual(before)
    })

    it('refuses a cookie-only write even from the console origin or with no browser headers: writes need the bearer header', async () => {
      const before = await stored()
      for (const headers of cases({ 'sec-fetch-site': 'same-origin', origin: OWN }, {})) {
        expect((await sendNumbers({ ...cookie(), ...headers })).status).toBe(403)
      }
      expect(await stored()).toEqual(before)
    })

    it('refuses a bearer write sent by a page of another origin', async () => {
      const before = await stored()
      const res = await sendNumbers({ authorization: `Bearer ${token}`, origin: OTHER_PORT, 'sec-fetch-site': 'same-site' })
      expect(res.status).toBe(403)
      expect(await stored()).toEqual(before)
    })

    it('accepts the console’s own bearer send (same origin) and a bearer call with no browser headers', async () => {
      for (const headers of cases({ origin: OWN, 'sec-fetch-site': 'same-origin' }, {})) {
        const res = await sendNumbers({ authorization: `Bearer ${token}`, ...headers })
        expect(res.status).toBe(200)
      }
    })
  })

  describe('cookie-only reads', () => {
    it('serves a GET with the cookie alone to the console’s own origin', async () => {
      expect((await crudList({ ...adminCookie(), 'sec-fetch-site': 'same-origin' })).status).toBe(200)
      expect((await crudList({ ...adminCookie(), 'sec-fetch-site': 'none' })).status).toBe(200)
      expect((await crudList({ ...adminCookie(), origin: OWN })).status).toBe(200)
    })

    it('refuses a cookie-only GET from another site, another port of this host, or with nothing to show its origin', async () => {
      for (const headers of cases({ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: OTHER_PORT }, {})) {
        const res = await crudList({ ...adminCookie(), ...headers })
        expect(res.status).toBe(403)
      }
    })

    it('still serves a bearer GET whatever its origin (CORS decides who may read it)', async () => {
      expect((await crudList({ authorization: `Bearer ${adminToken}`, 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' })).status).toBe(200)
    })
  })

  describe('public writes', () => {
    it('refuses sign-in and other public calls from a foreign page, before the call does anything', async () => {
      for (const headers of cases({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, { origin: OTHER_PORT }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' })) {
        const res = await publicCall(headers)
        expect(res.status).toBe(403)
        expect(((await res.json()) as { msg: string }).msg).toBe('Request from another site refused')
      }
      const login = await h.call('/user/login', { username: 'acme02', password: await h.encrypt('Acme02@12345'), code: 'T3ST', redomStr: h.redom() }, { headers: { origin: 'https://evil.example' }, lang: 'zh-CN' })
      expect(login).toMatchObject({ status: 403, msg: '拒绝来自其他站点的请求', data: null })
    })

    it('accepts the console’s own pages, curl-like callers and the dev server’s proxied calls', async () => {
      for (const headers of cases({ origin: OWN }, { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:5173' }, {})) {
        expect((await publicCall(headers)).status).toBe(200)
      }
    })

    it('accepts origins listed in ALLOWED_ORIGINS and a CORS_ORIGIN narrower than *', async () => {
      const app = createApp({ db: h.db, config: { allowedOrigins: ['https://console.example'], corsOrigin: 'https://ops.example' } })
      for (const origin of ['https://console.example', 'https://ops.example']) {
        expect((await publicCall({ origin, 'sec-fetch-site': 'cross-site' }, app)).status).toBe(200)
      }
      expect((await publicCall({ origin: 'https://other.example', 'sec-fetch-site': 'cross-site' }, app)).status).toBe(403)
    })

    it('answers a preflight from another origin (reads stay governed by CORS)', async () => {
      const res = await h.app.request('/api/user/login', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } })
      expect(res.status).toBeLessThan(300)
    })
  })
})
