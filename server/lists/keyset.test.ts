import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db'
import { openTestDb } from '../test/harness'
import { keysetBatches, type KeysetSpec } from './keyset'
import { Where } from './sql'

describe('lists/keyset', () => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDb())
    // 23 rows, several sharing one time (the key's second part orders them), each with microseconds that a
    // millisecond round trip of the key would lose.
    await db.exec(`create table ks (id bigint primary key, t timestamptz not null, word text, n int);
      insert into ks select i, timestamptz '2026-01-01 00:00:00.123456+00' + make_interval(secs => i / 3), 'w"' || i || E'\\n,你', i % 4
        from generate_series(1, 23) i;`)
  })
  afterAll(() => close())

  const spec = (where = new Where()): KeysetSpec => ({
    select: 'id::text as sid, t, word, n', from: 'ks', where, order: 'desc', batchSize: 5,
    key: [{ sql: 't', type: 'timestamptz' }, { sql: 'id', type: 'bigint' }],
  })
  const all = async (s: KeysetSpec) => {
    const batches: Record<string, unknown>[][] = []
    for await (const b of keysetBatches(db, s)) batches.push(b)
    return batches
  }

  it('walks every row once in key order, a batch at a time, keys stripped, rows sharing a time continued by the second key', async () => {
    const batches = await all(spec())
    expect(batches.map((b) => b.length)).toEqual([5, 5, 5, 5, 3])
    const flat = batches.flat()
    expect(flat.map((r) => r.sid)).toEqual(Array.from({ length: 23 }, (_, i) => String(23 - i)))
    expect(flat.map((r) => Object.keys(r))).toEqual(flat.map(() => ['sid', 't', 'word', 'n']))
    expect(flat[22].word).toBe('w"1\n,你')
  })

  it('a filter matching nothing ends at once', async () => {
    const w = new Where()
    w.and(`n = ${w.bind(99)}`)
    expect(await all(spec(w))).toEqual([])
  })
})
