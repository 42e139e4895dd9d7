import { Validator } from '@seriousme/openapi-schema-validator'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountListSchema } from '../src/domain/account'
import { API_PREFIX } from '../src/domain/api'
import { OPERATIONS, type Operation } from '../src/domain/operations'
import { operation, servedBy } from './http/operation'
import { inputSchema } from './routes/openapi'
import { setup, type Harness } from './test/harness'

type Doc = { paths: Record<string, Record<string, any>> } & Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The /api routes of `app` not served by their own operation (http/operation.ts): a method and path with no handler
 * registered by operation(), or whose handler serves another operation. A route registered by hand (r.post with a
 * schema of its own) is one; the document, generated from the served operations, would not show what it validates.
 */
function unservedRoutes(app: Hono): string[] {
  const handlers = new Map<string, unknown[]>()
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith(`${API_PREFIX}/`)) continue
    const key = `${r.method} ${r.path.slice(API_PREFIX.length)}`
    handlers.set(key, [...(handlers.get(key) ?? []), r.handler])
  }
  return [...handlers].flatMap(([key, hs]) => {
    const ops = hs.map(servedBy).filter((op) => op !== undefined)
    if (!ops.length) return [`${key}: no operation`]
    return ops.filter((op) => `${op.method.toUpperCase()} ${op.path}` !== key || !(OPERATIONS as readonly Operation[]).includes(op)).map((op) => `${key}: the handler of ${op.method} ${op.path}`)
  })
}

describe('GET /api/openapi.json', () => {
  let h: Harness
  let doc: Doc
  beforeAll(async () => {
    h = await setup({ historyRows: 50 })
    doc = (await (await h.app.request(`${API_PREFIX}/openapi.json`)).json()) as Doc
  })
  afterAll(() => h.close())

  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await new Validator().validate(structuredClone(doc))
    expect(res.errors ?? []).toEqual([])
    expect(res.valid).toBe(true)
    expect(doc.openapi).toMatch(/^3\.1\./)
  })

  it('serves every /api route through its operation, and every operation of the registry is served', () => {
    expect(unservedRoutes(h.app)).toEqual([])
    const served = h.app.routes.map((r) => servedBy(r.handler)).filter((op) => op !== undefined)
    expect(new Set(served)).toEqual(new Set(OPERATIONS))
  })

  it('documents exactly the routes Hono registers, method and path, both ways', () => {
    const registered = h.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API_PREFIX}/`))
      .map((r) => `${r.method.toLowerCase()} ${r.path.slice(API_PREFIX.length)}`)
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
    expect([...new Set(registered)].sort()).toEqual(documented.sort())
  })

  it('refuses a route registered beside its operation, or under another operation\'s path', () => {
    const api = new Hono()
    api.post('/user/getList', (c) => c.json(accountListSchema.parse({})))
    const logout = new Hono()
    operation(logout, '/user/logout', (c) => c.body(null))
    api.post('/user/getBusCtyList', logout.routes[0].handler)
    const app = new Hono().route(API_PREFIX, api)
    expect(unservedRoutes(app)).toEqual(['POST /user/getList: no operation', 'POST /user/getBusCtyList: the handler of post /user/logout'])
  })

  it('is public and cacheable: no token needed, Cache-Control public, an ETag that answers 304', async () => {
    const res = await h.app.request(`${API_PREFIX}/openapi.json`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/\bpublic\b/)
    const tag = res.headers.get('etag')
    expect(tag).toBeTruthy()
    expect((await h.app.request(`${API_PREFIX}/openapi.json`, { headers: { 'if-none-match': tag! } })).status).toBe(304)
  })

  it("gives each served call the request schema its handler reads with, its auth and the error envelope", () => {
    for (const op of OPERATIONS) {
      const o = doc.paths[op.path][op.method]
      const cookie = op.method === 'get' ? [{ cookie: [] }] : []
      const signed = { smsAccount: [], smsTimestamp: [], smsNonce: [], smsSignature: [] }
      expect(o.security, op.path).toEqual(op.auth === 'bearer' ? [{ bearer: [] }, ...cookie] : op.auth === 'signature' ? [signed] : [])
      for (const s of ['400', '403', '404', '409', '413', '429', '500']) expect(o.responses[s], `${op.path} ${s}`).toBeDefined()
      if (op.request.kind === 'json') expect(o.requestBody.content['application/json'].schema).toEqual(inputSchema(op.request.schema))
      if (op.request.kind === 'multipart') {
        const media = o.requestBody.content['multipart/form-data']
        expect(media.schema.properties.payload).toEqual(inputSchema(op.request.schema))
        expect(media.encoding.payload.contentType).toBe('application/json')
        for (const f of op.request.files) expect(media.schema.properties[f]).toBeDefined()
      }
    }
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(['code', 'msg', 'data'])
  })

  it('marks auth truthfully: every bearer or signed call refuses an anonymous request with 401, no public call does', async () => {
    for (const op of OPERATIONS) {
      const res = await h.app.request(`${API_PREFIX}${op.path}`, { method: op.method.toUpperCase(), headers: { 'content-type': 'application/json' }, body: op.method === 'get' ? undefined : '{}' })
      expect(res.status === 401, `${op.method} ${op.path} answered ${res.status}`).toBe(op.auth !== 'none')
      // A bearer call says why the session is not there (the console's sign-in page words it); a signed call names its headers.
      if (res.status === 401) expect(await res.json()).toMatchObject({ code: 401, data: op.auth === 'bearer' ? { reason: 'expired' } : null, msg: expect.stringMatching(/\S/) })
    }
  })
})
