export interface QueryOptions {
  /**
   * Run as a named statement: parsed once per connection and, when its generic plan is as good, planned once
   * (PostgreSQL: server/db/prepared.ts; PGlite outside transactions: server/db/pglite-prepared.ts). For the hot
   * statements of every request whose texts come from a small set (values travel as parameters).
   */
  prepare?: boolean
}

/** The one database surface routes and seeds use, so PGlite and PostgreSQL stay interchangeable. */
export interface Db {
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: QueryOptions): Promise<{ rows: T[] }>
  /** Runs several statements separated by semicolons, without parameters. */
  exec(sql: string): Promise<void>
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgres'
  /** PGlite (one connection): whether any statement is running or queued on it, so bulk work can let others first. */
  busy?(): boolean
}
