import fc, { type Arbitrary } from 'fast-check'
import { z } from 'zod'
import { API_PREFIX } from '../../src/domain/api'
import { SESSION_END_REASONS } from '../../src/domain/auth'
import { fieldErrorsSchema } from '../../src/domain/field-errors'
import { serverMessage } from '../../src/domain/messages'
import type { Operation } from '../../src/domain/operations'
import type { createApp } from '../app'
import type { Db } from '../db'
import { issueToken } from '../security/tokens'
import { appSecretOf } from '../users/app-secret'
import { invalidOf, numbersFile, rowsFile, validOf, type Body, type Hints, type Schema } from './fuzz-bodies'
import { signatureHeaders } from './signed-kit'

/** The only data a 401 carries: why there is no session. */
const sessionEndSchema = z.object({ reason: z.enum(SESSION_END_REASONS) }).strict()

/*
 * The API fuzzer behind server/fuzz.test.ts (short, in `npm test`) and tests/bench/fuzz.bench.mjs (long): walks every
 * operation of /api/openapi.json with bodies derived from its schemas, as each demo account and anonymously, and
 * checks what no answer may do whatever the input: a 5xx, an oversized reply, a refusal that is not a well-formed
 * envelope, and (the zod schema as oracle) a valid body refused as malformed or an invalid one accepted.
 */

export const FUZZ_ACCOUNTS = { admin: 'Admin@12345', acme: 'Acme@12345', acme01: 'Acme01@12345' } as const
export type FuzzAccount = keyof typeof FUZZ_ACCOUNTS | 'anonymous'
export const JSON_REPLY_LIMIT = 1024 * 1024
/** A streamed file may hold this much per row it says it has (X-Total-Count), plus a fixed allowance. */
const FILE_BYTES_PER_ROW = 4096
const FILE_ALLOWANCE = 1024 * 1024
const TEXT_LIMIT = 16 * 1024 * 1024
/** Calls that end the session they are made with: the account gets a fresh token afterwards. */
const ENDS_SESSION = new Set(['/user/logout', '/user/refesh'])

type App = ReturnType<typeof createApp>
type DocOp = { requestBody?: { content: Record<string, { schema: Schema }> }; parameters?: { name: string; required: boolean; schema: Schema }[] }
export type Doc = { paths: Record<string, Record<string, DocOp>> }

export interface FuzzTarget {
  app: App
  db: Db
  tokens: Record<Exclude<FuzzAccount, 'anonymous'>, string>
  /** App secrets: the signed calls (auth `signature`) are signed by the account instead of sent with its token. */
  secrets: Record<Exclude<FuzzAccount, 'anonymous'>, string>
  hints: Hints
}

/** Signs every demo account in and collects real ids, so valid bodies reach past "not found". */
export async function fuzzTarget(app: App, db: Db, tokenFor: (user: string, password: string) => Promise<string>): Promise<FuzzTarget> {
  const tokens = {} as FuzzTarget['tokens']
  const secrets = {} as FuzzTarget['secrets']
  for (const [user, password] of Object.entries(FUZZ_ACCOUNTS)) {
    tokens[user as keyof typeof FUZZ_ACCOUNTS] = await tokenFor(user, password)
    secrets[user as keyof typeof FUZZ_ACCOUNTS] = await appSecretOf(db, user)
  }
  const ids = async (sql: string) => (await db.query<{ v: unknown }>(sql)).rows.map((r) => r.v)
  const hints: Hints = {
    cus_id: ['admin', 'acme', 'acme01', 'acme02', 'globex', 'nobody'],
    time_batch: await ids('select time_batch as v from time_batch order by time_batch limit 4'),
    batch_id: await ids('select batch_id as v from sms_batch order by batch_id limit 4'),
    cus_template_id: await ids('select cus_template_id as v from video_template order by 1 limit 4'),
    template_id: await ids('select template_id as v from csp_template order by 1 limit 4'),
    chatbot_id: await ids('select chatbot_id as v from chatbot order by 1 limit 4'),
    group_ids: [await ids('select group_id as v from ab_group order by 1 limit 3')],
    id: await ids('select id as v from crud_sample order by id limit 4'),
    // Real dates: a pattern alone makes mostly impossible ones, which leaves the lists' queries untried.
    start_time: ['2024-02-29', '2020-01-01 00:00', new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)],
    end_time: ['2024-03-01 23:59:59', new Date().toISOString().slice(0, 10)],
    month: ['202402', '2024-12'],
    // Codes a refinement allows (a record's status, a link clicked or not), which JSON Schema cannot list.
    status: [0, 1, 100, 500, 600, 700],
    click_status: [0, 1],
    // A pipe's JSON Schema is its input's (any number), not the product codes the pipe then allows.
    prod_type: [0, 1, 2, 6],
    long_url: ['https://example.com/a?b=1', 'http://example.org/'],
    // What amplified memory once: a template repeating {p1}, filled from every row of the rows file.
    template: ['{p1}'.repeat(125), '您好{p1}，订单{p2}已发货'],
  }
  return { app, db, tokens, secrets, hints }
}

