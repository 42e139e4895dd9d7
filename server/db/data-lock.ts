// One server per PGlite data folder: two processes on one folder hand out the same ids, lose debits and leave files
// PGlite cannot open again. The lock is a file, DATA_DIR/server.lock, naming its owner (pid, host, boot, start time,
// a random token).
//
// Why every step is safe when several processes start at once:
// - A lock file appears only complete and only once: its content is written and fsynced to a private temporary file,
//   then link(2)ed to the lock's name, which fails with EEXIST when the name exists. Exactly one link wins.
// - A lock file disappears only (a) when its owner releases it, or (b) when its owner is gone and the remover holds
//   the takeover marker `server.lock.takeover-<token of that owner>`, itself taken by the same exclusive link. So two
//   processes that both judged one stale lock cannot both remove it; and the marker's holder removes the lock only
//   after reading the stale owner's token there again. A process that judged the lock stale long ago and wins the
//   marker after the takeover finished (the marker is removed at the end) reads another token, removes nothing and
//   tries again from the start, where it meets the new owner. A newcomer that links while the stale lock is away
//   simply wins; the taker's own link then fails and it meets that newcomer.
// - A marker left by a process killed mid-takeover is itself stale and taken over the same way (one level deeper).
// Liveness: a lock from another host is never taken over (its pid means nothing here: shared disks). On this host the
// owner is gone when the machine rebooted since (boot id), when kill(pid, 0) answers ESRCH, or when the pid now
// belongs to a process started at another time (pid reuse; Linux /proc only). Without /proc a reused pid makes a
// stale lock look held: the server then refuses, which is safe, and the message says how to remove it by hand.
// Liveness is not judged by the file's age: PGlite blocks the event loop for ~17 s during a big send, so an owner
// refreshing a timestamp (proper-lockfile's mtime scheme) would be taken over while alive.
import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { DataDirOpenError, lockRefusal, type HolderState, type LockOwner } from './data-dir-errors'

export type { LockOwner } from './data-dir-errors'

export const LOCK_FILE = 'server.lock'

export interface DataLock {
  file: string
  owner: LockOwner
  /** The dead owner whose lock this process took over, if any. */
  tookOverFrom?: LockOwner
  /** Removes the lock if this process still owns it; idempotent and synchronous (usable in `process.on('exit')`). */
  release(): void
}

export class DataLockError extends Error {
  constructor(readonly dir: string, readonly file: string, readonly holder: LockOwner | null, readonly state: HolderState) {
    super(lockRefusal(dir, file, holder, state))
  }
}

export interface LockOptions {
  /** How long to wait for a live holder on this host to release (`npm run dev` restarts); 0 refuses at once. */
  waitMs?: number
  onWait?: (holder: LockOwner) => void
}

const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8').split('\n')[0]
  } catch {
    return undefined
  }
}

function procStart(pid: number | 'self'): string | undefined {
  const stat = readText(`/proc/${pid}/stat`)
  // Field 22 (starttime); the command name before it may hold spaces and parentheses, so count from the last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')

function currentOwner(): LockOwner {
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token: randomBytes(9).toString('hex') }
  const boot = bootId()
  const start = procStart('self')
  return { ...owner, ...(boot && { bootId: boot }), ...(start && { procStart: start }) }
}

function holderState(o: LockOwner): Exclude<HolderState, 'unreadable'> {
  if (o.host !== hostname()) return 'foreign'
  const boot = bootId()
  if (o.bootId && boot && o.bootId !== boot) return 'gone'
  try {
    process.kill(o.pid, 0)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return 'gone'
  }
  const start = procStart(o.pid)
  return o.procStart && start && start !== o.procStart ? 'gone' : 'live'
}

/** The owner written in `file`; undefined when no such file; null when it cannot be read as one. */
function readOwner(file: string): LockOwner | null | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    return null
  }
  try {
    const o = JSON.parse(text) as LockOwner
    const ok = Number.isInteger(o.pid) && o.pid > 0 && typeof o.host === 'string' && typeof o.token === 'string'
    return ok && /^[0-9a-f]+$/.test(o.token) ? o : null
  } catch {
    return null
  }
}

const LINK_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'])

function writeSynced(path: string, flag: string, text: string) {
  const fd = openSync(path, flag)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Creates `file` with `owner` in it, or returns false when it exists. */
function createExclusive(file: string, owner: LockOwner): boolean {
  const text = JSON.stringify(owner)
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  writeSynced(tmp, 'wx', text)
  try {
    linkSync(tmp, file)
    return true
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? ''
    if (code === 'EEXIST') return false
    if (!LINK_UNSUPPORTED.has(code)) throw e
  } finally {
    unlinkSync(tmp)
  }
  // No hard links on this file system (FAT, some network shares): exclusive create; a reader may meet it empty for
  // a moment, which it treats as busy and reads again.
  try {
    writeSynced(file, 'wx', text)
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw e
  }
}

function removeIfOwned(file: string, token: string) {
  if (readOwner(file)?.token === token) unlinkSync(file)
}

type Attempt = { won: true; tookOverFrom?: LockOwner } | { won: false; holder: LockOwner | null; state: HolderState; busy: boolean }

const MAX_DEPTH = 4

function tryLock(file: string, me: LockOwner, depth: number): Attempt {
  let tookOverFrom: LockOwner | undefined
  for (;;) {
    if (createExclusive(file, me)) return { won: true, tookOverFrom }
    const holder = readOwner(file)
    if (holder === undefined) continue
    if (holder === null) return { won: false, holder, state: 'unreadable', busy: true }
    const state = holderState(holder)
    if (state !== 'gone') return { won: false, holder, state, busy: depth > 0 }
    if (depth >= MAX_DEPTH) return { won: false, holder, state: 'live', busy: true }
    const marker = `${file}.takeover-${holder.token}`
    const m = tryLock(marker, me, depth + 1)
    if (!m.won) return { ...m, busy: true }
    try {
      removeIfOwned(file, holder.token)
    } finally {
      removeIfOwned(marker, me.token)
    }
    tookOverFrom = holder
  }
}

/**
 * Takes DATA_DIR's lock, or throws DataLockError saying who holds it and what to do, or DataDirOpenError when the
 * folder cannot be written (not a folder, no permission, read-only).
 */
export async function lockDataDir(dir: string, opts: LockOptions = {}): Promise<DataLock> {
  try {
    return await acquire(resolve(dir), opts)
  } catch (e) {
    throw e instanceof DataLockError ? e : new DataDirOpenError(dir, e)
  }
}

async function acquire(abs: string, opts: LockOptions): Promise<DataLock> {
  mkdirSync(abs, { recursive: true })
  const file = join(abs, LOCK_FILE)
  const me = currentOwner()
  const started = Date.now()
  // Someone mid-takeover or mid-write finishes within milliseconds; allow that much even when not asked to wait.
  const busyWait = Math.max(opts.waitMs ?? 0, 3000)
  let told = false
  for (;;) {
    const r = tryLock(file, me, 0)
    if (r.won) {
      let released = false
      const release = () => {
        if (released) return
        released = true
        removeIfOwned(file, me.token)
      }
      return { file, owner: me, tookOverFrom: r.tookOverFrom, release }
    }
    const waited = Date.now() - started
    if (waited >= (r.busy ? busyWait : (opts.waitMs ?? 0))) throw new DataLockError(abs, file, r.holder, r.state)
    if (!told && !r.busy && r.holder) opts.onWait?.(r.holder)
    told ||= !r.busy
    await sleep(r.busy ? 10 : 200)
  }
}
