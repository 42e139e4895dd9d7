import { openPostgres, type PostgresOptions } from './postgres'
import type { Db } from './types'

export type { Db } from './types'
export { migrate } from './migrate'

export interface OpenOptions {
  /** postgres://… of the database: DATABASE_URL's, or the embedded one's (server/db/embedded.ts). */
  databaseUrl: string
  /** Every connection works in this schema (created when missing). */
  schema?: string
  /** Connection and statement time-outs (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
  timeouts?: Pick<PostgresOptions, 'connectTimeoutMs' | 'statementTimeoutMs'>
}

export function openDb(opts: OpenOptions): Promise<Db> {
  return openPostgres(opts.databaseUrl, { schema: opts.schema, ...opts.timeouts })
}
