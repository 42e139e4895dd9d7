import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { logger } from '../log'
import { testServer } from '../test/harness'
import { openPostgres } from './postgres'
import type { Db } from './types'

/*
 * Hardening: a PostgreSQL connection lost under the server (the backend terminated, a restart, a failover) fails the
 * statement in flight and is replaced; it never ends the process. pg emits 'error' on a lost client, and Node ends the
 * process on an 'error' event nobody listens to: vitest reports it as an unhandled error, which fails this file.
 */
describe('PostgreSQL connections lost under the server', () => {
  let db: Db
  let admin: pg.Client
  const schema = `t_lost_${randomBytes(5).toString('hex')}`
  beforeAll(async () => {
    const { url } = testServer()
    db = await openPostgres(url, { schema, max: 3, applicationName: schema })
    admin = new pg.Client({ connectionString: url })
    await admin.connect()
  })
  afterAll(async () => {
    await db.close()
    await admin.query(`drop schema if exists ${schema} cascade`)
    await admin.end()
  })
  /**
   * Terminates every backend of this pool, known by its application name: other test files share the cluster, and
   * ending their idle connections too (as an earlier version did) failed their requests in flight.
   */
  const terminateOurs = async () => {
    const { rows } = await admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and application_name = $1`, [schema])
    return rows[0].n
  }
  const waitedIdle = () => new Promise((r) => setTimeout(r, 100))

  it('a connection terminated inside a transaction fails that transaction, and the next ones work', async () => {
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined)
    try {
      const failed = db.transaction(async (tx) => {
        await tx.query(`select 1 as "${schema}"`)
        // The backend goes away between two statements of the transaction, while the client is checked out.
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query like $2`, [schema, `%"${schema}"%`])
        await waitedIdle()
        await tx.query('select 2')
      })
      await expect(failed).rejects.toThrow()
      for (let i = 0; i < 5; i++) expect((await db.query<{ n: number }>('select 1 as n')).rows[0].n).toBe(1)
      // A prepared statement's connection, lost inside its own statement.
      await expect(db.query('select pg_terminate_backend(pg_backend_pid())', [], { prepare: true })).rejects.toThrow()
      expect((await db.query<{ n: number }>('select 3 as n', [], { prepare: true })).rows[0].n).toBe(3)
    } finally {
      warn.mockRestore()
    }
  })

  it('idle connections terminated in the pool are replaced, with a line in the log', async () => {
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined)
    try {
      // Fill the pool with idle connections, then end them all from outside.
      await Promise.all([1, 2, 3].map(() => db.query('select pg_sleep(0.05)')))
      expect(await terminateOurs()).toBeGreaterThan(0)
      await waitedIdle()
      const answers = await Promise.all([1, 2, 3, 4].map((n) => db.query<{ n: number }>(`select ${n} as n`)))
      expect(answers.map((a) => a.rows[0].n)).toEqual([1, 2, 3, 4])
      expect(warn.mock.calls.some((args) => args.some((a) => String(a).includes('lost while idle')))).toBe(true)
    } finally {
      warn.mockRestore()
    }
  })
})