/** One generated call: who makes it and what it sends. */
export interface FuzzCase {
  account: FuzzAccount
  body?: Body
  query?: Record<string, string>
  files?: Record<string, string>
}

const accounts = fc.constantFrom<FuzzAccount>('admin', 'acme', 'acme01', 'anonymous')

/** The cases of one operation of the document: valid and invalid bodies in about equal parts. */
export function casesOf(doc: Doc, op: Operation, hints: Hints): Arbitrary<FuzzCase> {
  const d = doc.paths[op.path][op.method]
  const r = op.request
  if (r.kind === 'none') return fc.record({ account: accounts, body: fc.constant<Body>({ value: {} }) })
  if (r.kind === 'query') {
    const schema: Schema = { type: 'object', properties: Object.fromEntries((d.parameters ?? []).map((p) => [p.name, p.schema])), required: (d.parameters ?? []).filter((p) => p.required).map((p) => p.name) }
    const asQuery = (v: unknown) => Object.fromEntries(Object.entries((v ?? {}) as object).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]))
    const bodies = fc.oneof(validOf(schema, hints).map((value) => ({ value })), invalidOf(schema, hints))
    // Raw text (broken JSON and such) goes into the first parameter as it is.
    const first = d.parameters?.[0]?.name ?? 'q'
    return fc.record({ account: accounts, query: bodies.map((b) => asQuery('value' in b ? b.value : { [first]: b.raw })) })
  }
  const media = r.kind === 'json' ? 'application/json' : 'multipart/form-data'
  const schema = r.kind === 'json' ? d.requestBody!.content[media].schema : ((d.requestBody!.content[media].schema.properties as Record<string, Schema>).payload)
  const body = fc.oneof(validOf(schema, hints).map((value): Body => ({ value })), invalidOf(schema, hints))
  if (r.kind === 'json') return fc.record({ account: accounts, body })
  const file = fc.constantFrom(...r.files).chain((part) => (part === 'rows' ? rowsFile : numbersFile).map((text) => ({ [part]: text })))
  return fc.record({ account: accounts, body, files: fc.oneof({ arbitrary: file, weight: 5 }, fc.constant({})) })
}

type Column = { precision: number; scale: number }

/** Values at and just past the edges of a numeric(p, s) column, as text and as JSON numbers. */
export function boundaryValues(c: Column): unknown[] {
  const max = `${'9'.repeat(c.precision - c.scale)}.${'9'.repeat(c.scale)}`
  const ulp = `0.${'0'.repeat(c.scale - 1)}1`
  const past = `1${'0'.repeat(c.precision - c.scale)}`
  return [
    max, `-${max}`, past, `-${past}`, `${max}9`, ulp, `-${ulp}`, `0.${'0'.repeat(c.scale)}1`, '0', '-0', `1e${c.precision - c.scale}`,
    ` ${max} `, `0${max}`, Number(max), Number(past), -Number(ulp), 1e300,
  ]
}

