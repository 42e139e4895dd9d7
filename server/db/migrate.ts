import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Db } from './types'
import { lockInSchema } from './locks'

const DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
// Any fixed number works; it only has to be the same in every process that migrates this database.
const LOCK_KEY = 72_410_001

export interface Migration {
  version: number
  name: string
  sql: string
}

export function loadMigrations(dir = DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f.slice(4, -4), sql: readFileSync(dir + f, 'utf8') }))
}

/**
 * Applies pending migrations in order, each in its own transaction. On PostgreSQL a transaction-scoped advisory
 * lock serialises processes starting together; the loser then sees the version recorded and skips it.
 */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<number[]> {
  const applied: number[] = []
  const lock = async (tx: Db) => {
    await lockInSchema(tx, LOCK_KEY, 'migrations')
  }
  await db.transaction(async (tx) => {
    await lock(tx)
    await tx.exec(`create table if not exists schema_migrations (
      version int primary key, name text not null, applied_at timestamptz not null default now())`)
  })
  for (const m of migrations) {
    await db.transaction(async (tx) => {
      await lock(tx)
      const { rows } = await tx.query('select 1 from schema_migrations where version = $1', [m.version])
      if (rows.length) return
      await tx.exec(m.sql)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name])
      applied.push(m.version)
    })
  }
  return applied
}
