import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/domain/messages'
import { createApp } from '../app'
import { setup, TEST_ORIGIN, type Harness } from '../test/harness'
import { mobilesOf, postForm, sendForm } from '../test/send-kit'

/*
 * DNS rebinding: a page of evil.example whose name now resolves to this server is same-origin to itself (its own
 * Origin, Sec-Fetch-Site: same-origin), so only the Host it names tells it apart from the console.
 */
const EVIL = { host: 'evil.example', origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' }

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** A request over a real socket with the Host header a browser on a rebound name would send. */
function overSocket(port: number, path: string, headers: Record<string, string>, method = 'GET', body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('http/host-guard: only the configured public origins are served', () => {
  let h: Harness
  let token: string
  let server: ReturnType<typeof serve>
  let port: number
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    token = await h.tokenFor('acme', 'Acme@12345')
    server = serve({ fetch: h.app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise<void>((r) => server.once('listening', () => r()))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()))
    await h.close()
  })

  const publicCall = { 'content-type': 'application/json', 'accept-language': 'en' }

  it('refuses a rebound name with 421 and the translated envelope, granting it no CORS', async () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const res = await overSocket(port, '/api/setting/getClientWebSiteBeian', { ...publicCall, ...EVIL, 'accept-language': lang }, 'POST', '{"hash":""}')
      expect(res.status).toBe(421)
      expect(JSON.parse(res.body)).toEqual({ code: 421, msg: SERVER_MESSAGES.misdirectedHost[lang], data: null })
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
    }
    // The console, the short links and the signed-in API alike.
    for (const path of ['/sms-cloud/', '/s/abcdefgh', '/api/user/getUserInfo']) {
      expect((await overSocket(port, path, { ...EVIL, authorization: `Bearer ${token}` })).status).toBe(421)
    }
    // The same call naming the public host is served.
    expect((await overSocket(port, '/api/setting/getClientWebSiteBeian', { ...publicCall, host: 'localhost' }, 'POST', '{"hash":""}')).status).toBe(200)
  })

  it('lets loopback callers reach health and metrics by any name, and nothing else', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) expect((await overSocket(port, path, { host: '10.0.0.7:8080' })).status).toBe(200)
    expect((await overSocket(port, '/api/setting/getClientWebSiteBeian', { ...publicCall, host: '10.0.0.7:8080' }, 'POST', '{"hash":""}')).status).toBe(421)
  })

  it('refuses metrics for another host from a caller off the machine, even with the token', async () => {
    const proxied = createApp({ db: h.db, config: { publicOrigins: ['https://console.example.com'], trustProxy: true, metricsToken: 'a'.repeat(32) } })
    const scrape = (host: string) => proxied.request('/metrics', {
      headers: { host: '127.0.0.1:8080', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': host, authorization: `Bearer ${'a'.repeat(32)}` },
    })
    expect((await scrape('evil.example')).status).toBe(421)
    expect((await scrape('console.example.com')).status).toBe(200)
  })

  it('trusts an Origin only when configured, not because it matches the Host the request names', async () => {
    const app = createApp({ db: h.db, config: { publicOrigins: ['https://console.example.com', 'http://localhost'] } })
    const preflight = (origin: string, host: string) => app.request('/api/user/getUserInfo', {
      method: 'OPTIONS', headers: { host, origin, 'access-control-request-method': 'POST' },
    })
    expect((await preflight('https://console.example.com', 'localhost')).headers.get('access-control-allow-origin')).toBe('https://console.example.com')
    // localhost is served, but a page of http://localhost:3000 is another origin.
    expect((await preflight('http://localhost:3000', 'localhost')).headers.get('access-control-allow-origin')).toBeNull()
  })

  it('builds the short links of a link send from the first public origin, never from the request', async () => {
    const app = createApp({ db: h.db, carrier: h.carrier, config: { publicOrigins: ['https://sms.example.com', TEST_ORIGIN] } })
    const res = await postForm(app, '/shortChainTool/smsLinkGroupSend', token, sendForm({ content: '【艾克米】Hi {link}', long_url: 'https://shop.example.com/a' }, 'numbers', mobilesOf('137', 2, 900)))
    expect(res.status).toBe(200)
    const { rows } = await h.db.query<{ content: string }>('select content from mt_record where batch_id = $1', [res.data.batch_id])
    expect(rows.map((r) => r.content)).toEqual([expect.stringMatching(/^【艾克米】Hi https:\/\/sms\.example\.com\/s\/\w{8}$/), expect.stringMatching(/^【艾克米】Hi https:\/\/sms\.example\.com\/s\/\w{8}$/)])
    const info = await app.request('/api/shortChainTool/smsLinkInfo', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' })
    expect(((await info.json()) as { data: { base: string } }).data.base).toBe('https://sms.example.com')
  })
})
