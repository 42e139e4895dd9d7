import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { z } from 'zod'
import { API_PREFIX, envelopeSchema } from '../../src/domain/api'
import { fieldErrorsSchema } from '../../src/domain/field-errors'
import { TOKEN_COOKIE } from '../../src/domain/constants'
import type { Operation } from '../../src/domain/operations'
import { SIGNATURE_HEADERS, SIGNATURE_WINDOW_SECONDS } from '../../src/domain/signed-api'
import { operation } from '../http/operation'

type Json = Record<string, unknown>

/** The contract's version (info.version), not the package's: raise it when a call changes incompatibly. */
const API_VERSION = '1.0.0'

/**
 * The refusals every call may give, in the envelope of src/domain/api.ts with `data` null, or on a 400 of a form's
 * write `{ fields }`: the fields at fault, each with its rule (src/domain/field-errors.ts).
 */
const ERROR_STATUSES = {
  400: 'Malformed or refused input (a translated reason in msg)',
  401: 'No valid session (missing, unknown, expired or revoked token), or for signed calls a missing, wrong, stale or replayed signature',
  403: 'Not allowed for this account',
  404: 'No such resource, or not visible to this account',
  409: 'The state forbids the change',
  413: 'Body too large',
  429: 'Too many requests (rate limit or lockout)',
  500: 'Unexpected server error',
} as const

/** A zod schema as the JSON Schema (2020-12) of what a client may send; refinements cannot be expressed and are not. */
export function inputSchema(schema: z.ZodType): Json {
  const { $schema: _, ...js } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json
  // Embedded in the document, a schema's own "#/$defs" would resolve against the document root; none is recursive today.
  if (js.$defs) throw new Error('recursive request schema: move its $defs to components first')
  return js
}

const jsonContent = (schema: Json) => ({ 'application/json': { schema } })

function requestOf(op: Operation): Json {
  const r = op.request
  if (r.kind === 'none' || r.kind === 'query') return {}
  if (r.kind === 'json') return { requestBody: { required: true, content: jsonContent(inputSchema(r.schema)) } }
  const file = r.media
    ? { type: 'string', contentMediaType: 'application/octet-stream', description: 'An image, video or audio file, judged by its content (src/domain/materials.ts)' }
    : { type: 'string', contentMediaType: 'text/plain', description: 'UTF-8 text, one entry a line (see src/domain/send.ts)' }
  const schema: Json = {
    type: 'object',
    properties: { payload: inputSchema(r.schema), ...Object.fromEntries(r.files.map((f) => [f, file])) },
    required: r.media ? r.files : ['payload'],
    anyOf: r.files.map((f) => ({ required: [f] })),
  }
  const encoding = { payload: { contentType: 'application/json' }, ...Object.fromEntries(r.files.map((f) => [f, { contentType: r.media ? 'application/octet-stream' : 'text/plain' }])) }
  return { requestBody: { required: true, content: { 'multipart/form-data': { schema, encoding } } } }
}

function parametersOf(op: Operation): Json[] {
  if (op.request.kind !== 'query') return []
  const js = inputSchema(op.request.schema)
  const required = new Set((js.required as string[] | undefined) ?? [])
  return Object.entries((js.properties ?? {}) as Record<string, Json>).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))
}

const FILE_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv']
const binary = { type: 'string', contentMediaType: 'application/octet-stream' }

function successOf(op: Operation): Json {
  switch (op.reply) {
    case 'json':
      return { description: 'The envelope, code 200', content: jsonContent({ $ref: '#/components/schemas/Envelope' }) }
    case 'file':
      return { description: 'The file, streamed (X-Total-Count: its rows)', content: Object.fromEntries(FILE_TYPES.map((t) => [t, { schema: binary }])) }
    case 'text':
      return { description: 'Text, one entry a line, streamed', content: { 'text/plain': { schema: { type: 'string' } } } }
    case 'svg':
      return { description: 'The captcha image', content: { 'image/svg+xml': { schema: { type: 'string' } } } }
    case 'media':
      return { description: 'The media bytes with their stored type (nosniff); one byte range answers 206', content: { 'application/octet-stream': { schema: binary } } }
    case 'openapi':
      return { description: 'This document', content: jsonContent({ type: 'object' }) }
  }
}

