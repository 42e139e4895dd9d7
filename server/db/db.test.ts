import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '../seed'
import { openTestDb } from '../test/harness'
import { migrate, openDb, type Db } from '.'
import { loadMigrations, MigrationsError } from './migrate'

describe('db/db', () => {
  let db: Db
  let other: Db
  const closers: (() => Promise<void>)[] = []
  beforeAll(async () => {
    // Two pools on one database, as two server processes starting together would have.
    const a = await openTestDb()
    db = a.db
    closers.push(a.close)
    other = await openDb({ databaseUrl: a.url })
    closers.unshift(() => other.close())
  })
  afterAll(async () => {
    for (const close of closers) await close()
  })

  describe('migrations', () => {
    it('apply once, in order, even when two starters race, and are recorded', async () => {
      const [first, second] = await Promise.all([migrate(db), migrate(other)])
      const all = [...first, ...second].sort((x, y) => x - y)
      expect(all).toEqual(loadMigrations().map((m) => m.version))
      expect(await migrate(db)).toEqual([])
      const { rows } = await db.query<{ version: number }>('select version from schema_migrations order by version')
      expect(rows.map((r) => r.version)).toEqual(all)
    })

    it('apply a later file after the baseline, leaving the baseline alone', async () => {
      const later = { version: 900, name: 'later_probe', sql: 'create table later_probe (id int primary key)' }
      expect(await migrate(db, [...loadMigrations(), later])).toEqual([900])
      expect((await db.query(`select to_regclass('later_probe') as t`)).rows[0].t).toBe('later_probe')
      await db.exec(`drop table later_probe; delete from schema_migrations where version = 900`)
    })

    it('refuse a database made by the migrations from before the baseline, and change nothing in it', async () => {
      const old = await openTestDb()
      closers.push(old.close)
      await old.db.exec(`create table schema_migrations (version int primary key, name text not null, applied_at timestamptz not null default now());
        insert into schema_migrations (version, name) values (1, 'accounts'), (2, 'platform'), (50, 'storage_sweep'), (82, 'sends_in_flight'), (83, 'one_waiting_index');
        create table customer (cus_id text primary key)`)
      const refused = migrate(old.db)
      await expect(refused).rejects.toThrow(MigrationsError)
      await expect(refused).rejects.toThrow(/001_accounts, 002_platform … 083_one_waiting_index \(5 migrations\).*starts with 001_baseline.*new data folder/)
      const { rows } = await old.db.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = current_schema()`)
      expect(rows[0].n).toBe(2)
    })

    it('refuse a database that applied a migration since renamed, naming both', async () => {
      const later = { version: 900, name: 'later_probe', sql: 'select 1' }
      expect(await migrate(db, [...loadMigrations(), later])).toEqual([900])
      const renamed = migrate(db, [...loadMigrations(), { ...later, name: 'later_renamed' }])
      await expect(renamed).rejects.toThrow(/records 900_later_probe where this version has 900_later_renamed/)
      await db.exec('delete from schema_migrations where version = 900')
    })

    it('refuse two migration files of one number', () => {
      const dir = mkdtempSync(join(tmpdir(), 'migrations-'))
      for (const f of ['001_baseline.sql', '002_one.sql', '002_other.sql']) writeFileSync(join(dir, f), 'select 1')
      expect(() => loadMigrations(`${dir}/`)).toThrow('Two migrations share a number: 002_one.sql, 002_other.sql')
      rmSync(dir, { recursive: true, force: true })
    })
  })

  describe('types', () => {
    it('come back as JS values: bigint and numeric as numbers, arrays, Dates', async () => {
      const { rows } = await db.query(
        `select 7::int8 as big, 12.345::numeric(14, 3) as money, '{0,2}'::smallint[] as prods, now() as at, 'x'::text as s`,
      )
      expect(rows[0]).toMatchObject({ big: 7, money: 12.345, prods: [0, 2], s: 'x' })
      expect(rows[0].at).toBeInstanceOf(Date)
    })
  })

  describe('transactions', () => {
    it('roll back every statement when the function throws', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into site_setting (key, value) values ('tx_probe', '1')`)
          throw new Error('stop')
        }),
      ).rejects.toThrow('stop')
      expect((await db.query(`select 1 from site_setting where key = 'tx_probe'`)).rows).toHaveLength(0)
    })
  })

  describe('demo data', () => {
    it('keeps batch counts consistent with the sent records', async () => {
      await seedDemo(db, { historyRows: 2000 })
      const { rows } = await db.query<{ mt: number; received: number; ok: number; success: number }>(
        `select (select count(*)::int from mt_record) as mt, (select sum(receive_count)::int from sms_batch) as received,
           (select count(*)::int from mt_record where mt_status = 0 and report_result = 0) as ok,
           (select sum(success_count)::int from sms_batch) as success`,
      )
      expect(rows[0]).toMatchObject({ mt: 2000, received: 2000, success: rows[0].ok })
      const statuses = await db.query<{ s: number }>('select distinct mt_status as s from mt_record order by 1')
      expect(statuses.rows.map((r) => r.s)).toEqual([0, 100, 500, 600])
      const csp = await db.query(`select 1 from customer_product where cus_id = 'acme' and prod_type = 6`)
      expect(csp.rows).toHaveLength(0)
    })

    it('makes the same rollups again from the records as the triggers kept (mt_rollups_rebuild, the bulk seed\'s)', async () => {
      const rollups = async () => (await db.query<{ t: string }>(
        `select (select json_agg(d order by cus_id, prod_type, day, country) from mt_daily d where receive_count <> 0)::text
           || (select json_agg(c order by content_key, day, batch_id, cus_id, prod_type, country) from mt_content_daily c)::text as t`)).rows[0].t
      const kept = await rollups()
      expect((await db.query('select sum(spend)::float8 as s from mt_daily')).rows[0].s).toBeGreaterThan(0)
      await db.exec('select mt_rollups_rebuild()')
      expect(await rollups()).toBe(kept)
    })
  })
})
