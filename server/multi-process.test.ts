import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sealPassword } from '../src/domain/auth'
import { MAX_RUNNING_DOWNLOADS } from './lists/download'
import { RATE_RULES } from './security/rate-limit'
import { S3Store } from './storage/s3-store'
import { startS3 } from './storage/s3rver.test-helper'
import { png } from './storage/fixtures.test-helper'
import { freshDatabase, startServer, type ServerProcess } from './test/processes'

/*
 * Two real server processes on one PostgreSQL, every request of one user landing on the other process than the
 * last: nothing a flow needs may live in one process' memory.
 */
/** The texts the carrier simulator of either process sent (CARRIER_OUTBOX). */
const outbox = join(mkdtempSync(join(tmpdir(), 'mp-outbox-')), 'outbox')
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => { setPublicKey(k: string): void; encrypt(s: string): string | false }
const CAPTCHA = 'T3ST'

interface Envelope { status: number; code: number; msg: string; data: any } // eslint-disable-line @typescript-eslint/no-explicit-any

describe('two server processes on one PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> }
  let sql: pg.Pool
  // The object store both processes keep uploads in (as processes on several machines would).
  let s3: Awaited<ReturnType<typeof startS3>>
  let procs: ServerProcess[] = []
  let turn = 0
  /** The next process in turn: consecutive calls alternate between the two. */
  const next = () => procs[turn++ % procs.length]

  const call = async (path: string, body: unknown = {}, token?: string, on = next()): Promise<Envelope> => {
    const res = await fetch(`${on.base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    return { status: res.status, ...((await res.json()) as Omit<Envelope, 'status'>) }
  }
  const seal = async (nonce: string, password: string) => {
    const rsa = new JSEncrypt()
    rsa.setPublicKey((await call('/user/publicKey')).data.publicKey)
    const out = rsa.encrypt(sealPassword(nonce, password))
    if (!out) throw new Error('encryption failed')
    return out
  }
  const signIn = async (username: string, password: string) => {
    const redomStr = (await call('/code/captcha')).data.redomStr as string
    return call('/user/login', { username, password: await seal(redomStr, password), code: CAPTCHA, redomStr })
  }

  beforeAll(async () => {
    db = await freshDatabase(inject('testDatabaseUrl'))
    sql = new pg.Pool({ connectionString: db.url, max: 2 })
    // pool.end() resolves before its clients' sockets are closed, and afterAll then drops the database with (force):
    // a backend still closing reports its termination to the pool as an idle client's error, which with no listener
    // was thrown as an uncaught exception and failed the whole run (CI, once under load).
    sql.on('error', () => {})
    s3 = await startS3()
    const { url, bucket, region, accessKeyId, secretAccessKey } = s3.settings
    const env = {
      DATABASE_URL: db.url, SEED_HISTORY_ROWS: '2000', SMS_CAPTCHA_FIXED: CAPTCHA, CARRIER_OUTBOX: outbox,
      S3_URL: url, S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey,
    }
    // Started together: migrations and the demo seed are serialised by advisory locks, not by luck.
    procs = await Promise.all([startServer(env), startServer(env)])
  }, 120_000)
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()))
    await sql?.end()
    await db?.drop()
    await s3?.stop()
  })

  it('signs in with a captcha drawn by one process and answered on the other; the session holds on both until revoked on one', async () => {
    const [a, b] = procs
    const redomStr = (await call('/code/captcha', {}, undefined, a)).data.redomStr as string
    const login = await call('/user/login', { username: 'acme', password: await seal(redomStr, 'Acme@12345'), code: CAPTCHA, redomStr }, undefined, b)
    expect(login.status).toBe(200)
    const token = login.data.token as string
    expect((await call('/user/getUserInfo', {}, token, a)).status).toBe(200)
    expect((await call('/user/getUserInfo', {}, token, b)).status).toBe(200)
    // The captcha was spent on b: a cannot take it again.
    const replay = await call('/user/login', { username: 'acme', password: await seal(redomStr, 'Acme@12345'), code: CAPTCHA, redomStr }, undefined, a)
    expect(replay.status).toBe(400)
    expect((await call('/user/logout', {}, token, a)).status).toBe(200)
    expect((await call('/user/getUserInfo', {}, token, b)).status).toBe(401)
  })

  it('signs in with an SMS code sent by one process and checked by the other, once', async () => {
    const [a, b] = procs
    const uuid = `u${randomUUID().replace(/-/g, '')}`
    const redomStr = (await call('/code/captcha', {}, undefined, b)).data.redomStr as string
    expect((await call('/user/sendLoginAuthCode', { userId: 'acme01', phone: '', uuid, captcha: CAPTCHA, redomStr }, undefined, a)).status).toBe(200)
    const texts = readFileSync(outbox, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { phone: string; text: string })
    const code = texts.findLast((t) => t.phone === '13800138001')?.text.match(/\d{6}/)?.[0]
    expect(code).toMatch(/^\d{6}$/)
    const body = { username: 'acme01', uuid, code, redomStr: `r${randomUUID().replace(/-/g, '')}` }
    expect((await call('/user/loginBySmsCode', body, undefined, b)).status).toBe(200)
    expect((await call('/user/loginBySmsCode', body, undefined, a)).msg).toBe('The SMS code has already been used')
  })

  it('counts a rate limit over both processes, and spends a password nonce drawn on one process on the other', async () => {
    const token = (await signIn('globex', 'Globex@12345')).data.token as string
    const limit = RATE_RULES.passwordNonce.points
    const answers: number[] = []
    for (let i = 0; i < limit; i++) answers.push((await call('/user/passwordNonce', {}, token)).status)
    expect(answers.every((s) => s === 200)).toBe(true)
    expect((await call('/user/passwordNonce', {}, token)).status).toBe(429)
    await sql.query("delete from rate_limits where key like 'passwordNonce:%'")

    const [a, b] = procs
    const nonce = (await call('/user/passwordNonce', {}, token, a)).data.redomStr as string
    const sealed = { redomStr: nonce, password: await seal(nonce, 'Globex@12345') }
    const reveal = await call('/user/getAppsecret', sealed, token, b)
    expect(reveal.data).toMatchObject({ masked: false })
    expect((await call('/user/getAppsecret', sealed, token, a)).status).toBe(400)
  })

  it(`caps running downloads per account at ${MAX_RUNNING_DOWNLOADS} over both processes`, async () => {
    const token = (await signIn('acme', 'Acme@12345')).data.token as string
    const download = async (on: ServerProcess) => {
      const res = await fetch(`${on.base}/api/mtRecord/download`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'en' },
        body: JSON.stringify({ format: 'csv', start_time: '2000-01-01', end_time: '2099-12-31' }),
      })
      return { status: res.status, text: await res.text() }
    }
    // The slots are rows: files other processes are streaming to stalled clients count on every process.
    await sql.query(`insert into download_slot (cus_id, expires_at) select 'acme', now() + interval '1 minute' from generate_series(1, $1)`, [MAX_RUNNING_DOWNLOADS])
    for (const p of procs) {
      const refused = await download(p)
      expect(refused.status).toBe(429)
      expect(JSON.parse(refused.text).msg).toBe(`At most ${MAX_RUNNING_DOWNLOADS} downloads can run at once; try again when one has finished`)
    }
    await sql.query(`delete from download_slot where id = (select min(id) from download_slot where cus_id = 'acme')`)
    for (const p of procs) {
      const served = await download(p)
      expect(served.status).toBe(200)
      expect(served.text.split('\n').length).toBeGreaterThan(100)
    }
    // Each finished file gave its slot back.
    expect(Number((await sql.query("select count(*) as n from download_slot where cus_id = 'acme'")).rows[0].n)).toBe(MAX_RUNNING_DOWNLOADS - 1)
    await sql.query(`delete from download_slot where cus_id = 'acme'`)
  })

  it('serves an upload made through one process from the other (its signed address checked there), lists and deletes it there', async () => {
    const token = (await signIn('acme', 'Acme@12345')).data.token as string
    const [a, b] = procs
    const form = new FormData()
    form.set('file', new Blob([png(5, 4).slice()]), 'banner.png')
    const res = await fetch(`${a.base}/api/file/uploadAimMaterial`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form })
    const row = ((await res.json()) as Envelope).data as { material_id: number; url: string; size: number }
    expect(res.status).toBe(200)
    const listed = await call('/aim/materialList', { pageSize: 500 }, token, b)
    expect(listed.data.records.map((r: { material_id: number }) => r.material_id)).toContain(row.material_id)
    for (const p of procs) {
      const served = await fetch(`${p.base}${row.url}`)
      expect(served.status).toBe(200)
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(5, 4))
    }
    const key = (await sql.query('select object_key from material where material_id = $1', [row.material_id])).rows[0].object_key as string
    const bucket = new S3Store(s3.settings)
    expect(await bucket.head(key)).toMatchObject({ size: row.size, contentType: 'image/png' })
    expect((await call('/aim/materialDelete', { ids: [row.material_id] }, token, b)).status).toBe(200)
    expect(await bucket.head(key)).toBeNull()
    // A deleted material's address no longer verifies on either process (as on one: server/routes/media.ts).
    expect((await fetch(`${a.base}${row.url}`)).status).toBe(401)
  })

  it('sends a timed batch exactly once and reports each of its records once, with both processes running the workers', async () => {
    const token = (await signIn('acme02', 'Acme02@12345')).data.token as string
    const before = Number((await sql.query("select balance::float8 as b from customer where cus_id = 'acme02'")).rows[0].b)
    const content = `【艾克米】timed ${randomUUID()}`
    const numbers = Array.from({ length: 300 }, (_, i) => `139${String(i).padStart(8, '0')}`)
    const form = new FormData()
    form.set('payload', JSON.stringify({ idempotency_key: randomUUID(), content, timing_time: new Date(Date.now() + 15 * 60_000).toISOString() }))
    form.set('numbers', new Blob([numbers.join('\n')]), 'numbers.txt')
    const sent = await fetch(`${next().base}/api/user/groupSend`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    expect(sent.status).toBe(200)
    // Due now: both schedulers see it on their next tick.
    await sql.query('update time_batch set timing_time = now() where content = $1', [content])
    const count = async (q: string) => Number((await sql.query(q, [content])).rows[0].n)
    await until(async () => (await count("select count(*) as n from mt_record where content = $1 and mt_status <> 500")) === numbers.length)
    expect(await count('select count(*) as n from mt_record where content = $1')).toBe(numbers.length)
    expect(await count('select count(distinct batch_id) as n from mt_record where content = $1')).toBe(1)
    const price = Number((await sql.query("select price::float8 as p from customer_product where cus_id = 'acme02' and prod_type = 0")).rows[0].p)
    const after = Number((await sql.query("select balance::float8 as b from customer where cus_id = 'acme02'")).rows[0].b)
    expect(after).toBeCloseTo(before - numbers.length * price, 2)
    // Each report counted once in the batch's statistics (the rollup triggers add one per status change).
    const stats = (await sql.query(
      `select b.sent_count, b.success_count + b.failure_count + b.unknown_count as reported from sms_batch b
       where b.batch_id = (select batch_id from mt_record where content = $1 limit 1)`, [content])).rows[0]
    expect(stats).toEqual({ sent_count: numbers.length, reported: numbers.length })
  }, 120_000)
})

/** Polls `done` until it holds; the test's own time-out bounds the wait (no timed assertion). */
async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((r) => setTimeout(r, 250))
}
