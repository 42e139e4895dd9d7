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

/** The database's recorded migrations are not this version's: the operator starts a new database (docs/operations.md). */
export class MigrationsError extends Error {}

/**
 * The migration files in order. Two files of one number would apply only the first (the second's number is then
 * recorded), so they are refused: two changes made side by side each take the next free number when they land.
 */
export function loadMigrations(dir = DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort()
  const twice = files.filter((f, i) => i > 0 && f.slice(0, 3) === files[i - 1].slice(0, 3))
  if (twice.length) throw new Error(`Two migrations share a number: ${files.filter((f) => twice.some((t) => t.slice(0, 3) === f.slice(0, 3))).join(', ')}. Give the later one the next free number.`)
  return files.map((f) => ({ version: Number(f.slice(0, 3)), name: f.slice(4, -4), sql: readFileSync(dir + f, 'utf8') }))
}

/**
 * Applies pending migrations in order, each in its own transaction. On PostgreSQL a transaction-scoped advisory
 * lock serialises processes starting together; the loser then sees the version recorded and skips it. A database
 * that recorded another migration under one of these numbers is refused before anything runs (MigrationsError).
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
    // A database of newer migrations than these is not refused here: /readyz keeps traffic from this process.
    const { rows } = await tx.query<{ version: number; name: string }>('select version, name from schema_migrations order by version')
    const clash = rows.filter((r) => migrations.some((m) => m.version === r.version && m.name !== r.name))
    if (clash.length) throw new MigrationsError(refusal(rows, migrations))
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

const fileName = (m: { version: number; name: string }) => `${String(m.version).padStart(3, '0')}_${m.name}`

/**
 * A database whose recorded migrations differ from these under the same numbers comes from another line of
 * migrations, and the answer is a new database, said in full: most likely one made before the migrations were
 * squashed into the baseline (there was no installed base to carry over), else a migration renamed or renumbered after
 * this database applied it (a committed migration is never edited).
 */
function refusal(recorded: { version: number; name: string }[], known: Migration[]): string {
  const clash = recorded.filter((r) => known.some((m) => m.version === r.version && m.name !== r.name))
  const beforeBaseline = clash.some((r) => r.version === known[0]?.version)
  const names = recorded.map(fileName)
  const listed = names.length > 4 ? `${names.slice(0, 2).join(', ')} … ${names.at(-1)} (${names.length} migrations)` : names.join(', ')
  const why = beforeBaseline
    ? `it records ${listed}; this version starts with ${fileName(known[0])}): a database from before the migrations ` +
      'were one baseline cannot be upgraded.'
    : `it records ${clash.map(fileName).join(', ')} where this version has ` +
      `${clash.map((r) => fileName(known.find((m) => m.version === r.version)!)).join(', ')}): a migration was renamed or ` +
      'renumbered after this database applied it.'
  return `The database was made by other migrations than this version's (${why} Start with a new data folder (stop ` +
    'the server, move DATA_DIR/postgres away, start again) or, with DATABASE_URL, a new empty database; the demo data ' +
    'is made again at the first start.'
}
