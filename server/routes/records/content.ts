import { contentIndexed } from '../../db/content-index'
import type { Where } from '../../lists'

/** `%`, `_` and the escape character itself are literal in a content search, as they were with strpos. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/** Every character three times, as migration 039's `content_search_key` writes the content it indexes. */
export const searchKey = (text: string) => Array.from(text, (ch) => ch.repeat(3)).join('')

/**
 * The content filter of the record lists: a case-sensitive substring match, exactly what `strpos(content, word) > 0`
 * was. Written as `like '%word%'`, plus, when the index is there, the same match on the tripled content (true
 * whenever the first is), which migration 039's trigram index answers for words of any length.
 */
export function contentCondition(w: Where, column: string, text: string): string {
  const plain = `${column} like ${w.bind(`%${likeLiteral(text)}%`)}`
  return contentIndexed() ? `${plain} and content_search_key(${column}) like ${w.bind(`%${likeLiteral(searchKey(text))}%`)}` : plain
}
