import type { Where } from '../../lists'

/** `%`, `_` and the escape character itself are literal in a content search, as they were with strpos. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/**
 * The content filter of the record lists: a case-sensitive substring match, exactly what `strpos(content, word) > 0`
 * was, written as `like '%word%'` so the pg_trgm index of migration 040 (CONTENT_SEARCH_INDEX=on) can answer it for
 * words of 3 characters or more; shorter ones, and every search without the index, walk the time window.
 */
export function contentCondition(w: Where, column: string, text: string): string {
  return `${column} like ${w.bind(`%${likeLiteral(text)}%`)}`
}
