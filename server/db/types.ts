/** The one database surface routes and seeds use, so PGlite and PostgreSQL stay interchangeable. */
export interface Db {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Runs several statements separated by semicolons, without parameters. */
  exec(sql: string): Promise<void>
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgres'
  /** PGlite (one connection): whether any statement is running or queued on it, so bulk work can let others first. */
  busy?(): boolean
}
