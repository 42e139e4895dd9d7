import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { DataDirOpenError } from './data-dir-errors'
import { DataLockError, LOCK_FILE, lockDataDir, type LockOwner } from './data-lock'
import { openPglite } from './pglite'

const root = mkdtempSync(join(tmpdir(), 'data-lock-'))
let n = 0
const freshDir = () => join(root, `d${++n}`)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const holderScript = join(import.meta.dirname, '../test/lock-holder.ts')
const children: ChildProcess[] = []
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})

interface Locker {
  child: ChildProcess
  /** Resolves with the first line (from the start of output) that starts with one of the prefixes. */
  line(...prefixes: string[]): Promise<string>
  exited: Promise<number | null>
}

function locker(dir: string, mode: 'hold' | 'race' | 'slow-race' = 'hold', waitMs = 0): Locker {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, dir, mode, String(waitMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  children.push(child)
  const seen: string[] = []
  const waiting: Array<() => void> = []
  createInterface({ input: child.stdout! }).on('line', (l) => {
    seen.push(l)
    waiting.splice(0).forEach((w) => w())
  })
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
  const line = (...prefixes: string[]) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const hit = seen.find((l) => prefixes.some((p) => l.startsWith(p)))
        if (hit) return resolve(hit)
        if (child.exitCode !== null) return reject(new Error(`locker exited (${child.exitCode}): ${seen.join(' | ')}`))
        waiting.push(check)
      }
      child.on('exit', () => setImmediate(check))
      check()
    })
  return { child, line, exited }
}

