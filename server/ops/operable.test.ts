import { randomUUID } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealPassword } from '../../src/domain/auth'
import { printed, startServer, type ServerProcess } from '../test/processes'
// @ts-expect-error: a plain ES module of the project scripts, without types
import { buildServer } from '../../scripts/build-server.mjs'

/*
 * The compiled server (what `npm start` runs, on its embedded PostgreSQL) as an operator sees it: health, readiness, metrics after real work, a
 * readiness that turns 503 when SIGTERM arrives, and a log of one JSON line per request that holds none of the
 * secrets the requests carried.
 */
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => { setPublicKey(k: string): void; encrypt(s: string): string | false }
const CAPTCHA = 'T3ST'
const PASSWORD = 'Acme@12345'
const ROOT = new URL('../..', import.meta.url).pathname
mkdirSync(join(ROOT, '.test-data'), { recursive: true })
const work = mkdtempSync(join(ROOT, '.test-data', 'operable-'))
// The embedded PostgreSQL runs as the user `postgres` when the tests run as root: it must reach DATA_DIR.
chmodSync(work, 0o755)

let p: ServerProcess
const ids: string[] = []
// One keep-alive socket: after SIGTERM the listener is closed, but this connection may still ask.
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; id: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${p.base}${path}`, { agent, headers }, (res) => {
      let text = ''
      res.on('data', (b: Buffer) => (text += b.toString()))
      res.on('end', () => resolve({ status: res.statusCode!, text, id: String(res.headers['x-request-id']) }))
    })
    req.on('error', reject)
    req.end()
  })
}

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${p.base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  ids.push(res.headers.get('x-request-id') ?? '')
  return (await res.json()) as { code: number; data: Record<string, unknown> }
}

const seal = (publicKey: string, text: string) => {
  const rsa = new JSEncrypt()
  rsa.setPublicKey(publicKey)
  return rsa.encrypt(text) as string
}

beforeAll(async () => {
  const out = join(work, 'server')
  await buildServer(out)
  p = await startServer({
    DATA_DIR: join(work, 'data'), SEED_HISTORY_ROWS: '500', SMS_CAPTCHA_FIXED: CAPTCHA, SEND_WORKERS: '1',
    CARRIER_OUTBOX: join(work, 'outbox'), LOG_LEVEL: 'info',
    // Node's agent keeps a socket a second less than announced: long enough to ask /readyz again after SIGTERM on it.
    KEEP_ALIVE_TIMEOUT_MS: '5000',
  }, { script: join(out, 'main.js') })
}, 240_000)

afterAll(async () => {
  await p?.stop('SIGKILL')
  agent.destroy()
  rmSync(work, { recursive: true, force: true })
})

describe('an operable server', () => {
  const secrets: string[] = [PASSWORD]

  it('answers /healthz and /readyz with 200, no token needed, and says nothing more', async () => {
    const health = await get('/healthz')
    const ready = await get('/readyz')
    expect([health.status, health.text, ready.status, ready.text]).toEqual([200, 'ok', 200, 'ok'])
    ids.push(health.id, ready.id)
  })

  it('keeps a caller\'s request id and gives one to every answer', async () => {
    const mine = `req-${randomUUID()}`
    const r = await get('/healthz', { 'x-request-id': mine })
    expect(r.id).toBe(mine)
    const fresh = await get('/api/nothing-here')
    expect(fresh.status).toBe(404)
    expect(fresh.id).toMatch(/^[0-9a-f-]{36}$/)
    ids.push(mine, fresh.id)
  })

  it('shows the request histogram and the sends stored on /metrics after a sign-in and a send', async () => {
    const { redomStr } = (await post('/code/captcha', {})).data as { redomStr: string }
    const { publicKey } = (await post('/user/publicKey', {})).data as { publicKey: string }
    const cipher = seal(publicKey, sealPassword(redomStr, PASSWORD))
    const login = await post('/user/login', { username: 'acme', password: cipher, code: CAPTCHA, redomStr })
    const token = String(login.data.token)
    expect(token.length).toBeGreaterThan(10)
    const nonce = (await post('/user/passwordNonce', {}, token)).data.redomStr as string
    const secretCipher = seal(publicKey, sealPassword(nonce, PASSWORD))
    const appSecret = String((await post('/user/getAppsecret', { redomStr: nonce, password: secretCipher }, token)).data.appSecret)
    expect(appSecret.length).toBeGreaterThan(16)
    secrets.push(cipher, secretCipher, token, appSecret)

    const content = `【艾克米】operable ${randomUUID()}`
    const numbers = ['13912345601', '13912345602', '13912345603']
    const form = new FormData()
    form.set('payload', JSON.stringify({ idempotency_key: randomUUID(), content }))
    form.set('numbers', new Blob([numbers.join('\n')]), 'numbers.txt')
    const sent = await fetch(`${p.base}/api/user/groupSend`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expect(sent.status).toBe(200)
    ids.push(sent.headers.get('x-request-id') ?? '')
    secrets.push(content, ...numbers)

    const metrics = await get('/metrics')
    ids.push(metrics.id)
    expect(metrics.status).toBe(200)
    expect(metrics.text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/user\/login",status="200"\} 1/)
    expect(metrics.text).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="POST",route="\/api\/user\/groupSend",status="200"\} 1/)
    expect(metrics.text).toMatch(/sms_send_batches_stored_total\{timed="false"\} 1\n/)
    expect(metrics.text).toMatch(/sms_send_recipients_stored_total\{timed="false"\} 3\n/)
    expect(metrics.text).toMatch(/job_queue_depth\{job="carrier-sim"\} \d+/)
    expect(metrics.text).toContain('process_resident_memory_bytes')
  })

  it('answers /readyz with 503 once SIGTERM arrives, then exits', async () => {
    const before = await get('/readyz')
    expect(before.status).toBe(200)
    p.child.kill('SIGTERM')
    await printed(p, 'SIGTERM: stopped accepting')
    const during = await get('/readyz')
    ids.push(before.id, during.id)
    expect([during.status, during.text]).toEqual([503, 'not ready: shutting down'])
    expect(await p.exited).toBe(0)
  })

  it('logged one JSON line per request, with its request id, and none of the secrets the requests carried', () => {
    const lines = p.stdout.filter((l) => l.trim())
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    const requests = parsed.filter((l) => l.msg === 'request')
    expect(ids.every(Boolean)).toBe(true)
    expect(requests.map((l) => l.reqId).sort()).toEqual([...ids].sort())
    const login = requests.find((l) => l.route === '/api/user/login')
    expect(login).toMatchObject({ method: 'POST', status: 200, pid: p.child.pid })
    expect(requests.find((l) => l.route === '/api/user/groupSend')).toMatchObject({ account: 'acme', userType: 2 })
    // stdout as printed, and stderr (in `lines`) too
    const whole = [...lines, ...p.lines].join('\n')
    for (const s of secrets) expect(whole.includes(s), `the log holds ${s.slice(0, 12)}…`).toBe(false)
  })
})
