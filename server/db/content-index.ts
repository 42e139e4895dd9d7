import type { Db } from './types'

/**
 * Makes sure the record lists' content search has its pg_trgm index (migration 039), or says plainly that it has
 * not: without it the lists still work, and a content filter walks the time window instead. Asks again at every
 * start, so an index appears once an operator has added the extension (as a user allowed to, `create extension
 * pg_trgm`). Building it over millions of records takes a while, hence the note before.
 */
export async function ensureContentIndex(db: Db, log: (line: string) => void): Promise<boolean> {
  const present = async () => (await db.query<{ n: number }>(
    `select count(*)::int as n from pg_indexes where schemaname = current_schema()
       and indexname in ('mt_record_content_trgm_idx', 'mo_record_content_trgm_idx')`)).rows[0].n === 2
  if (await present()) return true
  const { rows: [ext] } = await db.query<{ n: number }>(`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`)
  if (ext.n) log('[server] building the content search index (pg_trgm) of the record lists')
  const { rows: [r] } = await db.query<{ outcome: string }>('select content_search_index() as outcome')
  if (r.outcome === 'ok' && await present()) return true
  log(`[server] content search runs without an index (pg_trgm: ${r.outcome}); record lists filtered by content scan their `
    + `time window. A database user allowed to may run "create extension pg_trgm", then restart the server.`)
  return false
}