/** A pid that belonged to a process on this host and no longer does. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!

const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()

function writeLock(path: string, o: Partial<LockOwner>) {
  const owner = { pid: deadPid(), host: hostname(), since: '2024-01-01T00:00:00.000Z', token: 'abcdef0123', ...o }
  writeFileSync(path, JSON.stringify(owner))
}

async function race(dir: string, mode: 'race' | 'slow-race' = 'race', racers = 4) {
  const ls = Array.from({ length: racers }, () => locker(dir, mode))
  await Promise.all(ls.map((l) => l.line('READY')))
  for (const l of ls) l.child.stdin!.write('go\n')
  const outcomes = await Promise.all(ls.map((l) => l.line('WON', 'REFUSED')))
  const winners = outcomes.filter((o) => o.startsWith('WON'))
  for (const l of ls) l.child.kill('SIGTERM')
  await Promise.all(ls.map((l) => l.exited))
  return { winners, refusals: outcomes.filter((o) => o.startsWith('REFUSED')) }
}

describe('DATA_DIR lock across processes', () => {
  it('lets exactly one of several processes starting at once take a fresh folder', async () => {
    for (let round = 0; round < 3; round++) {
      const { winners, refusals } = await race(freshDir())
      expect(winners).toHaveLength(1)
      const pid = winners[0].split(' ')[1]
      for (const r of refusals) expect(r).toContain(`process ${pid} on host`)
    }
  }, 180_000)

  it('takes over the lock of a SIGKILLed server at the next start', async () => {
    const dir = freshDir()
    const holder = locker(dir)
    const killed = Number((await holder.line('WON')).split(' ')[1])
    holder.child.kill('SIGKILL')
    await holder.exited
    const lock = await lockDataDir(dir)
    expect(lock.tookOverFrom?.pid).toBe(killed)
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid)
    lock.release()
  })

  it('lets exactly one of several processes starting at once take over a SIGKILLed server\'s lock', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = freshDir()
      const holder = locker(dir)
      await holder.line('WON')
      holder.child.kill('SIGKILL')
      await holder.exited
      const { winners, refusals } = await race(dir, round % 2 ? 'race' : 'slow-race')
      expect(winners).toHaveLength(1)
      const pid = winners[0].split(' ')[1]
      for (const r of refusals) expect(r).toContain(`process ${pid} on host`)
      // No takeover marker or temporary file left behind; the winner released on SIGTERM.
      expect(readdirSync(dir)).toEqual([])
    }
  }, 180_000)

  it('refuses while a server holds the folder, naming the folder, the process and what to do', async () => {
    const dir = freshDir()
    const holder = locker(dir)
    const pid = (await holder.line('WON')).split(' ')[1]
    const err = await lockDataDir(dir).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DataLockError)
    const msg = (err as Error).message
    expect(msg).toContain(`DATA_DIR ${dir} is in use by another server: process ${pid} on host ${hostname()}`)
    expect(msg).toContain(`kill ${pid}`)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true)
  })

  it('is released when the holder stops on SIGTERM, and the next start needs no takeover', async () => {
    const dir = freshDir()
    const holder = locker(dir)
    await holder.line('WON')
    holder.child.kill('SIGTERM')
    expect(await holder.exited).toBe(0)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    const lock = await lockDataDir(dir)
    expect(lock.tookOverFrom).toBeUndefined()
    lock.release()
    expect(readdirSync(dir)).toEqual([])
  })

  it('waits, when asked, for a restarting server to let go instead of refusing (npm run dev)', async () => {
    const dir = freshDir()
    const holder = locker(dir)
    const pid = Number((await holder.line('WON')).split(' ')[1])
    const waitedFor: number[] = []
    const next = lockDataDir(dir, { waitMs: 60_000, onWait: (h) => waitedFor.push(h.pid) })
    holder.child.kill('SIGTERM')
    const lock = await next
    expect(waitedFor).toEqual([pid])
    expect(lock.tookOverFrom).toBeUndefined()
    lock.release()
  })
})

describe('DATA_DIR lock left behind', () => {
  const lockIn = (dir: string) => join(mkdirp(dir), LOCK_FILE)

  it('takes over a lock whose pid now belongs to another process (pid reuse, told by start time)', async () => {
    const dir = freshDir()
    writeLock(lockIn(dir), { pid: process.pid, bootId: bootId(), procStart: '1' })
    const lock = await lockDataDir(dir)
    expect(lock.tookOverFrom?.pid).toBe(process.pid)
    lock.release()
  })

  it('takes over a lock from before a reboot', async () => {
    const dir = freshDir()
    writeLock(lockIn(dir), { pid: process.pid, bootId: 'another-boot' })
    const lock = await lockDataDir(dir)
    expect(lock.tookOverFrom?.bootId).toBe('another-boot')
    lock.release()
  })

  it('takes over when the process that was taking over a stale lock was killed mid-way', async () => {
    const dir = freshDir()
    const file = lockIn(dir)
    writeLock(file, { token: 'aaaa' })
    writeLock(`${file}.takeover-aaaa`, { token: 'bbbb' })
    const lock = await lockDataDir(dir)
    expect(lock.tookOverFrom?.token).toBe('aaaa')
    expect(readdirSync(dir)).toEqual([LOCK_FILE])
    lock.release()
  })

  it('never takes over a lock held from another host, and says how to remove it', async () => {
    const dir = freshDir()
    writeLock(lockIn(dir), { host: 'other-host.example', pid: process.pid })
    const err = (await lockDataDir(dir).catch((e: unknown) => e)) as DataLockError
    expect(err).toBeInstanceOf(DataLockError)
    expect(err.message).toContain(`DATA_DIR ${dir} is in use by process ${process.pid} on host other-host.example`)
    expect(err.message).toContain(`delete the lock file ${join(dir, LOCK_FILE)} by hand`)
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).host).toBe('other-host.example')
  })

  it('refuses a lock file it cannot read rather than guessing', async () => {
    const dir = freshDir()
    writeFileSync(lockIn(dir), 'not a lock')
    const err = (await lockDataDir(dir).catch((e: unknown) => e)) as DataLockError
    expect(err).toBeInstanceOf(DataLockError)
    expect(err.message).toContain(`the lock file ${join(dir, LOCK_FILE)} cannot be read as a lock`)
  })
})

function mkdirp(dir: string) {
  mkdirSync(dir, { recursive: true })
  return dir
}

describe('a data folder that will not open', () => {
  it('says so when DATA_DIR cannot be a folder, naming it and what to do', async () => {
    const dir = freshDir()
    writeFileSync(dir, 'a file where the folder should be')
    const err = (await lockDataDir(dir).catch((e: unknown) => e)) as DataDirOpenError
    expect(err).toBeInstanceOf(DataDirOpenError)
    expect(err.message).toContain(`The database folder in DATA_DIR cannot be opened: ${dir}. Cause: Error: EEXIST`)
  })


  it('says which DATA_DIR folder and what to do, with the first line of the cause', async () => {
    const dir = freshDir()
    writeFileSync(join(mkdirp(dir), 'PG_VERSION'), '99\n')
    const err = (await openPglite(dir).catch((e: unknown) => e)) as DataDirOpenError
    expect(err).toBeInstanceOf(DataDirOpenError)
    expect(err.message).toContain(`The database folder in DATA_DIR cannot be opened: ${dir}.`)
    expect(err.message).toContain('Cause: Error: PGlite failed to initialize properly.')
    expect(err.message).toMatch(/restore DATA_DIR from a backup.*move the folder away.*read and write access/)
    expect(err.message).not.toMatch(/\n|node_modules/)
  })
})
