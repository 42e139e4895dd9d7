import { request, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { setup, TEST_ORIGIN, type Harness } from '../test/harness'

/*
 * Through Node's HTTP server as `npm start` serves (@hono/node-server), with a plain node:http client: the body limit
 * and CORS answer as hono's middlewares did, and a list request is read and answered without web streams (the light
 * request and response of the adapter; light-middleware.ts says why that matters).
 */
describe('body limit and CORS over HTTP', () => {
  let h: Harness
  let server: ServerType
  let port: number
  let token: string
  const ORIGIN = 'http://console.example'

  beforeAll(async () => {
    h = await setup()
    token = await h.tokenFor('acme', 'Acme@12345')
    const app = createApp({ db: h.db, config: { allowedOrigins: [ORIGIN], publicOrigins: [TEST_ORIGIN], captchaFixed: 'T3ST', distDir: '/nonexistent-dist' } })
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise<void>((resolve) => server.once('listening', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await h.close()
  })

  /** One request; `chunks` are written one by one (chunked, no Content-Length) when given. */
  const send = (path: string, opts: { method?: string; headers?: Record<string, string>; body?: string; chunks?: string[] } = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
      // The host the server is configured for (PUBLIC_ORIGIN), not the socket's 127.0.0.1:<port>.
      const headers: Record<string, string | number> = { 'content-type': 'application/json', host: new URL(TEST_ORIGIN).host, ...opts.headers }
      if (opts.body !== undefined) headers['content-length'] = Buffer.byteLength(opts.body)
      const req = request({ host: '127.0.0.1', port, path: `/api${path}`, method: opts.method ?? 'POST', headers, agent: false }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }))
      })
      // The server may answer (413) and close before the whole body is written.
      req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'EPIPE' || (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)))
      if (opts.chunks) for (const c of opts.chunks) req.write(c)
      else if (opts.body !== undefined) req.write(opts.body)
      req.end()
    })
  const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 - offset * 86_400_000).toISOString().slice(0, 10)
  const search = (pageNumber: number, pageSize: number) => JSON.stringify({ pageNumber, pageSize, start_time: day(29), end_time: day(0) })
  const listBody = search(1, 5)
  const auth = () => ({ authorization: `Bearer ${token}` })

  it('refuses a JSON body over 2 MB with 413, by its Content-Length and, sent chunked, by its bytes', async () => {
    const big = JSON.stringify({ hash: 'x'.repeat(3 * 1024 * 1024) })
    const declared = await send('/setting/getClientWebSiteBeian', { body: big })
    expect(declared.status).toBe(413)
    expect(JSON.parse(declared.text)).toMatchObject({ code: 413 })
    const chunked = await send('/setting/getClientWebSiteBeian', { chunks: [big.slice(0, 1 << 20), big.slice(1 << 20, 2 << 20), big.slice(2 << 20)] })
    expect(chunked.status).toBe(413)
    const small = await send('/setting/getClientWebSiteBeian', { chunks: ['{"hash":', '""}'] })
    expect(small.status).toBe(200)
  })

  it('reads a list request whole and answers it, with the JSON body parsed as before', async () => {
    const res = await send('/mtRecord/list', { body: search(2, 3), headers: auth() })
    expect(res.status).toBe(200)
    const page = JSON.parse(res.text) as { data: { records: unknown[]; total: number } }
    expect(page.data.records).toHaveLength(3)
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)))
    const bad = await send('/mtRecord/list', { body: '{"pageNumber": "x"}', headers: auth() })
    expect(bad.status).toBe(400)
  })

  it('grants CORS to an allowed origin on answers and refusals alike, never to another, and varies by Origin', async () => {
    for (const [path, headers, status] of [['/mtRecord/list', auth(), 200], ['/mtRecord/list', {}, 401]] as const) {
      const res = await send(path, { body: listBody, headers: { ...headers, origin: ORIGIN } })
      expect(res.status).toBe(status)
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN)
      expect(res.headers['access-control-expose-headers']).toBe('Content-Disposition,X-Total-Count,X-Request-Id')
      expect(res.headers.vary).toBe('Origin')
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    }
    const other = await send('/mtRecord/list', { body: listBody, headers: { ...auth(), origin: 'http://elsewhere.example' } })
    expect(other.status).toBe(403)
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    const get = await send('/openapi.json', { method: 'GET' })
    expect(get.status).toBe(200)
    expect(get.headers['access-control-allow-origin']).toBeUndefined()
    expect(get.headers.vary).toBe('Origin')
  })

  it('answers a list request without building a web stream for its body or its answer', async () => {
    const Native = globalThis.ReadableStream
    let made = 0
    globalThis.ReadableStream = new Proxy(Native, {
      construct(target, args, newTarget) {
        made++
        return Reflect.construct(target, args, newTarget) as object
      },
    })
    try {
      const res = await send('/mtRecord/list', { body: listBody, headers: { ...auth(), origin: ORIGIN } })
      expect(res.status).toBe(200)
    } finally {
      globalThis.ReadableStream = Native
    }
    expect(made).toBe(0)
  })
})
