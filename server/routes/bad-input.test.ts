import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../../src/domain/api'
import { SERVER_MESSAGES } from '../../src/domain/messages'
import { P2P_SEND_PATH } from '../../src/domain/send'
import { SHORT_LINK_PATH } from '../../src/domain/send-link'
import { issueToken } from '../security/tokens'
import { setup, type Harness } from '../test/harness'
import { signatureHeaders } from '../test/signed-kit'
import { appSecretOf } from '../users/app-secret'
import { BAD_VALUES, PROBES, STALE_EXTRAS, type Probe } from '../test/probes'

/*
 * Bad input is a 400 with a translated message, never a 500. Every route the app registers is
 * walked as admin, acme and acme01 with each bad value in each field of its payload (one field at a time, the rest
 * valid, so the bad value reaches as deep as it can), alternating zh-CN and en.
 */

const USERS = ['admin', 'acme', 'acme01'] as const
type User = (typeof USERS)[number]
const LANGS = ['zh-CN', 'en'] as const

/** Every message the server can say in `lang`, with its {vars} matching anything. */
const wordings = (lang: (typeof LANGS)[number]) =>
  Object.values(SERVER_MESSAGES).map((m) => new RegExp(`^${m[lang].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '.*')}$`, 's'))
const KNOWN = { 'zh-CN': wordings('zh-CN'), en: wordings('en') }

/** JSON text of `value`, where a `{ raw }` leaf is written as its raw text (numbers JSON.stringify cannot write). */
function jsonText(value: unknown): string {
  const raws: string[] = []
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && 'raw' in v && typeof v.raw === 'string') return `\u0001RAW${raws.push(v.raw) - 1}\u0001`
    return v
  })
  return text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)])
}

const plain = (value: unknown): unknown => JSON.parse(jsonText(value))

function setPath(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base)
  let at: Record<string, unknown> = copy
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>
  at[path[path.length - 1]] = value
  return copy
}

interface Sent {
  status: number
  text: string
  contentType: string
}

/**
 * The probes of one route a few at a time: the server answers requests side by side (as it does in production), and
 * its time is mostly PostgreSQL's round trips, so a handful in flight takes a fraction of one after another. Callers
 * and languages are fixed when each call starts, in order, as they are sequentially. Send forms one at a time: the
 * process's body budget for them (server/http/body-budget.ts) rightly answers 503 to several large ones at once.
 */
const IN_FLIGHT = 6
async function inParallel<T>(calls: (() => Promise<T>)[], inFlight = IN_FLIGHT): Promise<void> {
  let next = 0
  await Promise.all(Array.from({ length: Math.min(inFlight, calls.length) }, async () => {
    while (next < calls.length) await calls[next++]()
  }))
}