/**
 * A case per money field (marked `format: decimal` with its column, src/domain/money.ts) of the operation and per
 * boundary value of that column, in an otherwise valid body (fields inside arrays in its first item), as `account`.
 */
export function moneyCases(doc: Doc, op: Operation, hints: Hints, account: FuzzAccount, seed: number): FuzzCase[] {
  if (op.request.kind !== 'json') return []
  const schema = doc.paths[op.path][op.method].requestBody!.content['application/json'].schema
  const [base] = fc.sample(validOf(schema, hints), { seed, numRuns: 1 }) as Record<string, unknown>[]
  const props = (schema.properties ?? {}) as Record<string, Schema>
  const cases: FuzzCase[] = []
  for (const [key, p] of Object.entries(props)) {
    const itemProps = ((p.items as Schema | undefined)?.properties ?? {}) as Record<string, Schema>
    if (p['x-column']) {
      for (const v of boundaryValues(p['x-column'] as Column)) cases.push({ account, body: { value: { ...base, [key]: v } } })
    }
    for (const [inner, q] of Object.entries(itemProps)) {
      if (!q['x-column']) continue
      const [item] = fc.sample(validOf(p.items as Schema, hints), { seed, numRuns: 1 }) as Record<string, unknown>[]
      for (const v of boundaryValues(q['x-column'] as Column)) cases.push({ account, body: { value: { ...base, [key]: [{ ...item, [inner]: v }] } } })
    }
  }
  return cases
}

function requestOf(op: Operation, c: FuzzCase, token: string | undefined, secret: string | undefined): Request {
  const signed = op.auth === 'signature'
  const headers: Record<string, string> = { 'accept-language': 'en', ...(token && !signed ? { authorization: `Bearer ${token}` } : {}) }
  const text = c.body && ('raw' in c.body ? c.body.raw : JSON.stringify(c.body.value))
  const url = `http://localhost${API_PREFIX}${op.path}${c.query ? `?${new URLSearchParams(c.query)}` : ''}`
  const method = op.method.toUpperCase()
  if (op.request.kind === 'multipart') {
    const form = new FormData()
    if (text !== undefined) form.set('payload', text)
    for (const [part, content] of Object.entries(c.files ?? {})) form.set(part, new Blob([content]), `${part}.txt`)
    return new Request(url, { method, headers, body: form })
  }
  if (method === 'GET') return new Request(url, { method, headers })
  const body = text ?? '{}'
  if (signed && secret) Object.assign(headers, signatureHeaders({ account: c.account, secret }, op.path, body))
  return new Request(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body })
}

/** Bytes of a streamed body, read up to `limit` (+1, to tell "over"), then cancelled. */
async function bytesOf(res: Response, limit: number): Promise<number> {
  const reader = res.body?.getReader()
  let n = 0
  while (reader) {
    const step = await reader.read()
    if (step.done) break
    n += step.value.byteLength
    if (n > limit) {
      await reader.cancel()
      break
    }
  }
  return n
}

/** What the zod schema says of the body the route will read: true valid, false invalid, null when not a plain case. */
function oracle(op: Operation, c: FuzzCase): boolean | null {
  if (op.request.kind === 'none' || c.account === 'anonymous' && op.auth !== 'none') return null
  if (op.request.kind === 'query') return op.request.schema.safeParse(c.query).success
  if (!c.body || !('value' in c.body)) return null
  const value = JSON.parse(JSON.stringify(c.body.value ?? null)) as unknown
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  return op.request.schema.safeParse(value).success
}

function envelopeOf(text: string): { code?: unknown; msg?: unknown; data?: unknown } | null {
  try {
    const v = JSON.parse(text) as unknown
    return v !== null && typeof v === 'object' ? v : null
  } catch {
    return null
  }
}

