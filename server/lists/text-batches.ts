import type { Db } from '../db'
import { DOWNLOAD_BATCH, keysetQuery, type KeysetSpec } from './keyset'

/** A batch of file rows the database wrote (sql-lines.ts): their text (or its UTF-8 bytes) and how many rows it holds. */
export interface TextBatch {
  text: string | Uint8Array
  rows: number
}

const utf8 = new TextDecoder()

/**
 * The whole filtered set in keyset batches like `keysetBatches` (same rows, same order, one indexed query per batch,
 * nothing held between batches), each batch one text the database made of its rows with `line` (an expression over
 * the columns of `select`, e.g. `csvLineSql`). The next batch's start is the batch's last key, taken by the same
 * statement (its row numbered `size`), so the keys are not turned into text on every row. On PGlite the text
 * arrives as bytes (`Db.firstRowBytes`), never decoded into a string.
 */
export async function* textBatches(db: Db, spec: KeysetSpec & { line: string }): AsyncGenerator<TextBatch> {
  const size = spec.batchSize ?? DOWNLOAD_BATCH
  const raw = spec.key.map((k, i) => `${k.sql} as "__r${i}"`).join(', ')
  const lastKey = spec.key.map((_, i) => `(max("__r${i}") filter (where __n = ${size}))::text as "__k${i}"`).join(', ')
  let last = spec.after ?? null
  for (;;) {
    const page = keysetQuery({ ...spec, select: `${spec.select}, ${raw}` }, last, size, false)
    // string_agg over the ordered subquery keeps its order, as json_agg does in keysetBatches.
    const text = `select coalesce(string_agg(__line, ''), '') as text, count(*)::int as n, ${lastKey}
       from (select ${spec.line} as __line, ${spec.key.map((_, i) => `"__r${i}"`).join(', ')}, row_number() over () as __n
             from (${page.text}) __page) __lines`
    const bytes = db.firstRowBytes ? await db.firstRowBytes(text, page.params) : 'error'
    let batch: TextBatch
    let keys: string[]
    if (bytes === 'error' || bytes === undefined) {
      const r = (await db.query<Record<string, string | number | null>>(text, page.params)).rows[0]
      batch = { text: String(r.text), rows: Number(r.n) }
      keys = spec.key.map((_, i) => String(r[`__k${i}`]))
    } else {
      batch = { text: bytes[0] ?? new Uint8Array(0), rows: Number(utf8.decode(bytes[1] ?? undefined)) }
      keys = spec.key.map((_, i) => utf8.decode(bytes[2 + i] ?? undefined))
    }
    if (!batch.rows) return
    yield batch
    if (batch.rows < size) return
    last = keys
  }
}