describe('routes/bad-input', () => {
  let h: Harness
  const tok = {} as Record<User, string>
  const ids: Record<string, string | number> = {}
  const idOf = async (user: User) => (await h.db.query<{ id: number }>('select id from customer where cus_id = $1', [user])).rows[0].id
  beforeAll(async () => {
    h = await setup({ historyRows: 300 })
    // Sessions straight from the token store: sign-in itself is one of the routes probed, not a precondition.
    for (const u of USERS) tok[u] = (await issueToken(h.db, await idOf(u))).token
    const one = async (sql: string) => Object.values((await h.db.query<Record<string, string | number>>(sql)).rows[0] ?? { v: 'none' })[0]
    ids.timeBatch = await one(`select time_batch from time_batch where cus_id = 'acme01' and send_status = 0 and batch_type = 0 limit 1`)
    ids.videoTemplate = await one(`select cus_template_id from video_template where cus_id = 'acme' and status = 2 limit 1`)
    ids.cspTemplate = await one(`select template_id from csp_template order by template_id limit 1`)
  })
  afterAll(() => h.close())

  let turn = 0
  async function send(probe: Probe, user: User | null, payload: unknown, file?: string, rawBody?: string): Promise<Sent> {
    const lang = LANGS[turn++ % 2]
    // Refresh and log-out end the session they are called with: those get a session of their own each time.
    const token = user && !probe.signed && (probe.endsSession ? (await issueToken(h.db, await idOf(user))).token : tok[user])
    const headers: Record<string, string> = { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) }
    const method = probe.method ?? 'POST'
    let url = `${API_PREFIX}${probe.path}`
    let body: BodyInit | undefined
    if (probe.form) {
      const f = new FormData()
      f.set('payload', rawBody ?? jsonText(payload))
      f.set(probe.form, new Blob([file ?? probe.file ?? '13800000000']), 'part.txt')
      body = f
    } else if (probe.query) {
      const q = new URLSearchParams()
      const fields = plain(payload)
      for (const [k, v] of Object.entries(fields && typeof fields === 'object' ? fields : { [String(fields)]: '' })) q.append(k, typeof v === 'string' ? v : JSON.stringify(v))
      url += `?${q}`
    } else {
      headers['content-type'] = 'application/json'
      body = rawBody ?? jsonText(payload)
    }
    // A signed call (no session) carries its caller's signature of the very bytes sent, so the probe reaches its schema.
    if (probe.signed && user) Object.assign(headers, signatureHeaders({ account: user, secret: await appSecretOf(h.db, user) }, probe.path, String(body)))
    const res = await h.app.request(url, { method, headers, body })
    const sent = { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' }
    const where = `${method} ${probe.path} as ${user}: ${jsonText(payload).slice(0, 160)} ${file?.slice(0, 40) ?? ''} → ${sent.status} ${sent.text.slice(0, 120)}`
    expect.soft(sent.status, where).toBeLessThan(500)
    if (probe.signed && user) expect.soft(sent.status, `${where}: signed, so past the signature`).not.toBe(401)
    if (sent.status >= 500) return sent
    if (sent.status === 200 && (probe.document || !sent.contentType.includes('json'))) return sent
    const env = JSON.parse(sent.text) as { code: unknown; msg: unknown; data: unknown }
    expect(env.code, where).toBe(sent.status)
    expect('data' in env, where).toBe(true)
    expect(typeof env.msg === 'string' && env.msg.length > 0, where).toBe(true)
    expect(KNOWN[lang].some((re) => re.test(env.msg as string)), `${where}: msg in ${lang}`).toBe(true)
    return sent
  }

  describe('the cases of the report', () => {
    const call = async (path: string, body: unknown, user: User = 'admin', lang = 'en', method = 'POST') => {
      const res = await h.app.request(`${API_PREFIX}${path}`, {
        method, body: method === 'GET' ? undefined : JSON.stringify(body),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tok[user]}`, 'accept-language': lang },
      })
      return { status: res.status, ...((await res.json()) as { msg: string }) }
    }
    const count = async (sql: string, params: unknown[] = []) => (await h.db.query<{ n: number }>(sql, params)).rows[0].n
    const refused = { status: 400, msg: SERVER_MESSAGES.badRequest.en }

    it('a NUL in a text filter is 400 badRequest, in both languages', async () => {
      expect(await call('/mtRecord/list', { content: 'a\u0000b' })).toMatchObject(refused)
      expect(await call('/mtRecord/list', { mobile: '138\u0000' }, 'acme01', 'zh-CN')).toMatchObject({ status: 400, msg: SERVER_MESSAGES.badRequest['zh-CN'] })
      expect((await call('/crud/list?name=a%00b', null, 'admin', 'en', 'GET'))).toMatchObject(refused)
    })

    it('a NUL in templateAdd, the timed edit and the error log is refused and nothing is written', async () => {
      const before = await count('select count(*)::int as n from content_template')
      // Template writes name the field at fault, for the form to mark (server/templates/body.ts).
      expect(await call('/user/templateAdd', { template_content: 'Hello\u0000' }, 'acme'))
        .toMatchObject({ status: 400, msg: SERVER_MESSAGES.fieldsInvalid.en, data: { fields: { template_content: 'invalidValue' } } })
      expect(await count('select count(*)::int as n from content_template')).toBe(before)

      const batch = String(ids.timeBatch)
      const content = async () => (await h.db.query<{ content: string }>('select content from time_batch where time_batch = $1', [batch])).rows[0].content
      const was = await content()
      expect(await call('/pageTimeBatch/edit', { time_batch: batch, content: 'New\u0000text' }, 'acme01')).toMatchObject(refused)
      expect(await content()).toBe(was)

      const logs = await count('select count(*)::int as n from error_log')
      expect(await call('/errorLog/upload', { logs: [{ message: 'boom', stack: 'at \u0000', url: '/x' }] }, 'acme')).toMatchObject(refused)
      expect(await count('select count(*)::int as n from error_log')).toBe(logs)
    })

    it('dates of the right shape that do not exist are 400', async () => {
      for (const d of ['2024-02-30', '0000-00-00', '2024-13-01 25:61']) {
        expect(await call('/mtRecord/list', { start_time: d }), d).toMatchObject(refused)
        expect(await call('/dataGathering/list', { end_time: d }, 'acme'), d).toMatchObject(refused)
      }
      expect(await call('/mtRecord/list', { month: '0000-01' })).toMatchObject(refused)
      expect((await call('/mtRecord/list', { start_time: '2024-02-29', end_time: '2024-03-01 23:59:59' })).status).toBe(200)
    })

    it('integers beyond the column are 400: ids, group ids, codes, in bodies and query strings', async () => {
      expect(await call('/addressBook/groupMobileDetail', { group_ids: [99999999999] }, 'acme')).toMatchObject(refused)
      expect(await call('/crud/delete?id=99999999999999', null, 'admin', 'en', 'DELETE')).toMatchObject(refused)
      expect(await call('/crud/list?status=99999', null, 'admin', 'en', 'GET')).toMatchObject(refused)
      for (const id of [-1, 2 ** 31, 1.5, 'NaN']) expect(await call('/videoTemplate/getVideoTemplate', { cus_template_id: id }, 'acme'), String(id)).toMatchObject(refused)
      expect(await call('/contentTemplate/list', { check_status: 99999999999 }, 'acme')).toMatchObject(refused)
      expect(await call('/addressBook/list', { group_id: 99999999999 }, 'acme')).toMatchObject(refused)
    })

    it('a send file with a NUL byte is refused whole (400 fileHasNul): no batch, no record', async () => {
      const batches = await count('select count(*)::int as n from sms_batch')
      for (const [path, part, payload, file] of [
        [P2P_SEND_PATH, 'rows', { template: 'Hi {p1}' }, '13800000000\tA\u0000B\n13800000001\tC'],
        ['/user/groupSend', 'numbers', { content: 'Hi' }, '13800000000\n1380000\u00000001'],
      ] as const) {
        const f = new FormData()
        f.set('payload', JSON.stringify({ ...payload, idempotency_key: crypto.randomUUID() }))
        f.set(part, new Blob([file]), 'part.txt')
        const res = await h.app.request(`${API_PREFIX}${path}`, { method: 'POST', headers: { authorization: `Bearer ${tok.acme}`, 'accept-language': 'en' }, body: f })
        expect({ status: res.status, msg: ((await res.json()) as { msg: string }).msg }, path).toEqual({ status: 400, msg: SERVER_MESSAGES.fileHasNul.en })
      }
      expect(await count('select count(*)::int as n from sms_batch')).toBe(batches)
    })
  })

  it('the public short-link redirect refuses a bad code with a 4xx, not a 500', async () => {
    for (const code of ['%00', 'aB3dE5g%00', '%ED%A0%80', 'x'.repeat(10_000), '..%2F..%2Fetc']) {
      const { status } = await h.app.request(`${SHORT_LINK_PATH}${code}`)
      expect(status >= 400 && status < 500, `${code}: ${status}`).toBe(true)
    }
  })

  it('probes every route the server registers (a new route needs its operation) and no stale extra', () => {
    const registered = new Set(h.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API_PREFIX}/`)).map((r) => `${r.method} ${r.path.slice(API_PREFIX.length)}`))
    const probed = new Set(PROBES.map((p) => `${p.method ?? 'POST'} ${p.path}`))
    expect([...registered].filter((r) => !probed.has(r))).toEqual([])
    expect(registered.has(`POST ${P2P_SEND_PATH}`)).toBe(true)
    expect(STALE_EXTRAS).toEqual([])
  })

  it('refuses malformed and deeply nested JSON (bodies and send payloads) with 400', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    // JSON bodies, and the JSON `payload` field of the multipart sends.
    const bodies = [deep, `{"pageSize": ${deep}}`, '{"a":', '\u0000', '{"pageSize": 1e400}']
    const calls = (form: boolean) => PROBES.filter((x) => !x.query && !!x.form === form)
      .flatMap((p) => bodies.map((raw) => () => send(p, 'acme', null, undefined, raw)))
    await inParallel(calls(false))
    await inParallel(calls(true), 1)
    // Five bodies for every route: its time grows with the routes and the machine's load, not a limit it pins.
  }, 300_000)

  describe.each(PROBES.map((p) => [`${p.method ?? 'POST'} ${p.path}`, p] as const))('%s', (_name, probe) => {
    it('answers every bad value of every field below 500, in the envelope, in the caller’s language', async () => {
      const users: readonly (User | null)[] = probe.public ? [null] : USERS
      // Each field gets every bad value once, the callers taking turns (a Latin square over field × value), so each
      // caller meets every field and every value without tripling the requests.
      const fields = probe.fields(probe.base?.(ids) ?? {})
      const calls: (() => Promise<Sent>)[] = []
      for (const [f, field] of fields.entries()) {
        for (const [v, [, bad]] of BAD_VALUES.entries()) {
          calls.push(() => send(probe, users[(f + v) % users.length], setPath(probe.base?.(ids) ?? {}, field, bad)))
        }
      }
      for (const user of users) {
        const base = probe.base?.(ids) ?? {}
        // A NUL in a key, an unknown key, a payload that is not an object.
        calls.push(() => send(probe, user, { ...base, 'k\u0000ey': 'v\u0000' }))
        for (const whole of [[], 'x', 1, null]) calls.push(() => send(probe, user, whole))
        if (probe.form) for (const file of probe.badFiles ?? []) calls.push(() => send(probe, user, probe.base?.(ids) ?? {}, file))
      }
      await inParallel(calls, probe.form ? 1 : IN_FLIGHT)
    })
  })

})
