import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../src/domain/api'
import { OPERATIONS } from '../src/domain/operations'
import { inputSchema } from './routes/openapi'
import { setup, type Harness } from './test/harness'

type Doc = { paths: Record<string, Record<string, any>> } & Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

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

  it('lists exactly the /api routes Hono registers, method and path, both ways', () => {
    const registered = h.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API_PREFIX}/`))
      .map((r) => `${r.method.toLowerCase()} ${r.path.slice(API_PREFIX.length)}`)
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
    expect([...new Set(registered)].sort()).toEqual(documented.sort())
  })

  it('is public and cacheable: no token needed, Cache-Control public, an ETag that answers 304', async () => {
    const res = await h.app.request(`${API_PREFIX}/openapi.json`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/\bpublic\b/)
    const tag = res.headers.get('etag')
    expect(tag).toBeTruthy()
    expect((await h.app.request(`${API_PREFIX}/openapi.json`, { headers: { 'if-none-match': tag! } })).status).toBe(304)
  })

  it("gives each call its request schema from the domain's zod schema, its auth and the error envelope", () => {
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
      if (res.status === 401) expect(await res.json()).toMatchObject({ code: 401, data: null, msg: expect.stringMatching(/\S/) })
    }
  })
})
