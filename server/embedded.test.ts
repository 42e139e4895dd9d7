import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_PORT, PASSWORD_FILE } from './db/embedded'
import { startServer, type ServerProcess } from './test/processes'

/*
 * `npm start` without DATABASE_URL: real server processes on the embedded PostgreSQL of one DATA_DIR (made by the
 * first start), through a second start, a kill -9, a clean stop and a cluster; then the faults an operator meets.
 */
const ENV = { SEED_HISTORY_ROWS: '200', SMS_CAPTCHA_FIXED: 'T3ST', DATABASE_URL: '' }
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const postmasterPid = (dir: string) => Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])
/** Over the socket in the folder, as the server connects. */
const urlOf = (dir: string) => {
  const password = readFileSync(join(dir, PASSWORD_FILE), 'utf8').trim()
  return `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(dir)}:5432/postgres`
}
async function sql<T = Record<string, unknown>>(dir: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: urlOf(dir) })
  await c.connect()
  try {
    return (await c.query(text, params)).rows as T[]
  } finally {
    await c.end()
  }
}
const menu = async (p: ServerProcess) => (await fetch(`${p.base}/api/code/captcha`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status

describe('npm start on the embedded PostgreSQL', () => {
  let dataDir: string
  let pgDir: string
  let first: ServerProcess | undefined
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sms-embedded-'))
    chmodSync(dataDir, 0o755)
    pgDir = join(dataDir, 'postgres')
  })
  afterAll(async () => {
    await first?.stop()
    if (existsSync(join(pgDir, 'postmaster.pid'))) {
      const pid = postmasterPid(pgDir)
      if (alive(pid)) process.kill(pid, 'SIGQUIT')
    }
    await rm(dataDir, { recursive: true, force: true })
  })

  it('makes the database on the first start: a socket in its folder and no TCP port, the password owner-only, migrated and seeded', async () => {
    first = await startServer({ ...ENV, DATA_DIR: dataDir })
    expect(first.lines.join('\n')).toContain(`database: embedded PostgreSQL in ${pgDir}, listening on ${pgDir}/.s.PGSQL.5432, made now`)
    expect(statSync(join(pgDir, PASSWORD_FILE)).mode & 0o777).toBe(0o600)
    const pidFile = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')
    // The socket's folder, and no TCP address.
    expect([pidFile[4], pidFile[5]]).toEqual([pgDir, ''])
    expect(await menu(first)).toBe(200)
    expect((await sql<{ n: number }>(pgDir, 'select count(*)::int as n from mt_record'))[0].n).toBe(200)
  }, 240_000)

  it('refuses a second start on the same DATA_DIR before touching the database, naming the folder and the running server; the first keeps serving', async () => {
    const second = startServer({ ...ENV, DATA_DIR: dataDir })
    const refusal = await second.then(() => '', (e: Error) => e.message)
    expect(refusal).toContain(`database folder ${pgDir} is in use by the server process ${first!.child.pid} (its PostgreSQL, pid ${postmasterPid(pgDir)}, listens on ${pgDir}/.s.PGSQL.5432)`)
    // Refused before touching the database: no connection, no migration, no seed.
    expect(refusal).not.toMatch(/^database: |migrat|demo data/m)
    expect(await menu(first!)).toBe(200)
  }, 120_000)

  it('after a kill -9 the next start stops the PostgreSQL left running and keeps every committed row', async () => {
    await sql(pgDir, `insert into site_setting (key, value) values ('before_kill', 'kept')`)
    const orphan = postmasterPid(pgDir)
    first!.child.kill('SIGKILL')
    await first!.exited
    expect(alive(orphan)).toBe(true)
    first = await startServer({ ...ENV, DATA_DIR: dataDir })
    expect(first.lines.join('\n')).toContain(`PostgreSQL (pid ${orphan}) was left running`)
    expect(alive(orphan)).toBe(false)
    expect(await sql(pgDir, `select value from site_setting where key = 'before_kill'`)).toEqual([{ value: 'kept' }])
    expect(first.lines.join('\n')).not.toMatch(/made now|demo data ready/)
  }, 180_000)

  it('recovers after PostgreSQL itself was killed too (crash recovery), with every committed row', async () => {
    await sql(pgDir, `insert into site_setting (key, value) values ('before_crash', 'kept')`)
    const postmaster = postmasterPid(pgDir)
    first!.child.kill('SIGKILL')
    process.kill(postmaster, 'SIGKILL')
    await first!.exited
    first = await startServer({ ...ENV, DATA_DIR: dataDir })
    expect(await sql(pgDir, `select value from site_setting where key = 'before_crash'`)).toEqual([{ value: 'kept' }])
  }, 180_000)

  it('stops PostgreSQL after the pool on SIGTERM and exits 0', async () => {
    const postmaster = postmasterPid(pgDir)
    expect(await first!.stop('SIGTERM')).toBe(0)
    expect(alive(postmaster)).toBe(false)
    expect(existsSync(join(pgDir, 'postmaster.pid'))).toBe(false)
    first = undefined
  }, 120_000)

  it('start:cluster runs one PostgreSQL for all its processes and stops it after the last', async () => {
    const c = await startServer({ ...ENV, DATA_DIR: dataDir, CLUSTER_WORKERS: '2' }, { script: 'server/cluster.ts', readyWhen: '2 processes listening' })
    try {
      const postmaster = postmasterPid(pgDir)
      expect(c.lines.join('\n')).toMatch(/^\[cluster primary\] database: embedded PostgreSQL in/m)
      for (let i = 0; i < 4; i++) expect(await menu(c)).toBe(200)
      const backends = await sql<{ n: number }>(pgDir, `select count(distinct client_port)::int as n from pg_stat_activity where application_name = 'sms-console'`)
      expect(backends[0].n).toBeGreaterThan(0)
      expect(await c.stop('SIGTERM')).toBe(0)
      expect(alive(postmaster)).toBe(false)
    } finally {
      await c.stop()
    }
  }, 240_000)

  describe('faults: each a sentence naming what to do, nothing written', () => {
    // Another program on the port earlier versions gave a folder (FIRST_PORT, 54320 onwards) was a refusal to start
    // (and once a refused restart): the database now listens on no TCP port, so nothing on the host can take its address.
    it('another program on the port earlier folders listened on does not stop the start', async () => {
      const blocker: Server = createServer()
      // Taken by this test, or already by another program on the host (EADDRINUSE): either way, taken.
      await new Promise<void>((r) => blocker.once('error', () => r()).listen(FIRST_PORT, '127.0.0.1', r))
      try {
        const p = await startServer({ ...ENV, DATA_DIR: dataDir })
        expect(await menu(p)).toBe(200)
        expect(await p.stop('SIGTERM')).toBe(0)
      } finally {
        if (blocker.listening) await new Promise((r) => blocker.close(r))
      }
    }, 120_000)

    it('a folder made by another major version of PostgreSQL', async () => {
      const old = join(dataDir, 'old')
      mkdirSync(join(old, 'postgres'), { recursive: true })
      writeFileSync(join(old, 'postgres', 'PG_VERSION'), '16\n')
      await expect(startServer({ ...ENV, DATA_DIR: old })).rejects.toThrow(/was made by PostgreSQL 16; this server runs PostgreSQL 18, which cannot open it\. Dump it with PostgreSQL 16's pg_dump/)
      expect(readFileSync(join(old, 'postgres', 'PG_VERSION'), 'utf8')).toBe('16\n')
    }, 120_000)

    it('a folder with files but no database in it', async () => {
      const odd = join(dataDir, 'odd')
      mkdirSync(join(odd, 'postgres'), { recursive: true })
      writeFileSync(join(odd, 'postgres', 'notes.txt'), 'mine')
      await expect(startServer({ ...ENV, DATA_DIR: odd })).rejects.toThrow(/holds files but no PostgreSQL database .* neither uses nor overwrites it/)
      expect(readFileSync(join(odd, 'postgres', 'notes.txt'), 'utf8')).toBe('mine')
    }, 120_000)

    const nobody = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' })
    it.runIf(process.getuid?.() === 0 && nobody.status === 0)('a DATA_DIR the server\'s user cannot write', async () => {
      const locked = join(dataDir, 'locked')
      mkdirSync(locked, { mode: 0o755 })
      const uid = Number(nobody.stdout)
      const gid = Number(spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout)
      await expect(startServer({ ...ENV, DATA_DIR: join(locked, 'data'), HOME: tmpdir() }, { uid, gid })).rejects.toThrow(/cannot be made or written|permission denied/i)
    }, 120_000)
  })
})
