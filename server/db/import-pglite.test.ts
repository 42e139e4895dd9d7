import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbedded } from './embedded'
import { importPglite, ImportError } from './import-pglite'
import { loadMigrations } from './migrate'
import { openPostgres } from './postgres'
import { PgliteFolderError, refuseBesidePglite } from './pglite-folder'
import { startServer } from '../test/processes'

/** The last migration of the version that kept its data in PGlite (the folder such a version left behind). */
const PGLITE_LAST_MIGRATION = 62

/**
 * A PGlite folder as that version's `npm start` made it: its migrations applied the way its migrate() did (each
 * file's SQL, then a row in schema_migrations), then rows written through its triggers (the daily rollups).
 */
async function pgliteFolder(dir: string) {
  const db = new PGlite(dir, { extensions: { pg_trgm } })
  await db.exec('create table schema_migrations (version int primary key, name text not null, applied_at timestamptz not null default now())')
  for (const m of loadMigrations().filter((m) => m.version <= PGLITE_LAST_MIGRATION)) {
    await db.transaction(async (tx) => {
      await tx.exec(m.sql)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name])
    })
  }
  await db.exec(`insert into site_setting (key, value) values ('imported_probe', '你好, "world"')`)
  await db.exec(`insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time) values
    ('acme', 0, '13900000001', '您的验证码 123456', 0, '2026-11-20 08:00:00.123456+00'),
    ('acme', 0, '13900000002', '您的验证码 123456', 500, '2026-11-20 09:30:00.654321+00'),
    ('globex', 0, '13900000003', 'Order shipped', 0, '2026-11-21 10:00:00+00')`)
  await db.close()
}

describe('npm run import-pglite', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sms-import-'))
    // As root the embedded PostgreSQL runs as the user postgres, which has to reach the folder.
    chmodSync(dataDir, 0o755)
    await pgliteFolder(join(dataDir, 'pglite'))
  }, 300_000)
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('a server refuses to start beside a PGlite folder not imported yet, naming the command, and leaves it as it was', async () => {
    await expect(refuseBesidePglite(dataDir)).rejects.toThrow(PgliteFolderError)
    const before = await readdir(dataDir)
    const server = startServer({ DATA_DIR: dataDir })
    await expect(server).rejects.toThrow(/holds a PGlite database .* carry it over with `npm run import-pglite`/s)
    expect(await readdir(dataDir)).toEqual(before)
  }, 120_000)

  it('copies every row (times to the microsecond, rollups not counted twice), sets the sequences, migrates to the newest, then renames the old folder', async () => {
    const old = new PGlite(join(dataDir, 'pglite'), { extensions: { pg_trgm } })
    const read = async (q: { query: (t: string) => Promise<{ rows: unknown[] }> }) => ({
      records: (await q.query(`select sn::int as id, cus_id, mobile, content, mt_status, to_char(receive_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as at from mt_record order by sn`)).rows,
      daily: (await q.query(`select cus_id, prod_type, day::text as day, country, receive_count, sent_count, success_count, failure_count from mt_daily order by 1, 2, 3`)).rows,
      setting: (await q.query(`select value from site_setting where key = 'imported_probe'`)).rows,
    })
    const before = await read(old)
    await old.close()
    expect(before.records).toHaveLength(3)
    expect(before.daily.length).toBeGreaterThan(0)

    const lines: string[] = []
    const report = await importPglite(dataDir, undefined, (l) => lines.push(l))
    expect(report.fromVersion).toBe(PGLITE_LAST_MIGRATION)
    expect(report.tables.find((t) => t.name === 'mt_record')?.rows).toBe(3)
    expect(report.appliedAfter).toEqual(loadMigrations().map((m) => m.version).filter((v) => v > PGLITE_LAST_MIGRATION))
    const names = await readdir(dataDir)
    expect(names.filter((n) => n.startsWith('pglite'))).toEqual([expect.stringMatching(/^pglite\.imported-\d{8}-\d{6}$/)])
    expect(names).toContain('postgres')
    await expect(refuseBesidePglite(dataDir)).resolves.toBeUndefined()

    const server = await startEmbedded({ dir: join(dataDir, 'postgres') })
    const db = await openPostgres(server.url)
    try {
      expect(await read(db)).toEqual(before)
      // The sequence goes on after the copied ids.
      const { rows: [next] } = await db.query<{ id: number }>(`insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time)
        values ('acme', 0, '13900000004', 'after', 0, now()) returning sn::int as id`)
      expect(next.id).toBeGreaterThan(3)
      const { rows } = await db.query<{ version: number }>('select version from schema_migrations order by version')
      expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version))
    } finally {
      await db.close()
      await server.stop()
    }
    // Nothing left to import a second time; the imported folder is kept.
    await expect(importPglite(dataDir, undefined, () => {})).rejects.toThrow(ImportError)
  }, 400_000)
})
