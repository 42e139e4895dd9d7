import { join } from 'node:path'
import type { Settings } from './config'
import { EmbeddedPostgresError, startEmbedded, type EmbeddedPostgres } from './db/embedded'
import { MigrationsError } from './db/migrate'
import type { Logger } from './log'

/*
 * The database step of a start, one for `npm start` (main.ts) and a cluster's primary (cluster.ts): DATABASE_URL's
 * PostgreSQL, or the embedded one in DATA_DIR/postgres, started (and made, the first time) here, with its own lines
 * logged by one rule and an operator's refusal (the folder taken, the port held, an old schema) said in one paragraph.
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

/** The URL to open, and the embedded server to stop after the pool when there is one. */
export async function startDatabase(env: Settings, log: Logger): Promise<{ url: string; embedded?: EmbeddedPostgres }> {
  if (env.DATABASE_URL) {
    log.info('database: PostgreSQL (DATABASE_URL)')
    return { url: env.DATABASE_URL }
  }
  const embedded = await startEmbedded({
    dir: join(env.DATA_DIR, 'postgres'),
    log: (line) => {
      const level = postgresLevel(line)
      if (level) log[level]({ postgres: line }, 'embedded PostgreSQL')
    },
  }).catch(refuseWith(log))
  const made = embedded.initialised ? `, made now (initdb ${secs(embedded.timings.initdbMs)})` : ''
  log.info(`database: embedded PostgreSQL in ${embedded.dir}, 127.0.0.1:${embedded.port}${made}, started in ${secs(embedded.timings.startMs)}`)
  return { url: embedded.url, embedded }
}
