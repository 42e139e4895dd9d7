import type { Cursor } from '../db/types'
import type { Deps } from '../deps'
import { DOWNLOAD_BATCH, keysetBatches, keysetQuery, type KeysetSpec } from './keyset'

/**
 * Cursors one server process keeps open at once for bulk reads. Each holds a pooled connection (and a read-only
 * transaction) while its client reads, so they are capped well below the pool's size: reads beyond the cap take
 * keyset batches, which hold a connection only for one query at a time.
 */
export const MAX_BULK_CURSORS = 2
/** A client that has not asked for the next batch this long gives its cursor back; the rest follows as keyset batches. */
export const CURSOR_STALL_MS = 10_000
/**
 * Plan for the whole set, not for its first rows (a cursor's default, 10%), so PostgreSQL reads a large result in
 * one pass rather than through an index visiting a table page per row.
 */
const CURSOR_SETTINGS = { cursor_tuple_fraction: '1' }

type Row = Record<string, unknown>

const lastKey = (rows: Row[], keyCount: number) => Array.from({ length: keyCount }, (_, i) => String(rows[rows.length - 1][`__k${i}`]))

/**
 * The whole filtered set in batches, as `keysetBatches` gives it (same rows, same order), read on
 * PostgreSQL through one statement and a server-side cursor: a 1M-record download was 136 keyset queries, each an
 * index walk fetching a table page per row (84 ms per 5,000 rows over a seed in random time order), and now is one
 * plan whose rows are fetched 5,000 at a time, the next fetch running while a batch is written. Falls back to keyset
 * batches when the database has no cursors (a transaction's), when MAX_BULK_CURSORS of this process (deps.bulkCursors) are open, and for the rest of the file once its client stalls for CURSOR_STALL_MS (a slow reader must not hold a
 * connection and a transaction open for the length of its download). Rows read through the cursor keep their
 * `__k0…` fields (the key as text, for that handover): removing them made every row a slow dictionary object, and a
 * file's columns never read them.
 */
export async function* bulkBatches<R = Row>(deps: Pick<Deps, 'db' | 'bulkCursors'>, spec: KeysetSpec & { stallMs?: number }): AsyncGenerator<R[]> {
  const { db, bulkCursors: slots } = deps
  if (!db.cursor || slots.open >= MAX_BULK_CURSORS) {
    yield* keysetBatches<R>(db, spec)
    return
  }
  slots.open++
  let counted = true
  const uncount = () => {
    if (counted) slots.open--
    counted = false
  }
  const size = spec.batchSize ?? DOWNLOAD_BATCH
  const keyCount = spec.key.length
  let cursor: Cursor<Row> | undefined
  try {
    const q = keysetQuery(spec, spec.after ?? null)
    cursor = await db.cursor<Row>(q.text, q.params, { settings: CURSOR_SETTINGS })
    const open = cursor
    let next = open.read(size)
    for (;;) {
      const rows = await next
      if (!rows.length) return
      const full = rows.length === size
      if (full) {
        next = open.read(size)
        next.catch(() => undefined)
      }
      let parked: Promise<void> | null = null
      const timer = full ? setTimeout(() => { parked = open.close().finally(uncount) }, spec.stallMs ?? CURSOR_STALL_MS) : undefined
      try {
        yield rows as R[]
      } finally {
        clearTimeout(timer)
      }
      if (!full) return
      if (parked) {
        // The cursor closed after the read in flight settled: its rows are whole; the rest continues after them.
        await parked
        const ahead = await next
        if (!ahead.length) return
        const last = lastKey(ahead, keyCount)
        yield ahead as R[]
        if (ahead.length === size) yield* keysetBatches<R>(db, { ...spec, after: last })
        return
      }
    }
  } finally {
    await cursor?.close()
    uncount()
  }
}
