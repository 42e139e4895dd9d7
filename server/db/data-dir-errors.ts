// What the server says when DATA_DIR cannot be used: one paragraph naming the folder and what to do, and the
// original error's first line for diagnosis instead of PGlite's minified source.
import { hostname } from 'node:os'
import { resolve } from 'node:path'

export interface LockOwner {
  pid: number
  host: string
  /** ISO time the owner took the lock. */
  since: string
  /** Random per start: tells one owner's lock (and its takeover marker) from the next one's. */
  token: string
  /** Linux boot id: a lock from before a reboot is stale whatever its pid. */
  bootId?: string
  /** The owner's start time in clock ticks after boot (/proc/<pid>/stat): a reused pid shows another one. */
  procStart?: string
}

export type HolderState = 'live' | 'gone' | 'foreign' | 'unreadable'

export function lockRefusal(dir: string, file: string, holder: LockOwner | null, state: HolderState): string {
  if (!holder || state === 'unreadable') {
    return `DATA_DIR ${dir} cannot be locked: the lock file ${file} cannot be read as a lock (damaged, or written by ` +
      'something else). If no server uses this folder, delete that file and start again.'
  }
  const who = `process ${holder.pid} on host ${holder.host}, since ${holder.since}`
  if (state === 'foreign') {
    return `DATA_DIR ${dir} is in use by ${who}. This server runs on host ${hostname()}, so it cannot tell whether ` +
      `that process still runs, and never takes such a lock over. Stop the server on ${holder.host} first; if none ` +
      `runs there any more (it crashed, or that host is gone), delete the lock file ${file} by hand and start again.`
  }
  return `DATA_DIR ${dir} is in use by another server: ${who}. Two servers on one data folder corrupt it, so this ` +
    `one does not start. Stop that server first (it releases the folder when it exits: kill ${holder.pid}), or give ` +
    'this one another DATA_DIR; to run several server processes on one database, use PostgreSQL (DATABASE_URL). ' +
    `Lock file: ${file}.`
}

/** PGlite could not open (or create) its folder. */
export class DataDirOpenError extends Error {
  constructor(readonly dir: string, readonly original: unknown) {
    const abs = resolve(dir)
    super(
      `The database folder in DATA_DIR cannot be opened: ${abs}. Cause: ${firstLine(original)}. The folder may be ` +
        'damaged (two servers used it at once, or the machine stopped while writing), made by a newer version, not ' +
        'a PGlite database, or not readable and writable by this user. What to do: restore DATA_DIR from a backup; ' +
        `or, to start fresh with demo data, move the folder away (mv ${abs} ${abs}.broken) and start again; or, when ` +
        'it is a permission problem, give this user read and write access to it.',
    )
  }
}

function firstLine(e: unknown): string {
  const err = e instanceof Error ? e : new Error(String(e))
  const line = err.message.split('\n')[0].slice(0, 300)
  return `${err.name}: ${line}`
}
