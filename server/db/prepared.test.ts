import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb, testServer } from '../test/harness'
import { nameOn, namedCount, statementName } from './prepared'
import type { Db } from '.'

describe('db/prepared', () => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDb())
    await db.exec('create table prep_t (id int primary key, v text); insert into prep_t values (1, $$a$$), (2, $$b$$)')
  })
  afterAll(() => close())

  it('a prepared query answers like a plain one, repeatedly, inside and outside a transaction', async () => {
    const text = 'select v from prep_t where id = $1'
    for (const id of [1, 2, 1, 2, 1, 2, 1]) {
      expect((await db.query<{ v: string }>(text, [id], { prepare: true })).rows).toEqual([{ v: id === 1 ? 'a' : 'b' }])
    }
    const inTx = await db.transaction((tx) => tx.query<{ v: string }>(text, [2], { prepare: true }))
    expect(inTx.rows).toEqual([{ v: 'b' }])
  })

  it('reads the same values and types as a plain query, null, date, number and array parameters included', async () => {
    const text = `select $1::int as n, $2::text as t, $3::timestamptz as at, $4::numeric as money, $5::bigint as big,
      $6::int[] as list, $7::date as day, now() > $3::timestamptz as later`
    const params = [7, null, new Date('2024-05-01T08:00:00Z'), 12.5, 9007199254740991, [1, 2], '2024-05-01']
    const plain = (await db.query(text, params)).rows
    for (let i = 0; i < 7; i++) expect((await db.query(text, params, { prepare: true })).rows).toEqual(plain)
    expect(plain[0]).toMatchObject({ n: 7, t: null, money: 12.5, big: 9007199254740991, list: [1, 2], later: true })
  })


  it('an SQL error in a prepared query is reported and the next one still runs', async () => {
    await expect(db.query('select 1 / $1::int as x', [0], { prepare: true })).rejects.toThrow(/division by zero/)
    expect((await db.query('select 1 / $1::int as x', [1], { prepare: true })).rows).toEqual([{ x: 1 }])
  })
})

describe('named statements on one PostgreSQL connection', () => {
  let pool: pg.Pool
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: testServer().url, max: 1 })
  })
  afterAll(() => pool.end())

  const prepared = async (c: pg.PoolClient) =>
    (await c.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name)

  it('keeps at most the limit, deallocating the least recently used, and re-prepares one that comes back', async () => {
    const c = await pool.connect()
    try {
      const texts = ['select 1 as n', 'select 2 as n', 'select 3 as n']
      const run = (t: string) => c.query({ name: nameOn(c, t, 2), text: t })
      await run(texts[0])
      await run(texts[1])
      await run(texts[0]) // the first is now the most recently used
      await run(texts[2]) // evicts the second
      expect(namedCount(c)).toBe(2)
      expect(await prepared(c)).toEqual([statementName(texts[0]), statementName(texts[2])].sort())
      expect((await run(texts[1])).rows).toEqual([{ n: 2 }])
      expect(await prepared(c)).toEqual([statementName(texts[1]), statementName(texts[2])].sort())
    } finally {
      c.release()
    }
  })
})
