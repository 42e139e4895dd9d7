/**
 * A file's rows written by the database as csv lines or SpreadsheetML rows, byte for byte what `csvCell` and the
 * xlsx writer make of the same text cells (writers.ts; pinned by sql-lines.test.ts on both databases). For PGlite,
 * whose database runs on the server's own thread: handing JavaScript one text per batch instead of a JSON document
 * of row objects it parses and formats again halved a 1M-record download's time there.
 */

/** A cell as SQL: an expression of type text (null is an empty cell), `plain` when the database formatted it. */
export interface SqlCell {
  sql: string
  /**
   * Never needs quoting, neutralising or escaping (a `to_char` time, a month): such cells skip the per-cell
   * pattern tests. Only for text the database made from a number or a time, never for stored text.
   */
  plain?: boolean
}

/** A SQL string literal of a constant the code holds (never of user input). */
export const sqlText = (s: string): string => `'${s.replaceAll("'", "''")}'`

/**
 * `csvCell` in SQL, for one cell: formula characters (= + - @ tab CR) first get a quote, then a cell holding a
 * quote, comma or line break is quoted with its quotes doubled. `v` is evaluated up to five times, so it should be
 * a column of the query below, not a computation.
 */
function csvCellSql(c: SqlCell): string {
  if (c.plain) return `coalesce(${c.sql}, '')`
  const v = c.sql
  const neutral = `case when left(${v}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${v} else ${v} end`
  return `coalesce(case when ${v} ~ '[",\\r\\n]' then '"' || replace(${neutral}, '"', '""') || '"' else ${neutral} end, '')`
}

/** One csv line (CRLF) per row, as csvWriter writes it. */
export function csvLineSql(cells: SqlCell[]): string {
  return `${cells.map(csvCellSql).join(` || ',' || `)} || E'\\r\\n'`
}

// XML 1.0's forbidden characters (writers.ts INVALID_XML; PostgreSQL text never holds NUL) and those needing work.
const INVALID_XML = `'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]'`
const NEEDS_XML_WORK = `'[&<>\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]'`

/** `xlsxCell` in SQL for a text cell: empty as `<c/>`, else an inline string, XML-escaped when it needs it. */
function xlsxCellSql(c: SqlCell): string {
  const v = c.sql
  const text = c.plain ? v
    : `case when ${v} ~ ${NEEDS_XML_WORK} then replace(replace(replace(regexp_replace(${v}, ${INVALID_XML}, '', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;') else ${v} end`
  return `case when ${v} is null or ${v} = '' then '<c/>' else '<c t="inlineStr"><is><t xml:space="preserve">' || ${text} || '</t></is></c>' end`
}

/** One `<row>` per row, as the xlsx writer writes it. */
export function xlsxRowSql(cells: SqlCell[]): string {
  return `'<row>' || ${cells.map(xlsxCellSql).join(' || ')} || '</row>'`
}
