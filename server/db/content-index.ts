import type { Db } from './types'

const INDEXES = ['mt_record_content_trgm_idx', 'mo_record_content_trgm_idx']

/**
 * The record lists' content search index (migration 039), built when the operator wants it (CONTENT_SEARCH_INDEX=on)
 * and dropped when not: it makes content searches over millions of records fast and same-content sends several times
 * slower to store. When wanted but pg_trgm cannot be added, the lists still work (a content filter walks the time
 * window) and the start says so; it asks again at every start, so the index appears once an operator has added the
 * extension (as a user allowed to: `create extension pg_trgm`). Building it locks the record tables against writes
 * while it runs (1M sent records: about a minute), hence the note before.
 */
let indexed = false
/**
 * Whether this process' database has the index (set at start). Only speed depends on it: the content filter adds the
 * tripled match only then; without the index that match would be computed for every matching row for nothing
 * (measured 1.3-2x slower than the plain match over 1M records).
 */
export const contentIndexed = () => indexed

export async function ensureContentIndex(db: Db, wanted: boolean, log: (line: string) => void): Promise<boolean> {
  indexed = await buildOrDrop(db, wanted, log)
  return indexed
}

async function buildOrDrop(db: Db, wanted: boolean, log: (line: string) => void): Promise<boolean> {
  const { rows: [have] } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_indexes where schemaname = current_schema() and indexname = any($1)`, [INDEXES])
  if (!wanted) {
    if (have.n) {
      await db.exec(INDEXES.map((i) => `drop index if exists ${i};`).join(''))
      log('[server] content search index dropped (CONTENT_SEARCH_INDEX is not on)')
    }
    return false
  }
  if (have.n === INDEXES.length) return true
  const { rows: [ext] } = await db.query<{ n: number }>(`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`)
  if (ext.n) log('[server] building the content search index (pg_trgm) of the record lists')
  const { rows: [r] } = await db.query<{ outcome: string }>('select content_search_index() as outcome')
  if (r.outcome === 'ok') return true
  log(`[server] content search runs without an index (pg_trgm: ${r.outcome}); record lists filtered by content scan their `
    + `time window. A database user allowed to may run "create extension pg_trgm", then restart the server.`)
  return false
}
