import pg from 'pg'
import { isoTimeParser, TIMESTAMPTZ } from './iso-time'
import { nameOn } from './prepared'
import type { Cursor, CursorOptions, Db, QueryOptions } from './types'
import { logger } from '../log'

// bigint and numeric come back as strings by default; counts and money fit in a double here.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))

const isoTime = isoTimeParser(pg.types.getTypeParser(TIMESTAMPTZ))
const ISO_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ && format !== 'binary' ? isoTime : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}

type Client = pg.Pool | pg.PoolClient

/**
 * A connection taken from the pool. pg-pool listens for a client's 'error' only while it is idle in the pool: a
 * connection lost while checked out (the backend terminated, PostgreSQL restarted or failed over, the network cut)
 * emits 'error' with nobody listening, and Node ends the process on an unhandled 'error' event. Here the error is
 * kept (the statement in flight fails with it anyway) and the lost connection is destroyed on release, not reused.
 */
/**
 * Whether an error means the connection is gone: no SQLSTATE (the socket closed), a FATAL or PANIC from the server
 * (its backend ends after sending it, e.g. 57P01 when terminated), or a connection exception (class 08). An ordinary
 * SQL error leaves the connection usable.
 */
export function connectionLost(e: unknown): boolean {
  if (!(e instanceof Error)) return true
  const { code, severity } = e as Error & { code?: unknown; severity?: unknown }
  if (typeof code !== 'string') return true
  return severity === 'FATAL' || severity === 'PANIC' || code.startsWith('08') || code.startsWith('57P')
}

/** Node's words for a socket that cannot reach the server or lost it (a missing Unix socket is ENOENT on connect). */
const SOCKET_FAULTS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND'])
/** pg's and pg-pool's own errors (no SQLSTATE) for a server that is gone, refuses, or does not answer in time. */
const DRIVER_FAULTS = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|timeout expired|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/

/**
 * Whether an error means the database cannot serve the statement now, however it was reached: refused or lost
 * connections, connect and statement time-outs (57014, PostgreSQL's statement_timeout), a server starting up or
 * shutting down (57P01–57P03), out of connections or memory (53300, 53200), connection exceptions (class 08). The
 * request is worth retrying later (503 with Retry-After); a bug (a bad statement, a violated constraint) is not.
 */
export function databaseUnavailable(e: unknown): boolean {
  for (let err = e, depth = 0; err instanceof Error && depth < 5; err = err.cause, depth++) {
    const { code, syscall } = err as Error & { code?: unknown; syscall?: unknown }
    if (typeof code === 'string') {
      if (/^(08|57P0[1-3]|57014|53[23]00)/.test(code)) return true
      if (SOCKET_FAULTS.has(code) && (syscall === 'connect' || syscall === 'read' || syscall === 'write' || syscall === 'getaddrinfo')) return true
    } else if (DRIVER_FAULTS.test(err.message)) return true
  }
  return false
}

async function checkout(pool: pg.Pool) {
  const conn = await pool.connect()
  let lost: Error | undefined
  const onError = (e: Error) => {
    lost ??= e
  }
  conn.on('error', onError)
  return {
    conn,
    release(broken?: Error) {
      // A lost client may still emit while it is being ended: the listener stays on it then.
      if (!lost && !broken) conn.off('error', onError)
      conn.release(broken ?? lost)
    },
  }
}

/**
 * A server-side cursor on a connection of its own: `begin read only`, the planner settings as `set local`, `declare`,
 * then `fetch forward n` per read. Closing waits for a read in flight, rolls the read-only transaction back (which
 * also ends the cursor) and gives the connection back, destroyed instead when it was lost.
 */
