export interface QueryOptions {
  /**
   * Run as a named statement: parsed once per connection and, when its generic plan is as good, planned once
   * (server/db/prepared.ts). For the hot statements of every request whose texts come from a small set (values
   * travel as parameters).
   */
  prepare?: boolean
  /**
   * `timestamptz` values as the text JSON.stringify makes of a Date (`2026-11-24T01:02:03.123Z`), not as Dates: for
   * rows that go straight into a JSON answer (list pages, server/db/iso-time.ts).
   */
  isoTimes?: boolean
}

/** One statement's rows read a batch at a time (a server-side cursor); see `Db.cursor`. */
export interface Cursor<T> {
  /** The next `n` rows at most; fewer (or none) once the statement has no more. */
  read(n: number): Promise<T[]>
  /** Ends the cursor and gives its connection back; safe to call more than once, and while a read is in flight. */
  close(): Promise<void>
}

export interface CursorOptions {
  /**
   * Planner settings for this statement only (`set local`), e.g. `{ cursor_tuple_fraction: '1' }`. Names and values
   * are the code's constants, never user input.
   */
  settings?: Record<string, string>
}

/** The one database surface routes and seeds use (server/db/postgres.ts). */
export interface Db {
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: QueryOptions): Promise<{ rows: T[] }>
  /** Runs several statements separated by semicolons, without parameters. */
  exec(sql: string): Promise<void>
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
  /**
   * One statement read through a server-side cursor, in a read-only transaction on a connection of its own until
   * `close` (the caller must close it). For bulk reads of a whole filtered set: one plan and one pass instead of a
   * query per batch. Absent inside a transaction, whose one connection is already taken.
   */
  cursor?<T = Record<string, unknown>>(text: string, params: unknown[], opts?: CursorOptions): Promise<Cursor<T>>
  /** This process' connections, for /metrics (`waiting`: queries queued for a connection). */
  pool?(): { total: number; idle: number; waiting: number }
}