/** Makes the call and returns what is wrong with its answer (empty when nothing is). */
export async function runCase(t: FuzzTarget, op: Operation, c: FuzzCase): Promise<{ status: number; problems: string[] }> {
  const token = c.account === 'anonymous' ? undefined : t.tokens[c.account]
  const res = await t.app.request(requestOf(op, c, token, c.account === 'anonymous' ? undefined : t.secrets[c.account]))
  if (token && ENDS_SESSION.has(op.path)) t.tokens[c.account as keyof FuzzTarget['tokens']] = await freshToken(t.db, c.account)
  const problems: string[] = []
  if (res.status >= 500) problems.push(`answered ${res.status}`)
  const type = res.headers.get('content-type') ?? ''
  if (res.status !== 200 || type.includes('application/json')) {
    const text = await res.text()
    if (text.length > JSON_REPLY_LIMIT) problems.push(`JSON reply of ${text.length} characters`)
    const env = envelopeOf(text)
    if (!env) problems.push(`status ${res.status} without a JSON envelope: ${text.slice(0, 80)}`)
    if (env && op.reply !== 'openapi') {
      if (env.code !== res.status) problems.push(`envelope code ${String(env.code)} on HTTP ${res.status}`)
      if (typeof env.msg !== 'string' || !env.msg.trim()) problems.push('envelope without a message')
      // A refusal carries no data, except a 400 naming the fields at fault (src/domain/field-errors.ts) and a 401
      // saying why there is no session (`data.reason`, one of SESSION_END_REASONS, and nothing else).
      const fieldsNamed = res.status === 400 && fieldErrorsSchema.safeParse(env.data).success
      const sessionEnded = res.status === 401 && sessionEndSchema.safeParse(env.data).success
      if (res.status !== 200 && env.data !== null && !fieldsNamed && !sessionEnded) problems.push('refusal with data')
    }
    const valid = oracle(op, c)
    const refused = res.status === 400 && env?.msg === serverMessage('badRequest', 'en')
    if (valid === true && refused) problems.push('a body the schema accepts was refused as malformed')
    if (valid === false && res.status === 200) problems.push('a body the schema refuses was accepted')
  } else {
    const rows = Number(res.headers.get('x-total-count'))
    const limit = op.reply === 'file' && Number.isFinite(rows) ? FILE_ALLOWANCE + FILE_BYTES_PER_ROW * rows : TEXT_LIMIT
    const n = await bytesOf(res, limit)
    if (n > limit) problems.push(`${op.reply} reply over ${limit} bytes`)
  }
  return { status: res.status, problems }
}

async function freshToken(db: Db, cusId: string): Promise<string> {
  const { rows } = await db.query<{ id: number }>('select id from customer where cus_id = $1', [cusId])
  return (await issueToken(db, rows[0].id)).token
}

export interface FuzzStats {
  operation: string
  runs: number
  statuses: Record<number, number>
  failure?: string
}

/** Runs `numRuns` cases of one operation; the failure (if any) names the case, the seed and the path to replay it. */
export async function fuzzOperation(t: FuzzTarget, doc: Doc, op: Operation, opts: { numRuns: number; seed: number }): Promise<FuzzStats> {
  const stats: FuzzStats = { operation: `${op.method.toUpperCase()} ${op.path}`, runs: 0, statuses: {} }
  const property = fc.asyncProperty(casesOf(doc, op, t.hints), async (c) => {
    const { status, problems } = await runCase(t, op, c)
    stats.runs++
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1
    if (problems.length) throw new Error(`${stats.operation} as ${c.account}: ${problems.join('; ')}`)
  })
  const result = await fc.check(property, { numRuns: opts.numRuns, seed: opts.seed, endOnFailure: true })
  if (result.failed) {
    const input = JSON.stringify(result.counterexample?.[0], (_, v: unknown) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}… (${v.length} chars)` : v))
    stats.failure = `${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n  input: ${input}\n  replay: seed ${result.seed}, path "${result.counterexamplePath}"`
  }
  return stats
}
