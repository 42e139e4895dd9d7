import type { Db } from './types'

const TRIGRAMS = ['mt_record_content_trgm_idx', 'mo_record_content_trgm_idx', 'mt_content_daily_trgm_idx']
const CHARACTERS = ['mt_record_content_chars_idx', 'mo_record_content_chars_idx']
const INDEXES = [...CHARACTERS, ...TRIGRAMS]

/** The databases whose record tables have the index of characters, as this process last built or found them. */
const withCharacters = new WeakSet<Db>()

/**
 * Whether content searches on `db` may name the character index (routes/records/content.ts): the condition that
 * uses it computes each row's characters wherever the index is missing, so it is only written when the index is there.
 */
export const hasCharacterIndex = (db: Db) => withCharacters.has(db)

/**
 * The record lists' content search indexes, built when the operator wants them (CONTENT_SEARCH_INDEX=on) and dropped
 * when not: the trigram indexes (words of 3+ characters) and the index of characters (words of 1-2), with the trigrams
 * of the per-content rollup (the days of a content search's matches, routes/records/content-rollup.ts), all making
 * content searches fast and sends slower to store (a bare insert of 200k rows: 0.4 s -> 3.8 s with the trigrams, +4.1 s
 * with the characters). When wanted but pg_trgm cannot be added, the character index is still built and words of 3+
 * characters walk the time window; the start says so, and asks again at every start, so the trigrams appear once an
 * operator has added the extension (as a user allowed to: `create extension pg_trgm`). Building them locks the
 * record tables against writes while it runs (1M sent records: ~10 s for the trigrams, ~40 s for the characters).
 */
export async function ensureContentIndex(db: Db, wanted: boolean, log: (line: string) => void): Promise<boolean> {
  const present = async () => (await db.query<{ indexname: string }>(
    `select indexname from pg_indexes where schemaname = current_schema() and indexname = any($1)`, [INDEXES])).rows.map((r) => r.indexname)
  const have = await present()
  if (!wanted) {
    withCharacters.delete(db)
    if (have.length) {
      await db.exec(INDEXES.map((i) => `drop index if exists ${i};`).join(''))
      log('[server] content search indexes dropped (CONTENT_SEARCH_INDEX is not on)')
    }
    return false
  }
  if (have.length === INDEXES.length) {
    withCharacters.add(db)
    return true
  }
  log('[server] building the content search indexes of the record lists (characters, and pg_trgm trigrams)')
  const { rows: [r] } = await db.query<{ outcome: string }>('select content_search_index() as outcome')
  const now = await present()
  if (CHARACTERS.every((i) => now.includes(i))) withCharacters.add(db)
  if (r.outcome === 'ok') return true
  log(`[server] content search runs without the trigram index (pg_trgm: ${r.outcome}); record lists filtered by a word `
    + `of 3 or more characters scan their time window. A database user allowed to may run "create extension pg_trgm", then restart the server.`)
  return false
}
