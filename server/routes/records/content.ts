import type { Db } from '../../db'
import { hasCharacterIndex } from '../../db/content-index'
import type { Where } from '../../lists'

/** `%`, `_` and the escape character itself are literal in a content search, as they were with strpos. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/** Words this short have no trigram: the index of characters answers them. */
const SHORT = 2

/**
 * The content filter of the record lists: a case-sensitive substring match, exactly what `strpos(content, word) > 0`
 * was, written as `like '%word%'` so the pg_trgm index (CONTENT_SEARCH_INDEX=on) can answer it for
 * words of 3 characters or more; for 1 or 2 characters, when the index of characters is there, the records must also
 * hold each character (`string_to_array(content, null)`, the index's own expression), which the index answers and
 * the `like` then checks. Without the indexes the filter walks the time window. The statement is planned for its
 * word (`customPlan`): one plan cannot suit a word in most records and one in none.
 */
export function contentCondition(w: Where, column: string, text: string, db: Db): string {
  w.customPlan = true
  const pattern = w.bind(`%${likeLiteral(text)}%`)
  const like = `${column} like ${pattern}`
  const chars = Array.from(text)
  const set = chars.length > SHORT || !hasCharacterIndex(db) ? null : w.bind([...new Set(chars)])
  const cond = set ? `${like} and string_to_array(${column}, null) @> ${set}::text[]` : like
  // A page of many matches walks the time index testing each row: the like as a function call, which no index
  // answers but which keeps the column's statistics (the planner still sees a common word as common). (The set of
  // characters stays named, as a constant, so a statement reading only by the walk still types its placeholder.)
  w.walkAs(cond, `textlike(${column}, ${pattern})${set ? ` and ${set}::text[] is not null` : ''}`)
  return cond
}

/** A content search may match few records of its window: the page of a small total sorts them (PageSpec.sortFew). */
export const fewFor = (m: { where: Where; countFrom: string }) => (m.where.customPlan ? m.countFrom : undefined)