async function openCursor<T>(pool: pg.Pool, text: string, params: unknown[], opts: CursorOptions = {}): Promise<Cursor<T>> {
  const { conn, release } = await checkout(pool)
  let broken: Error | undefined
  const noting = (e: unknown): never => {
    if (connectionLost(e)) broken ??= e as Error
    throw e
  }
  let closing: Promise<void> | null = null
  let inFlight: Promise<unknown> = Promise.resolve()
  const close = () => {
    closing ??= (async () => {
      await inFlight
      if (!broken) await conn.query('rollback').catch((e: unknown) => void (broken = e as Error))
      release(broken)
    })()
    return closing
  }
  try {
    await conn.query('begin read only')
    for (const [name, value] of Object.entries(opts.settings ?? {})) await conn.query('select set_config($1, $2, true)', [name, value])
    await conn.query(`declare bulk_read no scroll cursor for ${text}`, params)
  } catch (e) {
    if (connectionLost(e)) broken = e as Error
    await close()
    throw e
  }
  return {
    read(n: number) {
      if (closing) return Promise.reject(new Error('read from a closed cursor'))
      const rows = conn.query(`fetch forward ${Math.max(1, Math.trunc(n))} from bulk_read`).then((r) => r.rows as T[], noting)
      inFlight = rows.catch(() => undefined)
      return rows
    },
    close,
  }
}

function wrap(client: Client, pool: pg.Pool): Db {
  return {
    async query<T>(text: string, params?: unknown[], opts?: QueryOptions) {
      const types = opts?.isoTimes ? ISO_TYPES : undefined
      if (!opts?.prepare) return { rows: (await client.query({ text, values: params, types })).rows as T[] }
      if (client !== pool) return { rows: (await client.query({ name: nameOn(client as pg.PoolClient, text), text, values: params, types })).rows as T[] }
      const { conn, release } = await checkout(pool)
      let broken: Error | undefined
      try {
        return { rows: (await conn.query({ name: nameOn(conn, text), text, values: params, types })).rows as T[] }
      } catch (e) {
        if (connectionLost(e)) broken = e as Error
        throw e
      } finally {
        release(broken)
      }
    },
    async exec(sql: string) {
      await client.query(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (client !== pool) return fn(wrap(client, pool))
      const { conn, release } = await checkout(pool)
      let broken: Error | undefined
      try {
        await conn.query('begin')
        const out = await fn(wrap(conn, pool))
        await conn.query('commit')
        return out
      } catch (e) {
        if (connectionLost(e)) broken = e as Error
        else await conn.query('rollback').catch((r: unknown) => void (broken = r as Error))
        throw e
      } finally {
        release(broken)
      }
    },
    cursor: client === pool ? (text, params, opts) => openCursor(pool, text, params, opts) : undefined,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  }
}

export interface PostgresOptions {
  /** Every connection uses this schema (created when missing), so test files can share one cluster. */
  schema?: string
  max?: number
  /** Shown in pg_stat_activity (default `sms-console`), so an operator or a test can tell this pool's backends. */
  applicationName?: string
  /** How long a connection is waited for, from the pool or newly opened (DB_CONNECT_TIMEOUT_MS); unset: no limit. */
  connectTimeoutMs?: number
  /** PostgreSQL's statement_timeout on every connection (DB_STATEMENT_TIMEOUT_MS); unset: none (the start's migrations and seed). */
  statementTimeoutMs?: number
}

/**
 * How much longer than the statement time-out the client waits for an answer before it gives the connection up: a
 * server that is alive cancels the statement itself first (rolled back, nothing half done); one that is stopped or
 * cut off never answers, and the request still ends.
 */
export const CLIENT_MARGIN_MS = 2000

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Db> {
  const { schema } = opts
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`)
  if (schema) {
    const boot = new pg.Client({ connectionString: url, connectionTimeoutMillis: opts.connectTimeoutMs })
    await boot.connect()
    await boot.query(`create schema if not exists ${schema}`)
    await boot.end()
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'sms-console',
    options: schema ? `-c search_path=${schema},public` : undefined,
    connectionTimeoutMillis: opts.connectTimeoutMs,
    statement_timeout: opts.statementTimeoutMs,
    query_timeout: opts.statementTimeoutMs ? opts.statementTimeoutMs + CLIENT_MARGIN_MS : undefined,
  })
  // An idle connection lost (PostgreSQL restarted, the backend terminated): the pool drops it and opens another when
  // needed. Without a listener the pool's 'error' event would end the process.
  pool.on('error', (e) => logger().warn({ err: e }, 'a PostgreSQL connection was lost while idle and is replaced'))
  return wrap(pool, pool)
}
