import pg from 'pg'
import { nameOn } from './prepared'
import type { Db, QueryOptions } from './types'

// bigint and numeric come back as strings by default; counts and money fit in a double here.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))

type Client = pg.Pool | pg.PoolClient

function wrap(client: Client, pool: pg.Pool): Db {
  return {
    kind: 'postgres',
    async query<T>(text: string, params?: unknown[], opts?: QueryOptions) {
      if (!opts?.prepare) return { rows: (await client.query(text, params)).rows as T[] }
      if (client !== pool) return { rows: (await client.query({ name: nameOn(client as pg.PoolClient, text), text, values: params })).rows as T[] }
      const conn = await pool.connect()
      let broken: Error | undefined
      try {
        return { rows: (await conn.query({ name: nameOn(conn, text), text, values: params })).rows as T[] }
      } catch (e) {
        // As pool.query does for a lost connection; an SQL error (it has a SQLSTATE code) leaves the connection usable.
        if (!(e instanceof Error && 'code' in e)) broken = e as Error
        throw e
      } finally {
        conn.release(broken)
      }
    },
    async exec(sql: string) {
      await client.query(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (client !== pool) return fn(wrap(client, pool))
      const conn = await pool.connect()
      try {
        await conn.query('begin')
        const out = await fn(wrap(conn, pool))
        await conn.query('commit')
        return out
      } catch (e) {
        await conn.query('rollback').catch(() => undefined)
        throw e
      } finally {
        conn.release()
      }
    },
    close: () => pool.end(),
  }
}

export interface PostgresOptions {
  /** Every connection uses this schema (created when missing), so test files can share one cluster. */
  schema?: string
  max?: number
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Db> {
  const { schema } = opts
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`)
  if (schema) {
    const boot = new pg.Client({ connectionString: url })
    await boot.connect()
    await boot.query(`create schema if not exists ${schema}`)
    await boot.end()
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: schema ? `-c search_path=${schema},public` : undefined,
  })
  return wrap(pool, pool)
}
