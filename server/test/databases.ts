import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { migrate, openDb } from '../db'
import { seedDemo, type SeedOptions } from '../seed'

/*
 * The databases of a test run, all on the run's one PostgreSQL (global-setup.ts): `<run>_migrated` (every migration,
 * no rows), made before any file; `<run>_seed_<rows>_<made>` (that plus the demo seed with a history of <rows>),
 * made by the first setup() asking for that size while the others wait on an advisory lock; and each test file's
 * own database, a copy of one of them (`create database … template …`) dropped when the file closes it.
 */

export const runDatabases = (runId: string) => ({ migrated: `${runId}_migrated`, seedPrefix: `${runId}_seed_` })

/**
 * A seeded template is made again after this long: the seed's times are relative to when it ran (timed batches due
 * in 30 minutes, today's records), and a slow run (a loaded CI machine) would otherwise give a later file a seed
 * whose first scheduled batch has come due.
 */
export const SEED_FRESH_MS = 10 * 60_000
// Any fixed number; the second key is the history size.
const TEMPLATE_LOCK = 72_419_001

export async function adminQuery<T = Record<string, unknown>>(url: string, text: string, params?: unknown[]): Promise<T[]> {
  const c = new pg.Client({ connectionString: url })
  c.on('error', () => {})
  await c.connect()
  try {
    return (await c.query(text, params)).rows as T[]
  } finally {
    await c.end()
  }
}

export async function dropDatabase(url: string, name: string) {
  await adminQuery(url, `drop database if exists ${name} with (force)`)
}

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** A new database copied from `template` (default template1: empty); `drop` removes it, cutting off who is still on it. */
export async function createDatabase(serverUrl: string, runId: string, template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${runId}_${randomBytes(5).toString('hex')}`
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  return { name, url: withDatabase(serverUrl, name), drop: () => dropDatabase(serverUrl, name) }
}

/** Waits until nobody is connected to `name`: pool.end() resolves before its sockets close, and a template must be unused. */
async function unused(c: pg.Client, name: string) {
  while (Number((await c.query('select count(*) as n from pg_stat_activity where datname = $1', [name])).rows[0].n) > 0) {
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** The name of this run's seeded template for `seed.historyRows`, made now when there is none fresh. */
export async function seededTemplate(serverUrl: string, runId: string, seed: SeedOptions & { historyRows: number }): Promise<string> {
  const { migrated, seedPrefix } = runDatabases(runId)
  const prefix = `${seedPrefix}${seed.historyRows}_`
  const c = new pg.Client({ connectionString: serverUrl })
  c.on('error', () => {})
  await c.connect()
  try {
    await c.query('select pg_advisory_lock($1, $2)', [TEMPLATE_LOCK, seed.historyRows])
    const made = (await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`])).rows
      .map((r) => ({ name: r.datname, at: Number(r.datname.slice(prefix.length)) }))
      .sort((a, b) => b.at - a.at)
    if (made[0] && Date.now() - made[0].at < SEED_FRESH_MS) return made[0].name
    const name = `${prefix}${Date.now()}`
    await c.query(`create database ${name} template ${migrated}`)
    const db = await openDb({ databaseUrl: withDatabase(serverUrl, name) })
    try {
      await migrate(db)
      await seedDemo(db, seed)
      // Statistics for the planner come with the copies.
      await db.exec('analyze')
    } finally {
      await db.close()
    }
    await unused(c, name)
    return name
  } finally {
    await c.query('select pg_advisory_unlock($1, $2)', [TEMPLATE_LOCK, seed.historyRows]).catch(() => {})
    await c.end()
  }
}
