import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '../seed'
import { openTestDb } from '../test/harness'
import { migrate, openDb, type Db } from '.'

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
      expect(all.length).toBeGreaterThanOrEqual(3)
      expect(new Set(all).size).toBe(all.length)
      expect(await migrate(db)).toEqual([])
      const { rows } = await db.query<{ version: number }>('select version from schema_migrations order by version')
      expect(rows.map((r) => r.version)).toEqual(all)
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
  })
})
