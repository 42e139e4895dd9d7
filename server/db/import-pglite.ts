// `npm run import-pglite`: carries the PGlite database of an earlier version (DATA_DIR/pglite) over to PostgreSQL:
// the embedded one in DATA_DIR/postgres, or DATABASE_URL's when set. The new database is migrated to the version the
// old one had, every table's rows are copied (as text, so times keep their microseconds and amounts every digit;
// triggers and foreign keys are off while copying, since the old rollups and statistics are copied as they were),
// sequences are set to where they stood, row counts compared, then the remaining migrations run. The embedded folder
// is made beside its place and renamed there only once complete; the old folder is then renamed
// pglite.imported-<date>, never deleted. PGlite is a development dependency: this is the only code that loads it.
import { existsSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { settingsOrExit } from '../config'
import { EmbeddedPostgresError, startEmbedded } from './embedded'
import { loadMigrations, migrate } from './migrate'
import { openPostgres } from './postgres'
import { PGLITE_DIR } from './pglite-folder'
import type { Db } from './types'

/** Rows per copied batch: one JSON text of them crosses from PGlite to PostgreSQL per statement. */
const BATCH = 5000

export class ImportError extends Error {}

/** The smallest part of PGlite the import uses. */
interface Source {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<unknown>
  close(): Promise<void>
}

async function openSource(dir: string): Promise<Source> {
  let mod: typeof import('@electric-sql/pglite')
  let trgm: typeof import('@electric-sql/pglite/contrib/pg_trgm')
  try {
    mod = await import('@electric-sql/pglite')
    trgm = await import('@electric-sql/pglite/contrib/pg_trgm')
  } catch {
    throw new ImportError('Reading a PGlite folder needs the package @electric-sql/pglite (a development dependency): run `npm install` (without --omit=dev), then this again.')
  }
  try {
    const db = new mod.PGlite(dir, { extensions: { pg_trgm: trgm.pg_trgm } })
    await db.waitReady
    return db as unknown as Source
  } catch (e) {
    throw new ImportError(`The PGlite folder ${dir} cannot be opened (${(e as Error).message.split('\n')[0]}): it may be damaged or not a PGlite database. Nothing was changed.`)
  }
}

export interface ImportReport {
  tables: { name: string; rows: number }[]
  fromVersion: number
  appliedAfter: number[]
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Copies every table of `source` into `target` (an empty database) as described above. Row counts are compared per
 * table; a difference throws.
 */
export async function copyPglite(source: Source, target: Db, log: (line: string) => void = () => {}): Promise<ImportReport> {
  const versions = (await source.query<{ version: number }>('select version from schema_migrations order by version')).rows.map((r) => Number(r.version))
  const fromVersion = versions.at(-1) ?? 0
  const known = loadMigrations()
  const unknown = versions.filter((v) => !known.some((m) => m.version === v))
  if (unknown.length) throw new ImportError(`The PGlite database has migrations this version does not know (${unknown.join(', ')}): it was written by a newer version. Import it with that version.`)
  const existing = (await target.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations'`)).rows[0].n
  if (existing > 0) throw new ImportError('The target PostgreSQL database already has tables: import into an empty database only, so no row is mixed or overwritten.')
  await migrate(target, known.filter((m) => versions.includes(m.version)))
  log(`migrated the new database to version ${fromVersion}, the old one's`)

  const tables = (await source.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by tablename`)).rows.map((r) => r.name)
  const report: ImportReport = { tables: [], fromVersion, appliedAfter: [] }
  await target.transaction(async (tx) => {
    // Rows go in as they were: no trigger adds to a rollup a second time, no foreign key checks a table not copied yet.
    await tx.exec('set local session_replication_role = replica').catch((e: Error) => {
      throw new ImportError(`Copying the rows with triggers off needs a superuser, and this database refused it (${e.message}). ` +
        'Import into the embedded PostgreSQL (DATABASE_URL unset), then move it with pg_dump and pg_restore (docs/operations.md).')
    })
    for (const name of tables) await tx.exec(`truncate ${ident(name)} cascade`)
    for (const name of tables) {
      const columns = (await tx.query<{ c: string }>(
        `select attname as c from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [ident(name)])).rows.map((r) => ident(r.c))
      const list = columns.join(', ')
      await source.exec('begin')
      let copied = 0
      try {
        await source.exec(`declare import_rows no scroll cursor for select row_to_json(t)::text as j from ${ident(name)} t`)
        for (;;) {
          const { rows } = await source.query<{ j: string }>(`fetch forward ${BATCH} from import_rows`)
          if (!rows.length) break
          await tx.query(`insert into ${ident(name)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(name)}, $1::json)`,
            [`[${rows.map((r) => r.j).join(',')}]`])
          copied += rows.length
        }
      } finally {
        await source.exec('rollback')
      }
      const there = (await tx.query<{ n: number }>(`select count(*)::int as n from ${ident(name)}`)).rows[0].n
      if (there !== copied) throw new ImportError(`Table ${name}: ${copied} rows read, ${there} in the new database. Nothing was kept; the old folder is untouched.`)
      report.tables.push({ name, rows: copied })
      if (copied) log(`${name}: ${copied} rows`)
    }
    const sequences = (await source.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public'`)).rows
    for (const { name } of sequences) {
      const { rows: [s] } = await source.query<{ last_value: string | null; is_called: boolean }>(`select last_value::text, is_called from ${ident(name)}`)
      if (s.last_value !== null) await tx.query('select setval($1::regclass, $2::bigint, $3)', [ident(name), s.last_value, s.is_called])
    }
  })
  await target.exec('analyze')
  report.appliedAfter = await migrate(target)
  return report
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')

/** The command: DATA_DIR/pglite into the embedded PostgreSQL (or DATABASE_URL's), then the old folder renamed. */
export async function importPglite(dataDir: string, databaseUrl: string | undefined, log: (line: string) => void): Promise<ImportReport> {
  const from = resolve(dataDir, PGLITE_DIR)
  if (!existsSync(join(from, 'PG_VERSION'))) throw new ImportError(`There is no PGlite database in ${from} (no PG_VERSION): nothing to import.`)
  const into = resolve(dataDir, 'postgres')
  if (!databaseUrl && existsSync(join(into, 'PG_VERSION'))) {
    throw new ImportError(`${into} already holds a PostgreSQL database, so the import does not write into it. Move it away first (the server ` +
      `made it on a start without the old data), or set DATABASE_URL to an empty database to import into.`)
  }
  const source = await openSource(from)
  // The embedded database is made beside its place and renamed there once complete.
  const building = `${into}.importing`
  let embedded
  try {
    if (!databaseUrl) {
      await rm(building, { recursive: true, force: true })
      embedded = await startEmbedded({ dir: building, log: (l) => /FATAL|PANIC|ERROR/.test(l) && log(`[postgres] ${l}`) })
    }
    const target = await openPostgres(databaseUrl ?? embedded!.url)
    let report: ImportReport
    try {
      report = await copyPglite(source, target, log)
    } finally {
      await target.close()
    }
    await embedded?.stop()
    await source.close()
    if (!databaseUrl) await rename(building, into)
    const kept = `${from}.imported-${stamp()}`
    await rename(from, kept)
    log(`the old folder is kept as ${kept}`)
    return report
  } catch (e) {
    await embedded?.stop()
    await source.close().catch(() => {})
    if (!databaseUrl) await rm(building, { recursive: true, force: true })
    throw e
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const env = settingsOrExit('import-pglite')
  const log = (l: string) => console.log(`[import-pglite] ${l}`)
  try {
    const started = performance.now()
    const r = await importPglite(env.DATA_DIR, env.DATABASE_URL, log)
    const rows = r.tables.reduce((a, t) => a + t.rows, 0)
    log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${r.tables.length} tables, ${rows} rows; ` +
      `migrations applied after: ${r.appliedAfter.join(', ') || 'none'}. Start the server with \`npm start\`.`)
  } catch (e) {
    if (!(e instanceof ImportError || e instanceof EmbeddedPostgresError || e instanceof pg.DatabaseError)) throw e
    console.error(`[import-pglite] ${e.message}`)
    process.exit(1)
  }
}
