import { join } from 'node:path'
import type { Settings } from './config'
import { EmbeddedPostgresError, startEmbedded, type EmbeddedOptions } from './db/embedded'
import { MigrationsError } from './db/migrate'
import { superviseEmbedded, UNWATCHED, type DatabaseWatch, type Supervised } from './db/supervise'
import type { Logger } from './log'

/*
 * The database step of a start, one for `npm start` (main.ts) and a cluster's primary (cluster.ts): DATABASE_URL's
 * PostgreSQL, or the embedded one in DATA_DIR/postgres, started (and made, the first time) here, with its own lines
 * logged by one rule and an operator's refusal (the folder taken, a full disk, an old schema) said in one paragraph.
 * The embedded one is then supervised (server/db/supervise.ts): restarted when it exits while serving.
 */

/** A refusal that is the operator's to fix ends the start with its message and no stack; anything else is thrown. */
export const refuseWith = (log: Logger) => (e: unknown): never => {
  if (!(e instanceof EmbeddedPostgresError || e instanceof MigrationsError)) throw e
  log.fatal(e.message)
  process.exit(1)
}

/** How one of PostgreSQL's own lines is logged: warnings and errors at warn, recovery notes at info, routine lines not. */
export function postgresLevel(line: string): 'warn' | 'info' | null {
  if (/WARNING|ERROR|FATAL|PANIC/.test(line) && !/the database system is (starting up|shutting down)/.test(line)) return 'warn'
  if (/recover|redo|interrupted|not properly shut down|making the PostgreSQL|left running/.test(line) && !/checkpoint/.test(line)) return 'info'
  return null
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

export interface StartedDatabase {
  url: string
  /** The embedded server under its supervisor, to stop after the pool; none with DATABASE_URL. */
  embedded?: Supervised
  /** What /readyz reads about the database besides asking it. */
  watch: DatabaseWatch
}

/**
 * The URL to open, and the embedded server to stop after the pool when there is one. `giveUp` is called when the
 * embedded server exited and could not be started again (DB_RESTART_ATTEMPTS): the process should exit non-zero.
 */
export async function startDatabase(env: Settings, log: Logger, giveUp: (why: string) => void): Promise<StartedDatabase> {
  if (env.DATABASE_URL) {
    log.info('database: PostgreSQL (DATABASE_URL)')
    return { url: env.DATABASE_URL, watch: UNWATCHED }
  }
  const options: EmbeddedOptions = {
    dir: join(env.DATA_DIR, 'postgres'),
    log: (line) => {
      const level = postgresLevel(line)
      if (level) log[level]({ postgres: line }, 'embedded PostgreSQL')
    },
  }
  const first = await startEmbedded(options).catch(refuseWith(log))
  const made = first.initialised ? `, made now (initdb ${secs(first.timings.initdbMs)})` : ''
  log.info(`database: embedded PostgreSQL in ${first.dir}, listening on ${first.address}${made}, started in ${secs(first.timings.startMs)}`)
  const embedded = superviseEmbedded({ first, start: () => startEmbedded(options), attempts: env.DB_RESTART_ATTEMPTS, log, giveUp })
  return { url: first.url, embedded, watch: embedded }
}
