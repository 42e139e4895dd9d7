import { createRequire } from 'node:module'
import { connect } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sealPassword } from '../src/domain/auth'
import { freshDatabase, printed, startServer } from './test/processes'

/*
 * Graceful shutdown: on SIGTERM a process stops accepting, finishes the requests in flight, lets its workers finish
 * their step, then closes the database; in a cluster, a rolling restart under load loses no request.
 */
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => { setPublicKey(k: string): void; encrypt(s: string): string | false }
const CAPTCHA = 'T3ST'
const LIST = { start_time: '2000-01-01', end_time: '2099-12-31', page: 1, page_size: 20 }

async function post(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, text: await res.text() }
}

async function signIn(base: string, username: string, password: string): Promise<string> {
  const redomStr = JSON.parse((await post(base, '/code/captcha', {})).text).data.redomStr as string
  const rsa = new JSEncrypt()
  rsa.setPublicKey(JSON.parse((await post(base, '/user/publicKey', {})).text).data.publicKey)
  const sealed = rsa.encrypt(sealPassword(redomStr, password))
  const res = await post(base, '/user/login', { username, password: sealed, code: CAPTCHA, redomStr })
  return JSON.parse(res.text).data.token as string
}

describe('graceful shutdown on PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> }
  let sql: pg.Pool
  const env = () => ({ DATABASE_URL: db.url, SEED_HISTORY_ROWS: '2000', SMS_CAPTCHA_FIXED: CAPTCHA })

  beforeAll(async () => {
    db = await freshDatabase(inject('testDatabaseUrl'))
    sql = new pg.Pool({ connectionString: db.url, max: 2 })
  })
  afterAll(async () => {
    await sql?.end()
    await db?.drop()
  })

  it('finishes a request in flight when SIGTERM arrives, then closes the database and exits 0', async () => {
    const p = await startServer(env())
    const token = await signIn(p.base, 'acme', 'Acme@12345')
    // Holding the advisory lock a download takes for the account's slots keeps that request waiting in the database.
    const holder = await sql.connect()
    await holder.query(`select pg_advisory_lock(72410003, hashtext(current_schema() || '/acme'))`)
    const download = post(p.base, '/mtRecord/download', { format: 'csv', start_time: '2000-01-01', end_time: '2099-12-31' }, token)
    // A second client gives up while its request waits: its connection ends, its handler is still running.
    const gaveUp = new AbortController()
    const abandoned = fetch(`${p.base}/api/mtRecord/download`, {
      method: 'POST', signal: gaveUp.signal, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ format: 'xlsx', start_time: '2000-01-01', end_time: '2099-12-31' }),
    }).catch((e: Error) => e.name)
    while (Number((await sql.query(`select count(*) as n from pg_locks where locktype = 'advisory' and classid = 72410003 and not granted
      and database = (select oid from pg_database where datname = current_database())`)).rows[0].n) < 2) {
      await new Promise((r) => setTimeout(r, 50))
    }
    gaveUp.abort()
    expect(await abandoned).toBe('AbortError')
    p.child.kill('SIGTERM')
    await printed(p, 'SIGTERM: stopped accepting')
    // Stopped accepting: a new connection is refused while the request in flight still waits.
    const connecting = await new Promise<string>((resolve) => {
      const s = connect(p.port, '127.0.0.1', () => { s.destroy(); resolve('accepted') })
      s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
    }).finally(async () => {
      await holder.query(`select pg_advisory_unlock(72410003, hashtext(current_schema() || '/acme'))`)
      holder.release()
    })
    expect(connecting).toBe('ECONNREFUSED')
    const res = await download
    expect(res.status).toBe(200)
    expect(res.text.trim().split('\n').length).toBeGreaterThan(100)
    expect(await p.exited).toBe(0)
    expect(p.lines.join('\n')).not.toMatch(/Cannot use a pool|Error/)
    expect(p.lines).toContain('closed')
  }, 60_000)

  it('loses no request while a cluster of two restarts one process at a time under load', async () => {
    const c = await startServer({ ...env(), CLUSTER_WORKERS: '2' }, { script: 'server/cluster.ts', readyWhen: '2 processes listening' })
    try {
      const token = await signIn(c.base, 'acme', 'Acme@12345')
      const pidsBefore = c.lines.find((l) => l.includes('processes listening'))
      let running = true
      const answers: number[] = []
      const failures: string[] = []
      const lane = async () => {
        while (running) {
          try {
            const res = await post(c.base, '/mtRecord/list', LIST, token)
            answers.push(res.status)
            if (res.status !== 200) failures.push(`${res.status} ${res.text.slice(0, 200)}`)
          } catch (e) {
            failures.push(String((e as Error).cause ?? e))
          }
        }
      }
      const lanes = Array.from({ length: 8 }, lane)
      // Load first, then the restart while it runs.
      while (answers.length < 50) await new Promise((r) => setTimeout(r, 20))
      c.child.kill('SIGHUP')
      await printed(c, 'rolling restart done')
      const during = answers.length
      while (answers.length < during + 50) await new Promise((r) => setTimeout(r, 20))
      running = false
      await Promise.all(lanes)
      expect(failures).toEqual([])
      expect(answers.length).toBeGreaterThan(100)
      // Both processes were replaced.
      const restarted = c.lines.filter((l) => l.includes('finishing its requests'))
      expect(restarted).toHaveLength(2)
      for (const pid of pidsBefore!.match(/\d+(?=[,)])/g)!) expect(restarted.some((l) => l.endsWith(`${pid} finishing its requests`))).toBe(true)
    } finally {
      expect(await c.stop('SIGTERM')).toBe(0)
    }
    expect(c.lines.join('\n')).not.toMatch(/Cannot use a pool/)
  }, 120_000)
})
