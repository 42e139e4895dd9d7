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
 * quote, comma or line break is quoted with its quotes doubled. `v` is evaluated several times, so it should be a
 * column of the query below, not a computation.
 */
function csvCellSql(c: SqlCell): string {
  if (c.plain) return `coalesce(${c.sql}, '')`
  const v = c.sql
  const neutral = `case when left(${v}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${v} else ${v} end`
  return `coalesce(case when ${v} ~ '[",\\r\\n]' then '"' || replace(${neutral}, '"', '""') || '"' else ${neutral} end, '')`
}

/**
 * One csv line (CRLF) per row, as csvWriter writes it. Nearly every row needs no cell quoted or neutralised, so one
 * pattern test over all its stored cells (each behind a \x01, so a formula character leading one shows) picks
 * between their plain join and the cell-by-cell work: a test per cell took a third of a batch's time. A \x01 inside
 * a cell can only send its row the exact way.
 */
export function csvLineSql(cells: SqlCell[]): string {
  const line = (cell: (c: SqlCell) => string) => `${cells.map(cell).join(` || ',' || `)} || E'\\r\\n'`
  const exact = line(csvCellSql)
  const stored = cells.filter((c) => !c.plain)
  if (!stored.length) return exact
  const probe = stored.map((c) => `E'\\x01' || coalesce(${c.sql}, '')`).join(' || ')
  return `case when ${probe} ~ '[",\\r\\n]|\\x01[=+@\\t\\r-]' then ${exact} else ${line((c) => `coalesce(${c.sql}, '')`)} end`
}

// XML 1.0's forbidden characters (writers.ts INVALID_XML; PostgreSQL text never holds NUL) and those needing work.
const INVALID_XML = `'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]'`
const NEEDS_XML_WORK = `'[&<>\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]'`

/** `xlsxCell` in SQL for a text cell: empty as `<c/>`, else an inline string, XML-escaped when `escape`. */
function xlsxCellSql(c: SqlCell, escape: boolean): string {
  const v = c.sql
  const text = c.plain || !escape ? v
    : `case when ${v} ~ ${NEEDS_XML_WORK} then replace(replace(replace(regexp_replace(${v}, ${INVALID_XML}, '', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;') else ${v} end`
  return `case when ${v} is null or ${v} = '' then '<c/>' else '<c t="inlineStr"><is><t xml:space="preserve">' || ${text} || '</t></is></c>' end`
}

/** One `<row>` per row, as the xlsx writer writes it; escaping cell by cell only in rows that need it (as csvLineSql). */
export function xlsxRowSql(cells: SqlCell[]): string {
  const row = (escape: boolean) => `'<row>' || ${cells.map((c) => xlsxCellSql(c, escape)).join(' || ')} || '</row>'`
  const stored = cells.filter((c) => !c.plain)
  if (!stored.length) return row(false)
  return `case when ${stored.map((c) => `coalesce(${c.sql}, '')`).join(' || ')} ~ ${NEEDS_XML_WORK} then ${row(true)} else ${row(false)} end`
}
