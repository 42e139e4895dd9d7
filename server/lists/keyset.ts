import type { Db } from '../db'
import type { Where } from './sql'

export interface KeysetSpec {
  select: string
  from: string
  where: Where
  /**
   * The walk order, unique and not null: a time then the primary key, e.g.
   * `[{ sql: 'm.receive_time', type: 'timestamptz' }, { sql: 'm.sn', type: 'bigint' }]`. Keys travel as text and
   * are cast back, so timestamps keep their microseconds.
   */
  key: { sql: string; type: string }[]
  order: 'asc' | 'desc'
  batchSize?: number
  /** Start after this key (the `__k…` texts of the last row already read) instead of at the beginning. */
  after?: string[]
}

export const DOWNLOAD_BATCH = 5000

/**
 * The walk's statement after `last` (from the start when null), its keys selected as text `__k0`, `__k1`, … unless
 * `keyTexts` is false.
 */
export function keysetQuery(spec: KeysetSpec, last: string[] | null, limit?: number, keyTexts = true): { text: string; params: unknown[] } {
  const keys = keyTexts ? `, ${spec.key.map((k, i) => `${k.sql}::text as "__k${i}"`).join(', ')}` : ''
  const orderBy = spec.key.map((k) => `${k.sql} ${spec.order}`).join(', ')
  const w = spec.where.clone()
  if (last) {
    const bound = spec.key.map((k, i) => `${w.bind(last[i])}::${k.type}`)
    w.and(`(${spec.key.map((k) => k.sql).join(', ')}) ${spec.order === 'desc' ? '<' : '>'} (${bound.join(', ')})`)
  }
  const text = `select ${spec.select}${keys} from ${spec.from} ${w.sql} order by ${orderBy}${limit ? ` limit ${limit}` : ''}`
  return { text, params: w.params }
}

/**
 * The last row's key, and every row's `__k…` fields removed. Removed last-added first: V8 then takes the row's shape
 * back a step instead of turning it into a slow dictionary object (which every column read afterwards paid for).
 */
export function takeKeys(rows: Record<string, unknown>[], keyCount: number): string[] {
  const tail = rows[rows.length - 1]
  const last = Array.from({ length: keyCount }, (_, i) => String(tail[`__k${i}`]))
  for (const r of rows) for (let i = keyCount - 1; i >= 0; i--) delete r[`__k${i}`]
  return last
}

/**
 * The whole filtered set in batches, each batch one indexed query continuing after the last key of the previous
 * one (no offset, no cursor held open between batches), so memory stays at two batches whatever the size. The next
 * batch is asked for as soon as a batch arrives, so the database reads it while this one is written out (the query
 * was most of a download's time).
 */
export async function* keysetBatches<R = Record<string, unknown>>(db: Db, spec: KeysetSpec): AsyncGenerator<R[]> {
  const size = spec.batchSize ?? DOWNLOAD_BATCH
  const read = async (last: string[] | null): Promise<Record<string, unknown>[]> => {
    const page = keysetQuery(spec, last, size)
    return (await db.query<Record<string, unknown>>(page.text, page.params)).rows
  }
  let next = read(spec.after ?? null)
  for (;;) {
    const rows = await next
    if (!rows.length) return
    const full = rows.length === size
    const last = takeKeys(rows, spec.key.length)
    if (full) {
      next = read(last)
      // A consumer that stops early never awaits it; its failure must not go unhandled meanwhile.
      next.catch(() => undefined)
    }
    yield rows as R[]
    if (!full) return
  }
}
