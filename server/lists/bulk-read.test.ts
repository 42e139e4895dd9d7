import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db'
import { openTestDb } from '../test/harness'
import { MAX_BULK_CURSORS, bulkBatches } from './bulk-read'
import { keysetBatches, type KeysetSpec } from './keyset'
import { Where } from './sql'

type Row = Record<string, unknown>

describe('lists/bulk-read', () => {
  let root: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db: root, close } = await openTestDb())
    // 23 rows, several sharing one time (the key's second part orders them), one with microseconds.
    await root.exec(`create table bk (id bigint primary key, t timestamptz not null, word text, n int);
      insert into bk select i, timestamptz '2026-01-01 00:00:00.123456+00' + make_interval(secs => i / 3), 'w"' || i || E'\\n,你', i % 4
        from generate_series(1, 23) i;`)
  })
  afterAll(() => close())

  /** The database with its cursors counted (opened, and closed: connection given back), and its own cursor slots. */
  const watched = () => {
    const seen = { opened: 0, closed: 0 }
    const cursor = root.cursor?.bind(root)
    const db: Db = {
      ...root,
      cursor: cursor && (async (text, params, opts) => {
        const c = await cursor(text, params, opts)
        seen.opened += 1
        let done = false
        return { read: (n: number) => c.read(n), close: () => (done ? Promise.resolve() : ((done = true), c.close().then(() => void (seen.closed += 1)))) }
      }) as Db['cursor'],
    }
    return { reads: { db, bulkCursors: { open: 0 } }, seen }
  }
  const spec = (where = new Where()): KeysetSpec => ({
    select: 'id::text as sid, t, word, n', from: 'bk', where, order: 'desc', batchSize: 5,
    key: [{ sql: 't', type: 'timestamptz' }, { sql: 'id', type: 'bigint' }],
  })
  const plain = (rows: Row[]) => rows.map((r) => [r.sid, new Date(r.t as string).getTime(), r.word, r.n])
  const all = async (it: AsyncIterable<Row[]>) => {
    const batches: Row[][] = []
    for await (const b of it) batches.push(b)
    return batches
  }
  const keyset = async () => plain((await all(keysetBatches(root, spec()))).flat())

  it('gives the rows keyset batches give, in the same order and batch sizes (through one cursor on PostgreSQL)', async () => {
    const { reads, seen } = watched()
    const batches = await all(bulkBatches(reads, spec()))
    expect(batches.map((b) => b.length)).toEqual([5, 5, 5, 5, 3])
    expect(plain(batches.flat())).toEqual(await keyset())
    expect(batches.flat()[22].word).toBe('w"1\n,你')
    expect(seen).toEqual({ opened: 1, closed: 1 })
  })

  it('a filter matching nothing ends at once and gives its cursor back', async () => {
    const { reads, seen } = watched()
    const w = new Where()
    w.and(`n = ${w.bind(99)}`)
    expect(await all(bulkBatches(reads, spec(w)))).toEqual([])
    expect(seen.opened).toBe(seen.closed)
  })

  it('a client that stalls gives its cursor back, and the rest of the file still follows in order', async () => {
    const { reads, seen } = watched()
    const it = bulkBatches<Row>(reads, { ...spec(), stallMs: 20 })
    const first = await it.next()
    // The consumer takes its time: the cursor is closed meanwhile, its connection back in the pool.
    while (seen.closed === 0) await new Promise((r) => setTimeout(r, 10))
    expect(seen).toEqual({ opened: 1, closed: 1 })
    const rest: Row[] = []
    for (let r = await it.next(); !r.done; r = await it.next()) rest.push(...r.value)
    expect(plain([...(first.value as Row[]), ...rest])).toEqual(await keyset())
    expect(seen.opened).toBe(1)
  })

  it(`opens at most ${MAX_BULK_CURSORS} cursors at once; further reads take keyset batches and lose nothing`, async () => {
    const { reads, seen } = watched()
    const open = Array.from({ length: MAX_BULK_CURSORS }, () => bulkBatches<Row>(reads, spec()))
    for (const it of open) await it.next()
    const extra = await all(bulkBatches(reads, spec()))
    expect(plain(extra.flat())).toEqual(await keyset())
    expect(seen.opened).toBe(MAX_BULK_CURSORS)
    // A consumer that stops early (the client went away) gives its cursor back; the next read takes one again.
    for (const it of open) await it.return(undefined)
    expect(seen.closed).toBe(seen.opened)
    await all(bulkBatches(reads, spec()))
    expect(seen.opened).toBe(MAX_BULK_CURSORS + 1)
  })

  it('a statement that fails gives its cursor slot back', async () => {
    const { reads, seen } = watched()
    const bad = { ...spec(), from: 'bk_missing' }
    for (let i = 0; i <= MAX_BULK_CURSORS; i++) await expect(all(bulkBatches(reads, bad))).rejects.toThrow(/bk_missing/)
    expect(reads.bulkCursors.open).toBe(0)
    await all(bulkBatches(reads, spec()))
    expect(seen.opened).toBe(1)
  })
})
