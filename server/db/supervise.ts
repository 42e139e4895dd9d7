import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from '../log'
import type { EmbeddedPostgres } from './embedded'

/** Why the database cannot serve now, in a few words any caller may read (/readyz); undefined while it can. */
export interface DatabaseWatch {
  trouble(): string | undefined
}

/** A database nobody supervises (DATABASE_URL's): its trouble shows in the statements that fail. */
export const UNWATCHED: DatabaseWatch = { trouble: () => undefined }

export interface SuperviseOptions {
  /** The embedded PostgreSQL as the start began it. */
  first: EmbeddedPostgres
  /** Starts it again on the same folder (startEmbedded with the same options); rejects when it cannot. */
  start: () => Promise<EmbeddedPostgres>
  /** Restarts tried after an exit before giving up (DB_RESTART_ATTEMPTS). */
  attempts: number
  log: Logger
  /** Every attempt failed: the process should exit non-zero, for its own supervisor to restart it. */
  giveUp: (why: string) => void
  /** The wait before attempt n (1-based); default RESTART_DELAY. */
  delayMs?: (attempt: number) => number
}

/** 0.25 s before the first attempt, doubling up to 15 s: about 45 s over 8 attempts. */
export const RESTART_DELAY = (attempt: number) => Math.min(250 * 2 ** (attempt - 1), 15_000)
/** A database back for this long has recovered: its next exit gets every attempt again. */
const STABLE_MS = 60_000

export interface Supervised extends DatabaseWatch {
  /** Stops watching and stops PostgreSQL (fast shutdown), waiting for a restart under way first. */
  stop(): Promise<void>
}

const how = (e: { code: number | null; signal: NodeJS.Signals | null }) => (e.signal ? `signal ${e.signal}` : `status ${e.code}`)

/**
 * Watches the embedded PostgreSQL while the server runs. When the postmaster exits without being asked to (killed,
 * crashed, a PANIC on a full disk), it is started again on the same folder after a growing wait, each attempt
 * logged; its address (the socket in its folder) is the same, so the pool reconnects by itself. Meanwhile trouble()
 * says so, and requests answer 503 (their connections fail fast: nothing listens on the socket). After `attempts`
 * failures in a row giveUp is called.
 */
export function superviseEmbedded(o: SuperviseOptions): Supervised {
  const delayMs = o.delayMs ?? RESTART_DELAY
  let current = o.first
  let stopping = false
  let trouble: string | undefined
  let failedInRow = 0
  let backAt = 0
  let restarting: Promise<void> = Promise.resolve()
  // A stop during a wait between attempts ends the wait at once.
  const stopped = new AbortController()

  const restart = async (exit: { code: number | null; signal: NodeJS.Signals | null }) => {
    if (performance.now() - backAt > STABLE_MS) failedInRow = 0
    o.log.error({ event: 'database.exited', pid: current.pid, exit: how(exit), postgres: current.lastWords() },
      `the embedded PostgreSQL exited (${how(exit)}) while serving: restarting it`)
    let last = how(exit)
    while (failedInRow < o.attempts) {
      const attempt = ++failedInRow
      const wait = delayMs(attempt)
      trouble = `database restarting (attempt ${attempt} of ${o.attempts})`
      o.log.warn({ event: 'database.restart', attempt, of: o.attempts, delayMs: wait }, `restarting the embedded PostgreSQL in ${wait} ms (attempt ${attempt} of ${o.attempts})`)
      await sleep(wait, undefined, { signal: stopped.signal }).catch(() => undefined)
      if (stopping) return
      const began = performance.now()
      try {
        const next = await o.start()
        if (stopping) return void (await next.stop())
        if (next.url !== current.url) {
          // Only a folder too deep for a socket listens on a port, found free at each start: another program took
          // the old one meanwhile. The pools know the old address, so the process starts again instead.
          await next.stop()
          trouble = 'database down'
          o.log.fatal({ event: 'database.gaveUp', reason: `its port was taken: it came back on ${next.address}` }, 'the embedded PostgreSQL came back on another address: exiting')
          return o.giveUp(`the embedded PostgreSQL came back on another address (${next.address})`)
        }
        current = next
        trouble = undefined
        backAt = performance.now()
        o.log.info({ event: 'database.restarted', attempt, pid: next.pid, ms: Math.round(backAt - began) }, `the embedded PostgreSQL is back (pid ${next.pid}, attempt ${attempt})`)
        watch(next)
        return
      } catch (e) {
        last = e instanceof Error ? e.message : String(e)
        o.log.error({ event: 'database.restartFailed', attempt, of: o.attempts, reason: last }, `restarting the embedded PostgreSQL failed (attempt ${attempt} of ${o.attempts})`)
      }
    }
    trouble = 'database down'
    o.log.fatal({ event: 'database.gaveUp', attempts: o.attempts, reason: last }, `the embedded PostgreSQL did not come back after ${o.attempts} attempts: exiting`)
    o.giveUp(last)
  }

  const watch = (pg: EmbeddedPostgres) => {
    void pg.exited.then((exit) => {
      if (stopping) return
      trouble = 'database exited'
      restarting = restart(exit).catch((e: unknown) => o.giveUp(String(e)))
    })
  }
  watch(o.first)

  return {
    trouble: () => trouble,
    async stop() {
      stopping = true
      stopped.abort()
      await restarting
      await current.stop()
    },
  }
}
