import { openPglite } from './pglite'
import { openPostgres } from './postgres'
import type { Db } from './types'

export type { Db } from './types'
export { migrate } from './migrate'

export interface OpenOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string
  /** PGlite directory; omitted means in memory. */
  dataDir?: string
  /** PostgreSQL schema for isolated test runs. */
  schema?: string
}

export function openDb(opts: OpenOptions = {}): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { schema: opts.schema })
  return openPglite(opts.dataDir)
}
