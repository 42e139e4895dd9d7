import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { ServerConfig } from '../config'
import { setup, type Harness } from '../test/harness'

const directives = (csp: string | null) =>
  Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]))

describe('http/security-headers', () => {
  let h: Harness
  let dist: string
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sms-dist-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SMS</title>')
    h = await setup({ historyRows: 100, distDir: dist })
  })
  afterAll(async () => {
    await h.close()
    rmSync(dist, { recursive: true, force: true })
  })
  const appWith = (config: Partial<ServerConfig>) => createApp({ db: h.db, config: { distDir: dist, ...config } })

  describe('security headers', () => {
    it('puts the CSP, frame protection, nosniff and the referrer policy on the console, the API, errors and redirects', async () => {
      const answers = [
        await h.app.request('/sms-cloud/wel/index'),
        await h.app.request('/sms-cloud/config.js'),
        await h.app.request('/api/setting/getClientWebSiteBeian', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
        await h.app.request('/api/nope'),
        await h.app.request('/api/user/getUserInfo', { method: 'POST', headers: { origin: 'https://evil.example' } }),
        await h.app.request('/'),
      ]
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 404, 403, 302])
      for (const res of answers) {
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
        expect(res.headers.get('strict-transport-security')).toBeNull()
        expect(directives(res.headers.get('content-security-policy'))).toMatchObject({
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'worker-src': ["'self'", 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
          'frame-src': ["'self'"],
          'frame-ancestors': ["'self'"],
          'object-src': ["'none'"],
        })
      }
    })

    it('lets the console frame FRAME_ORIGINS and call an API host named in API_BASE', async () => {
      const app = appWith({ frameOrigins: ['https://reports.example'], apiBase: 'https://api.example:8443/api' })
      const csp = directives((await app.request('/sms-cloud/')).headers.get('content-security-policy'))
      expect(csp['frame-src']).toEqual(["'self'", 'https://reports.example'])
      expect(csp['connect-src']).toEqual(["'self'", 'https://api.example:8443'])
      expect(csp['img-src']).toContain('https://api.example:8443')
    })

    it('sends HSTS only when served over HTTPS: HTTPS=1, or a trusted proxy saying so', async () => {
      const hsts = async (config: Partial<ServerConfig>, headers: Record<string, string> = {}) =>
        (await appWith(config).request('/sms-cloud/', { headers })).headers.get('strict-transport-security')
      expect(await hsts({ https: true })).toBe('max-age=31536000')
      expect(await hsts({ trustProxy: true }, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000')
      expect(await hsts({}, { 'x-forwarded-proto': 'https' })).toBeNull()
      expect(await hsts({ trustProxy: true }, { 'x-forwarded-proto': 'http' })).toBeNull()
    })
  })

  describe('malformed paths', () => {
    it('answers 400 for a broken percent-encoding anywhere, never 500', async () => {
      for (const path of ['/sms-cloud/%', '/sms-cloud/a%E0%A4%A', '/sms-cloud/%FF', '/api/%', '/api/user/%zz', '/s/%', '/%']) {
        const res = await h.app.request(path, { headers: { 'accept-language': 'en' } })
        expect(res.status, path).toBe(400)
        expect(await res.json()).toEqual({ code: 400, msg: 'Invalid request', data: null })
      }
    })

    it('still serves well-formed encoded paths', async () => {
      expect((await h.app.request(`/sms-cloud/myiframe/${encodeURIComponent('https://example.com/a?b=%')}`)).status).toBe(200)
      expect((await h.app.request('/sms-cloud/%25')).status).toBe(200)
    })
  })
})