/** The four headers of a signed call, all required together (src/domain/signed-api.ts). */
const SIGNED = { smsAccount: [], smsTimestamp: [], smsNonce: [], smsSignature: [] }

/**
 * The bearer header; on a signed-in GET also the token cookie, which counts only for same-origin reads (http/csrf.ts);
 * the signature headers for the calls of customers' systems.
 */
function securityOf(op: Operation) {
  if (op.auth === 'none') return []
  if (op.auth === 'signature') return [SIGNED]
  return op.method === 'get' ? [{ bearer: [] }, { cookie: [] }] : [{ bearer: [] }]
}

const header = (name: string, description: string) => ({ type: 'apiKey', in: 'header', name, description })
const SIGNATURE_SCHEMES = {
  smsAccount: header(SIGNATURE_HEADERS.account, 'The account id (the console\'s sign-in name) whose app secret signs the call'),
  smsTimestamp: header(SIGNATURE_HEADERS.timestamp, `Unix time in seconds; refused more than ${SIGNATURE_WINDOW_SECONDS} s from the server's clock`),
  smsNonce: header(SIGNATURE_HEADERS.nonce, 'A new random value per call, 8–64 of A–Z a–z 0–9 _ -; a repeat within the window is refused'),
  smsSignature: header(SIGNATURE_HEADERS.signature,
    'Lowercase hex HMAC-SHA256 under the app secret of: METHOD, path (with /api), account, timestamp, nonce and the hex SHA-256 of the raw body, joined by line feeds'),
}

function operationOf(op: Operation): Json {
  const errors = Object.keys(ERROR_STATUSES).filter((s) => op.auth !== 'none' || s !== '401')
  return {
    operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
    tags: [op.tag],
    security: securityOf(op),
    parameters: parametersOf(op),
    ...requestOf(op),
    responses: { 200: successOf(op), ...Object.fromEntries(errors.map((s) => [s, { $ref: `#/components/responses/E${s}` }])) },
  }
}

/**
 * The OpenAPI 3.1 document of the operations the API serves (http/operation.ts: each route is registered by its
 * operation and reads its input through that operation's schema), so the document shows what the routes validate.
 */
export function openApiDocument(served: readonly Operation[]): Json {
  const paths: Record<string, Json> = {}
  for (const op of served) (paths[op.path] ??= {})[op.method] = operationOf(op)
  const errorEnvelope = inputSchema(envelopeSchema(z.union([z.null(), fieldErrorsSchema])).extend({ msg: z.string().min(1) }))
  return {
    openapi: '3.1.0',
    info: {
      title: 'SMS cloud console API',
      version: API_VERSION,
      description: 'Every reply is the envelope { code, msg, data, type? } (code = HTTP status, msg in the Accept-Language), except files and the captcha image.',
    },
    servers: [{ url: API_PREFIX }],
    tags: [...new Set(served.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token /user/login returns' },
        cookie: { type: 'apiKey', in: 'cookie', name: TOKEN_COOKIE, description: 'The same token in the console\'s cookie: GET from the console\'s own origin only' },
        ...SIGNATURE_SCHEMES,
      },
      schemas: { Envelope: inputSchema(envelopeSchema(z.unknown())), ErrorEnvelope: errorEnvelope },
      responses: Object.fromEntries(Object.entries(ERROR_STATUSES).map(([s, description]) => [
        `E${s}`, { description, content: jsonContent({ $ref: '#/components/schemas/ErrorEnvelope' }) },
      ])),
    },
  }
}

/**
 * GET /openapi.json: public and cacheable (built once, at the first request, when every route is registered; an ETag
 * answers a revalidation with 304). `served` names the operations of the router it documents.
 */
export function openApiRoutes(served: () => readonly Operation[]) {
  const r = new Hono()
  let text: string | undefined
  operation(r, '/openapi.json', etag(), (c) => {
    text ??= JSON.stringify(openApiDocument(served()))
    return c.body(text, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' })
  })
  return r
}
