// `npx tsx scripts/schema-diff.ts <commit> [folder]`: applies the migrations of <commit> and those of the working tree
// (or of [folder]) to two fresh databases on a throwaway embedded PostgreSQL and compares what they made: tables and
// their columns in order, constraints, indexes, triggers, functions (their full text), sequences, types, extensions,
// comments and the rows the migrations insert. Prints each difference and exits 1 when there is one. A rewrite of
// the migrations that should change nothing (folding them into the baseline) is checked this way.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { migrate, openDb, type Db } from '../server/db'
import { startEmbedded } from '../server/db/embedded'
import { loadMigrations } from '../server/db/migrate'

const ref = process.argv[2]
if (!ref) throw new Error('usage: npx tsx scripts/schema-diff.ts <commit whose migrations to compare with the working tree>')

const CATALOG: Record<string, string> = {
  relations: `select c.relname::text || ' ' || c.relkind::text || ' ' || c.relpersistence::text || ' ' || coalesce(c.reloptions::text, '') as x
    from pg_class c where c.relnamespace = current_schema()::regnamespace`,
  columns: `select c.relname::text || '.' || row_number() over (partition by c.oid order by a.attnum) || ' ' || a.attname::text || ' '
      || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
      || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') || ' ' || a.attidentity::text || a.attgenerated::text || ' '
      || coalesce(co.collname::text, '') || ' ' || a.attstorage::text || a.attcompression::text || coalesce(a.attstattarget::text, '') as x
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    left join pg_collation co on co.oid = a.attcollation and a.attcollation <> 0
    where c.relnamespace = current_schema()::regnamespace and a.attnum > 0 and not a.attisdropped`,
  constraints: `select conrelid::regclass::text || ' ' || conname::text || ' ' || pg_get_constraintdef(oid) as x
    from pg_constraint where connamespace = current_schema()::regnamespace`,
  indexes: `select pg_get_indexdef(i.indexrelid) as x from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relnamespace = current_schema()::regnamespace`,
  triggers: `select pg_get_triggerdef(t.oid) as x from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = current_schema()::regnamespace and not t.tgisinternal`,
  functions: `select pg_get_functiondef(p.oid) as x from pg_proc p where p.pronamespace = current_schema()::regnamespace`,
  sequences: `select s.sequencename::text || ' ' || s.data_type::text || ' ' || s.start_value || ' ' || s.min_value || ' ' || s.max_value
      || ' ' || s.increment_by || ' ' || s.cycle || ' ' || s.cache_size || ' ' || coalesce(s.last_value::text, '-')
      || coalesce(' owned by ' || (select d.refobjid::regclass::text || '.' || d.refobjsubid from pg_depend d
        where d.objid = (quote_ident(s.sequencename))::regclass and d.classid = 'pg_class'::regclass
          and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')), '') as x
    from pg_sequences s where s.schemaname = current_schema()`,
  types: `select t.typname::text || ' ' || t.typtype::text as x from pg_type t where t.typnamespace = current_schema()::regnamespace`,
  extensions: `select e.extname::text || ' ' || e.extversion || ' ' || e.extnamespace::regnamespace::text as x from pg_extension e`,
  comments: `select d.classoid::regclass::text || ' ' || d.objoid || ' ' || d.objsubid || ' ' || d.description as x
    from pg_description d join pg_class c on c.oid = d.objoid where c.relnamespace = current_schema()::regnamespace`,
  policies: `select polname::text || ' ' || polrelid::regclass::text as x from pg_policy`,
}

async function snapshot(db: Db): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  for (const [area, sql] of Object.entries(CATALOG)) {
    out.set(area, (await db.query<{ x: string }>(sql)).rows.map((r) => r.x).sort())
  }
  const tables = (await db.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = current_schema()
    and tablename <> 'schema_migrations' order by 1`)).rows.map((r) => r.t)
  const rows: string[] = []
  for (const t of tables) {
    const { rows: found } = await db.query<{ x: string }>(`select row_to_json(r)::text as x from "${t}" r`)
    rows.push(...found.map((r) => `${t} ${r.x}`))
  }
  out.set('rows', rows.sort())
  return out
}

/** The migrations of `commit`, written out to a folder of their own. */
function migrationsAt(commit: string, into: string) {
  const list = execFileSync('git', ['ls-tree', '--name-only', `${commit}:server/db/migrations`], { encoding: 'utf8' })
  mkdirSync(into)
  for (const f of list.split('\n').filter((f) => f.endsWith('.sql'))) {
    writeFileSync(join(into, f), execFileSync('git', ['show', `${commit}:server/db/migrations/${f}`]))
  }
  return loadMigrations(`${into}/`)
}

const folder = mkdtempSync(join(tmpdir(), 'schema-diff-'))
// As root, PostgreSQL runs as the user postgres, which has to reach the folder.
chmodSync(folder, 0o755)
const server = await startEmbedded({ dir: join(folder, 'postgres'), noSync: true, settings: { fsync: 'off' } })
try {
  const made = new Map<string, Map<string, string[]>>()
  for (const [name, migrations] of [['old', migrationsAt(ref, join(folder, 'old'))], ['new', loadMigrations(process.argv[3] ? `${process.argv[3]}/` : undefined)]] as const) {
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    await admin.query(`create database schema_diff_${name}`)
    await admin.end()
    const u = new URL(server.url)
    u.pathname = `/schema_diff_${name}`
    const db = await openDb({ databaseUrl: u.toString() })
    await migrate(db, migrations)
    made.set(name, await snapshot(db))
    await db.close()
    console.log(`${name}: ${migrations.length} migration files (${migrations.at(0)?.name} … ${migrations.at(-1)?.name})`)
  }
  let differences = 0
  for (const [area, before] of made.get('old')!) {
    const after = made.get('new')!.get(area)!
    const gone = before.filter((x) => !after.includes(x))
    const added = after.filter((x) => !before.includes(x))
    differences += gone.length + added.length
    for (const x of gone) console.log(`- ${area}: ${x}`)
    for (const x of added) console.log(`+ ${area}: ${x}`)
    console.log(`${area}: ${before.length} in ${ref}, ${after.length} now${gone.length + added.length ? '' : ', the same'}`)
  }
  console.log(differences ? `${differences} differences` : 'identical')
  process.exitCode = differences ? 1 : 0
} finally {
  await server.stop()
  rmSync(folder, { recursive: true, force: true })
}
