import type { Db } from '../db'
import { DOWNLOAD_BATCH, keysetQuery, type KeysetSpec } from './keyset'

/** A batch of file rows the database wrote (sql-lines.ts): their text and how many rows it holds. */
export interface TextBatch {
  text: string
  rows: number
}

/**
 * The whole filtered set in keyset batches like `keysetBatches` (same rows, same order, one indexed query per batch,
 * nothing held between batches), each batch one text the database made of its rows with `line` (an expression over
 * the columns of `select`, e.g. `csvLineSql`). The next batch's start is the batch's last key, taken by the same
 * statement (its row numbered `size`), so the keys are not turned into text on every row.
 */
export async function* textBatches(db: Db, spec: KeysetSpec & { line: string }): AsyncGenerator<TextBatch> {
  const size = spec.batchSize ?? DOWNLOAD_BATCH
  const raw = spec.key.map((k, i) => `${k.sql} as "__r${i}"`).join(', ')
  const lastKey = spec.key.map((_, i) => `(max("__r${i}") filter (where __n = ${size}))::text as "__k${i}"`).join(', ')
  let last = spec.after ?? null
  for (;;) {
    const page = keysetQuery({ ...spec, select: `${spec.select}, ${raw}` }, last, size, false)
    // string_agg over the ordered subquery keeps its order, as json_agg does in keysetBatches.
    const { rows } = await db.query<Record<string, string | number | null>>(
      `select coalesce(string_agg(__line, ''), '') as text, count(*)::int as n, ${lastKey}
       from (select ${spec.line} as __line, ${spec.key.map((_, i) => `"__r${i}"`).join(', ')}, row_number() over () as __n
             from (${page.text}) __page) __lines`, page.params)
    const r = rows[0]
    const n = Number(r.n)
    if (!n) return
    yield { text: String(r.text), rows: n }
    if (n < size) return
    last = spec.key.map((_, i) => String(r[`__k${i}`]))
  }
}
