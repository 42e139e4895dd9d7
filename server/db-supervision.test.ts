import { chmodSync, existsSync, readdirSync, readFileSync, renameSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESTART_DELAY } from './db/supervise'
import { printed, startServer, type ServerProcess } from './test/processes'

/*
 * `npm start` on its embedded PostgreSQL while the database fails under it: killed (it is restarted, each attempt
 * logged, and every request meanwhile answers 503 with Retry-After in the caller's language), stopped (SIGSTOP: a
 * request still ends within the statement time-out, with 503), and gone for good (the server exits 1 for its own
 * supervisor). Short time-outs and few attempts so each case takes seconds.
 */
const ENV = {
  SEED_HISTORY_ROWS: '0', SMS_CAPTCHA_FIXED: 'T3ST', DATABASE_URL: '', SEND_WORKERS: '0',
  DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '1000', DB_RESTART_ATTEMPTS: '3',
}
const STATEMENT_BOUND_MS = 1000 + 2000 // DB_STATEMENT_TIMEOUT_MS + the client's margin (CLIENT_MARGIN_MS)

let dataDir: string
let pgDir: string
let p: ServerProcess
const postmasterPid = () => Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0])
/** PostgreSQL refuses a folder without PG_VERSION ("holds files but no PostgreSQL database"): a start that cannot succeed, undone by putting it back. */
const hideVersion = () => renameSync(join(pgDir, 'PG_VERSION'), join(pgDir, 'PG_VERSION.hidden'))
const restoreVersion = () => existsSync(join(pgDir, 'PG_VERSION.hidden')) && renameSync(join(pgDir, 'PG_VERSION.hidden'), join(pgDir, 'PG_VERSION'))

/**
 * The postmaster and every process it started (backends, checkpointer, WAL writer …): each child makes itself a
 * session leader, so a signal to the postmaster's process group reaches the postmaster alone.
 */
function postgresProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
    } catch {
      return false
    }
  })
  return [postmaster, ...children.map(Number)]
}
const signalAll = (pids: number[], signal: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal)
    } catch { /* it ended meanwhile */ }
  }
}

/** A call that writes to the database (a captcha row): its status, Retry-After, message and how long it took. */
async function captcha(lang?: string) {
  const began = performance.now()
  const res = await fetch(`${p.base}/api/code/captcha`, {
    method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...(lang ? { 'accept-language': lang } : {}) },
  })
  const body = (await res.json()) as { code: number; msg: string }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), msg: body.msg, ms: performance.now() - began }
}
const readyz = async () => {
  const res = await fetch(`${p.base}/readyz`)
  return [res.status, await res.text()] as const
}
async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = performance.now() + ms
  for (;;) {
    const v = await what()
    if (ok(v) || performance.now() > end) return v
    await new Promise((r) => setTimeout(r, 100))
  }
}
/** The JSON log lines carrying `event` (the supervisor's structured lines). */
const events = (name: string) => p.stdout.filter((l) => l.includes(`"event":"${name}"`)).map((l) => JSON.parse(l) as Record<string, unknown>)

describe('the embedded PostgreSQL supervised while serving', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sms-dbfault-'))
    chmodSync(dataDir, 0o755) // as root PostgreSQL runs as the user postgres, which must reach the folder
    pgDir = join(dataDir, 'postgres')
    p = await startServer({ ...ENV, DATA_DIR: dataDir })
  }, 120_000)
  afterAll(async () => {
    restoreVersion()
    await p?.stop()
    if (existsSync(join(pgDir, 'postmaster.pid'))) {
      const all = postgresProcesses(postmasterPid())
      signalAll(all, 'SIGCONT')
      signalAll(all.slice(0, 1), 'SIGQUIT')
    }
    await rm(dataDir, { recursive: true, force: true })
  })

  it('killed: answers 503 with Retry-After in the caller\'s language meanwhile, /readyz says why, and is back by itself', async () => {
    expect((await captcha()).status).toBe(200)
    const killed = postmasterPid()
    // The first restart fails (the folder is not a database for a moment), so the outage lasts long enough to look at.
    hideVersion()
    process.kill(killed, 'SIGKILL')
    await printed(p, 'restarting the embedded PostgreSQL failed (attempt 1 of 3)')
    // The next attempt waits 0.5 s (a loaded machine may be into the one after it).
    expect(await readyz()).toEqual([503, expect.stringMatching(/^not ready: database restarting \(attempt [23] of 3\)$/)])

    const zh = await captcha()
    expect([zh.status, zh.retryAfter]).toEqual([503, '5'])
    expect(zh.msg).toBe('服务暂时不可用（数据库没有响应），请 5 秒后重试')
    const en = await captcha('en')
    expect([en.status, en.msg]).toEqual([503, 'The service is unavailable for the moment (its database is not answering); try again in 5 seconds'])
    // Nothing listens on the socket: refused at once, not after a time-out.
    expect(Math.max(zh.ms, en.ms)).toBeLessThan(1000)
    expect((await fetch(`${p.base}/healthz`)).status).toBe(200)

    restoreVersion()
    const back = await until(() => captcha(), (r) => r.status === 200, 15_000)
    expect(back.status).toBe(200)
    expect(postmasterPid()).not.toBe(killed)
    expect(await readyz()).toEqual([200, 'ok'])
    // Each step one structured line: the exit, every attempt with its wait, the failure, the return.
    expect(events('database.exited')).toEqual([expect.objectContaining({ level: 50, pid: killed, exit: 'signal SIGKILL' })])
    const [restarted] = events('database.restarted')
    expect(restarted).toEqual(expect.objectContaining({ level: 30, attempt: expect.any(Number), pid: postmasterPid() }))
    const attempts = Array.from({ length: Number(restarted.attempt) }, (_, i) => i + 1)
    expect(events('database.restart').map((e) => [e.attempt, e.of, e.delayMs])).toEqual(attempts.map((n) => [n, 3, RESTART_DELAY(n)]))
    expect(events('database.restartFailed').map((e) => [e.attempt, e.level, String(e.reason).includes('no PostgreSQL database')])).toEqual(attempts.slice(0, -1).map((n) => [n, 50, true]))
  }, 30_000)

  it('stopped (SIGSTOP): a request answers 503 within the statement time-out instead of hanging, and works again after SIGCONT', async () => {
    const pid = postmasterPid()
    const all = postgresProcesses(pid)
    // The pool's idle connections among them: a stopped backend, not only a stopped postmaster.
    expect(all.length).toBeGreaterThan(3)
    signalAll(all, 'SIGSTOP')
    try {
      const [a, b] = await Promise.all([captcha(), captcha('en')])
      for (const r of [a, b]) {
        expect([r.status, r.retryAfter]).toEqual([503, '5'])
        expect(r.ms).toBeLessThan(STATEMENT_BOUND_MS + 1500)
      }
      expect(b.msg).toMatch(/^The service is unavailable for the moment/)
    } finally {
      signalAll(all, 'SIGCONT')
    }
    const back = await until(() => captcha(), (r) => r.status === 200, 10_000)
    expect(back.status).toBe(200)
    // Not restarted: the same postmaster serves again, and the pool reconnected to it.
    expect(postmasterPid()).toBe(pid)
    expect(events('database.exited')).toHaveLength(1)
  }, 30_000)

  it('exits with status 1 when the database cannot be started again', async () => {
    hideVersion()
    process.kill(postmasterPid(), 'SIGKILL')
    const status = await Promise.race([p.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))])
    expect(status).toBe(1)
    expect(events('database.gaveUp')).toEqual([expect.objectContaining({ level: 60, attempts: 3 })])
  }, 30_000)
})
