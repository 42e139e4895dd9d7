import { execFileSync } from 'node:child_process'
import { chmodSync, closeSync, existsSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD_FILE } from './db/embedded'
import { startServer, type ServerProcess } from './test/processes'

/*
 * `npm start` on its embedded PostgreSQL whose disk really fills: DATA_DIR on a small tmpfs of its own, filled to the
 * last byte by a file. A write is refused with 507 in the caller's language (PostgreSQL's own "could not extend
 * file"); a write-ahead log that needs a new segment then makes PostgreSQL PANIC and exit, and its crash recovery
 * fails on the same full disk, so the supervisor's restarts fail one after another while every request answers 503
 * with Retry-After; once the file is removed, the next restart succeeds and the server serves again, with nothing
 * done by hand. (server/routes/disk-full.test.ts pins the 507 of every write kind with the fault injected;
 * server/db-supervision.test.ts the supervisor's other cases.)
 *
 * Mounting a tmpfs needs root (as the console's test machines run): elsewhere the case is skipped, and says so.
 */
const ROOT = process.getuid?.() === 0
const ENV = {
  SEED_HISTORY_ROWS: '0', SMS_CAPTCHA_FIXED: 'T3ST', DATABASE_URL: '', SEND_WORKERS: '0',
  DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '2000', DB_RESTART_ATTEMPTS: '10',
  // The captchas written until one needs a page the full disk cannot give: one address, past its usual allowance.
  RATE_LIMIT_SCALE: '1000',
}
const EN_FULL = /^The server's disk is full, so nothing of this request was saved; ask the operator to free disk space, then try again$/
const ZH_FULL = /^服务器的磁盘已满，本次操作没有保存任何内容；请管理员释放磁盘空间后重试$/

let mount: string
let p: ServerProcess | undefined
const pgDir = () => join(mount, 'data', 'postgres')
const filler = () => join(mount, 'filler')

/** A call that writes to the database (a captcha row): its status, Retry-After and message. */
async function captcha(lang = 'en') {
  const res = await fetch(`${p!.base}/api/code/captcha`, {
    method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'accept-language': lang },
  })
  const body = (await res.json()) as { msg: string }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), msg: body.msg }
}
async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = performance.now() + ms
  for (;;) {
    const v = await what()
    if (ok(v) || performance.now() > end) return v
    await new Promise((r) => setTimeout(r, 200))
  }
}
const events = (name: string) => p!.stdout.filter((l) => l.includes(`"event":"${name}"`)).map((l) => JSON.parse(l) as Record<string, unknown>)

/** Fills the file system to its last byte: a file written in 1 MB pieces, then smaller ones, until ENOSPC. */
function fillDisk() {
  const fd = openSync(filler(), 'w')
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const piece = Buffer.alloc(size)
      for (;;) {
        try {
          writeSync(fd, piece)
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e
          break
        }
      }
    }
  } finally {
    closeSync(fd)
  }
}

/**
 * Moves the write-ahead log on to new segments (as a busy database does) until PostgreSQL needs a segment file it
 * cannot create: the first switches may land on segments it had recycled in advance. As the superuser, through the
 * folder's socket with the password the embedded database keeps beside it.
 */
async function switchWalUntilPanic() {
  const password = readFileSync(join(pgDir(), PASSWORD_FILE), 'utf8').trim()
  for (let i = 0; i < 6 && events('database.exited').length === 0; i++) {
    const c = new pg.Client({ host: pgDir(), user: 'postgres', password, database: 'postgres' })
    c.on('error', () => {})
    try {
      await c.connect()
      // A new segment is begun by the next record written: a table made for it (refused itself on the full disk).
      await c.query('select pg_switch_wal()')
      await c.query('create temp table wal_nudge (a int)').catch(() => {})
    } catch { /* PostgreSQL went down under it */ }
    await c.end().catch(() => {})
    await new Promise((r) => setTimeout(r, 300))
  }
}

describe.runIf(ROOT)('the embedded PostgreSQL on a disk that really fills (a tmpfs of its own; needs root)', () => {
  beforeAll(async () => {
    mount = await mkdtemp(join(tmpdir(), 'sms-diskfull-'))
    // initdb's files take ~63 MB; the rest is what the filler takes away.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mount])
    chmodSync(mount, 0o755) // PostgreSQL runs as the user postgres, which must reach the folder
    p = await startServer({ ...ENV, DATA_DIR: join(mount, 'data') })
  }, 120_000)
  afterAll(async () => {
    if (existsSync(filler())) unlinkSync(filler())
    await p?.stop()
    try {
      execFileSync('umount', [mount])
    } catch { /* not mounted */ }
    rmSync(mount, { recursive: true, force: true })
  })

  it('a write answers 507 in the caller\'s language; a PANIC\'s restarts fail meanwhile with 503; freed space brings it back by itself', async () => {
    expect((await captcha()).status).toBe(200)
    fillDisk()

    // PostgreSQL's own refusal ("could not extend file …: No space left on device"), told as a full disk, from the
    // first write that needs a page the table does not have yet (rows still fit in its last page before that).
    let en = await captcha('en')
    for (let i = 0; i < 1000 && en.status === 200; i++) en = await captcha('en')
    expect([en.status, en.msg]).toEqual([507, expect.stringMatching(EN_FULL)])
    const zh = await captcha('zh-CN')
    expect([zh.status, zh.msg]).toEqual([507, expect.stringMatching(ZH_FULL)])

    await switchWalUntilPanic()
    const [exited] = events('database.exited')
    expect(exited).toEqual(expect.objectContaining({ level: 50, exit: 'status 1' }))
    expect(String(exited.postgres)).toMatch(/PANIC: +could not write to file/)
    // Its crash recovery needs space too: each restart fails while the disk is full, and requests meanwhile say so.
    await until(async () => events('database.restartFailed').length, (n) => n >= 2, 30_000)
    const down = await captcha('en')
    expect([down.status, down.retryAfter]).toEqual([503, '5'])
    expect(down.msg).toMatch(/^The service is unavailable for the moment/)
    expect((await fetch(`${p!.base}/readyz`)).status).toBe(503)

    unlinkSync(filler())
    const back = await until(() => captcha(), (r) => r.status === 200, 40_000)
    expect(back.status).toBe(200)
    expect(events('database.restarted').length).toBe(1)
    expect((await fetch(`${p!.base}/readyz`)).status).toBe(200)
    expect(events('database.gaveUp')).toEqual([])
  }, 120_000)
})
