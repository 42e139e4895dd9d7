import type { Db } from './types'

const INDEXES = ['mt_record_content_trgm_idx', 'mo_record_content_trgm_idx']

/**
 * The record lists' content search index (migration 040), built when the operator wants it (CONTENT_SEARCH_INDEX=on)
 * and dropped when not: it makes content searches of 3+ characters fast and sends slower to store (a bare insert of
 * 200k rows: 0.55 s -> 2.6 s). When wanted but pg_trgm cannot be added, the lists still work (a content filter walks the time
 * window) and the start says so; it asks again at every start, so the index appears once an operator has added the
 * extension (as a user allowed to: `create extension pg_trgm`). Building it locks the record tables against writes
 * while it runs (200k sent records: about 2 s), hence the note before.
 */
export async function ensureContentIndex(db: Db, wanted: boolean, log: (line: string) => void): Promise<boolean> {
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
