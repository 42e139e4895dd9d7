import { randomUUID } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sealPassword } from '../../src/domain/auth'
import { SERVER_MESSAGES } from '../../src/domain/messages'
import { SEND_EXPANSION } from '../http/body-budget'
import { freshDatabase, startServer, type ServerProcess } from '../test/processes'

/*
 * Send forms and previews wait for memory like uploads: a burst of large previews is answered in part, the rest
 * refused unread with 503 and Retry-After, and the server's memory stays within the budget. Measured on the real
 * process (a child server, its peak RSS from /proc, reset just before the burst), not on reservations: the figure
 * this bounds is what the operator sees. The margin covers what the budget does not hold (the answers, the pool,
 * V8's heap not yet given back), measured on an idle server doing one small preview.
 */
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => { setPublicKey(k: string): void; encrypt(s: string): string | false }
const CAPTCHA = 'T3ST'
const MB = 1024 * 1024
const BUDGET = 160 * MB
/** About 4 MB: 330,000 numbers of 12 bytes a line, reserving ~48 MB each, so three run at once in the budget. */
const NUMBERS = 330_000
const BURST = 20

const kib = (status: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return { rss: kib(status, 'VmRSS'), peak: kib(status, 'VmHWM') }
}
/** Resets the process's peak RSS (VmHWM) to its current RSS (Linux, /proc/<pid>/clear_refs). */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5')

function numbersFile(n: number, from: number): Blob {
  const lines: string[] = []
  for (let i = 0; i < n; i++) lines.push(`139${String(from + i).padStart(8, '0')}`)
  return new Blob([lines.join('\n')])
}

describe('send forms share the per-process body budget', () => {
  let db: { url: string; drop: () => Promise<void> }
  let server: ServerProcess
  let token: string

  const call = async (path: string, body: unknown = {}) => {
    const res = await fetch(`${server.base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return (await res.json()) as { code: number; data: any } // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  /**
   * A preview as a browser posts it (serialised, with its Content-Length), over node:http: a refusal is answered
   * before the body is read and the server may close before the client has written it all, so a write error
   * (EPIPE, reset) is not the answer; the answer is what the server said.
   */
  const preview = async (from: number, lang = 'en') => {
    const form = new FormData()
    form.set('payload', JSON.stringify({ idempotency_key: randomUUID(), content: '【艾克米】Hello' }))
    form.set('numbers', numbersFile(NUMBERS, from), 'numbers.txt')
    const serialised = new Request('http://localhost/', { method: 'POST', body: form })
    const body = Buffer.from(await serialised.arrayBuffer())
    const headers = { authorization: `Bearer ${token}`, 'accept-language': lang, 'content-type': serialised.headers.get('content-type')!, 'content-length': String(body.length) }
    return new Promise<{ status: number; retryAfter: string | undefined; body: { code: number; msg: string; data: { numbers?: number } } }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/api/user/groupPreview', method: 'POST', headers, agent: false }, (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => {
          resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string | undefined, body: JSON.parse(text) })
        })
      })
      req.on('error', (e) => (['EPIPE', 'ECONNRESET'].includes((e as NodeJS.ErrnoException).code ?? '') ? undefined : reject(e)))
      req.end(body)
    })
  }

  beforeAll(async () => {
    db = await freshDatabase(inject('testDatabaseUrl'))
    server = await startServer({
      DATABASE_URL: db.url, SEED_HISTORY_ROWS: '0', SEND_WORKERS: '0', SMS_CAPTCHA_FIXED: CAPTCHA, RATE_LIMIT_SCALE: '1000',
      UPLOAD_MEMORY_BYTES: String(BUDGET),
    })
    const redomStr = (await call('/code/captcha')).data.redomStr as string
    const rsa = new JSEncrypt()
    rsa.setPublicKey((await call('/user/publicKey')).data.publicKey)
    const password = rsa.encrypt(sealPassword(redomStr, 'Acme@12345'))
    token = (await call('/user/login', { username: 'acme', password, code: CAPTCHA, redomStr })).data.token
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
    await db?.drop()
  })

  it(`answers part of ${BURST} large previews at once, refuses the rest with 503 and Retry-After, and stays within the budget`, async () => {
    // Warm: the first preview loads the code paths and the pool, which later ones only reuse.
    expect((await preview(0)).status).toBe(200)
    const before = memoryOf(server.child.pid!)
    resetPeak(server.child.pid!)
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => preview(i * NUMBERS, i % 2 ? 'zh-CN' : 'en')))
    const after = memoryOf(server.child.pid!)
    const ok = answers.filter((a) => a.status === 200)
    const busy = answers.filter((a) => a.status === 503)
    expect(ok.length + busy.length).toBe(BURST)
    expect(ok.length).toBeGreaterThan(0)
    expect(busy.length).toBeGreaterThan(0)
    for (const a of ok) expect(a.body.data.numbers).toBe(NUMBERS)
    for (const a of busy) {
      expect(a.retryAfter).toBe('5')
      expect(Object.values(SERVER_MESSAGES.sendBusy).map((m) => m.replace('{seconds}', '5'))).toContain(a.body.msg)
    }
    const grew = after.peak - before.rss
    console.log(`[send-memory] ${ok.length} answered, ${busy.length} refused; rss ${(before.rss / MB).toFixed(0)} MB before, peak ${(after.peak / MB).toFixed(0)} MB (+${(grew / MB).toFixed(0)} MB); one preview reserves ${(4 * SEND_EXPANSION).toFixed(0)} MB`)
    expect(grew).toBeLessThan(BUDGET + 96 * MB)
    // Everything was given back: the same preview is answered again.
    expect((await preview(0)).status).toBe(200)
  }, 180_000)
})
