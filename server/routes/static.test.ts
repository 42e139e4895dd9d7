import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setup, type Harness } from '../test/harness'
import { createApp } from '../app'

describe('routes/static', () => {
  let h: Harness
  let dist: string
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sms-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SMS</title>')
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)')
    // As scripts/precompress.ts leaves a build: x.br and x.gz beside a text file.
    const app = 'export const words = "' + 'console '.repeat(400) + '"\n'
    writeFileSync(join(dist, 'assets', 'big-5678.js'), app)
    writeFileSync(join(dist, 'assets', 'big-5678.js.br'), brotliCompressSync(app))
    writeFileSync(join(dist, 'assets', 'big-5678.js.gz'), gzipSync(app))
    writeFileSync(join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>SMS</title>'))
    h = await setup({ historyRows: 100, distDir: dist })
  })
  afterAll(async () => {
    await h.close()
    rmSync(dist, { recursive: true, force: true })
  })

  describe('console hosting', () => {
    it('redirects / to /sms-cloud/', async () => {
      const res = await h.app.request('/')
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/sms-cloud/')
    })

    it('serves files and falls back to index.html for deep links', async () => {
      const asset = await h.app.request('/sms-cloud/assets/app-1234.js')
      expect(asset.headers.get('content-type')).toContain('javascript')
      expect(asset.headers.get('cache-control')).toContain('immutable')
      const embedded = `/sms-cloud/myiframe/${encodeURIComponent('https://example.com/report.html')}`
      for (const path of ['/sms-cloud/', '/sms-cloud/home-sms/mt-records', '/sms-cloud/info/index', embedded]) {
        const res = await h.app.request(path)
        expect(res.status).toBe(200)
        expect(await res.text()).toContain('<title>SMS</title>')
      }
    })

    it('serves the precompressed file the browser takes: brotli, else gzip, else as built, each marked Vary', async () => {
      const big = '/sms-cloud/assets/big-5678.js'
      const get = (accept?: string) => h.app.request(big, { headers: accept === undefined ? {} : { 'accept-encoding': accept } })
      const plain = await (await get()).text()
      expect(plain).toMatch(/^export const words/)

      const br = await get('gzip, deflate, br, zstd')
      expect(br.headers.get('content-encoding')).toBe('br')
      expect(br.headers.get('vary')).toBe('Accept-Encoding')
      expect(br.headers.get('content-type')).toContain('javascript')
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain)

      for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=0.5, br;q=0']) {
        const gz = await get(accept)
        expect(gz.headers.get('content-encoding'), accept).toBe('gzip')
        expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain)
      }
      for (const accept of ['identity', 'gzip;q=0, br;q=0', '']) {
        const raw = await get(accept)
        expect(raw.headers.get('content-encoding'), accept).toBeNull()
        expect(raw.headers.get('vary'), accept).toBe('Accept-Encoding')
        expect(await raw.text()).toBe(plain)
      }
      expect((await get('*')).headers.get('content-encoding')).toBe('br')
    })

    it('serves the page itself compressed and never cached unchecked, at its address and at deep links', async () => {
      for (const path of ['/sms-cloud/index.html', '/sms-cloud/home-sms/mt-records']) {
        const res = await h.app.request(path, { headers: { 'accept-encoding': 'gzip, br' } })
        expect(res.headers.get('content-encoding'), path).toBe('gzip')
        expect(res.headers.get('cache-control'), path).toBe('no-cache')
        expect(res.headers.get('content-type'), path).toContain('text/html')
        expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('<title>SMS</title>')
      }
      // A file without compressed copies never varies.
      const small = await h.app.request('/sms-cloud/assets/app-1234.js', { headers: { 'accept-encoding': 'gzip, br' } })
      expect(small.headers.get('content-encoding')).toBeNull()
      expect(small.headers.get('vary')).toBeNull()
    })

    it('answers 404 for a missing asset instead of the page', async () => {
      expect((await h.app.request('/sms-cloud/assets/gone-999.js')).status).toBe(404)
      expect((await h.app.request('/sms-cloud/../package.json')).status).not.toBe(200)
    })

    it('tells the console where the API is', async () => {
      const res = await h.app.request('/sms-cloud/config.js')
      expect(await res.text()).toBe('window.SMS_CONFIG = {"apiBase":"/api","frameOrigins":[]};\n')
    })

    it('says to build the console when dist is missing', async () => {
      const app = createApp({ db: h.db, config: { distDir: join(dist, 'missing') } })
      const res = await app.request('/sms-cloud/wel/index')
      expect(res.status).toBe(503)
      expect(await res.text()).toContain('npm run build')
    })
  })

  describe('public API', () => {
    it('gives the site settings without a token', async () => {
      const res = await h.call('/setting/getClientWebSiteBeian', { hash: '' })
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ client_name: '云短信平台', show_language: 1, logoType: 'image/svg+xml' })
      expect(Buffer.from(res.data.logo, 'base64').toString()).toMatch(/^<svg/)
    })

    it('refuses an oversized JSON body with 413', async () => {
      const res = await h.call('/setting/getClientWebSiteBeian', { hash: 'x'.repeat(3 * 1024 * 1024) })
      expect(res).toMatchObject({ status: 413, code: 413 })
    })

    it('grants CORS to a console on another host listed in ALLOWED_ORIGINS, and to no other origin by default', async () => {
      const preflight = (app: typeof h.app, origin: string) => app.request('/api/user/getUserInfo', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      })
      const listed = createApp({ db: h.db, config: { allowedOrigins: ['http://console.example'] } })
      const res = await preflight(listed, 'http://console.example')
      expect(res.status).toBeLessThan(300)
      expect(res.headers.get('access-control-allow-origin')).toBe('http://console.example')
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
      // Another port of the same host could read the script-written token cookie: it gets no grant to read with it.
      expect((await preflight(listed, 'http://localhost:8081')).headers.get('access-control-allow-origin')).toBeNull()
      expect((await preflight(h.app, 'http://console.example')).headers.get('access-control-allow-origin')).toBeNull()
      const open = createApp({ db: h.db, config: { corsOrigin: '*' } })
      expect((await preflight(open, 'http://console.example')).headers.get('access-control-allow-origin')).toBe('*')
    })

    it('answers unknown API paths with a 404 envelope', async () => {
      const res = await h.call('/nope/nothing')
      expect(res).toMatchObject({ status: 404, code: 404, data: null })
    })
  })
})
