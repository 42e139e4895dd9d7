import { ASCII_PER_MESSAGE, measureContent, type ParsedTemplate } from './billing'
import { PREFIXED_MOBILE } from './mobile'
/*
 * Point-to-point send rows (the `rows` part of the point-to-point send (P2P_SEND_PATH), see send.ts), read the same way by the console's
 * worker and by the server, so both count the same valid, invalid and repeated rows and bill the same messages.
 *
 * A row is a line of TAB-separated cells: the mobile first (in the console the user picks which spreadsheet column
 * it is; the worker moves it first), then the values of {p1}, {p2}, … A placeholder whose row has no such value is
 * filled with nothing (the empty string): a short row is the spreadsheet's empty cells at its end, which the
 * spreadsheet reader drops. A mobile is valid by parseNumberList's domestic rules (numbers.ts): 11 digits, 1 then
 * 3–9, after dropping `-`, `.`, spaces, a `+86`/`0086`/`86` prefix, full-width digits read as digits. A mobile seen
 * before (after that normalising) is a duplicate: the first row wins.
 */

/** `{p` + a whole number from 1 + `}`, as billing.ts reads placeholders. */
const PLACEHOLDER = /\{p([1-9]\d*)\}/g
const DROPPED = /[\s\u3000\ufeff.-]/g
const FULL_WIDTH_DIGIT = /[\uff10-\uff19]/g

export const placeholder = (column: number) => `{p${column}}`

/** The template with each {pN} replaced by values[N - 1], or nothing when the row has no such value. */
export function fillTemplate(template: string, values: readonly string[]): string {
  return template.replace(PLACEHOLDER, (_, n: string) => values[Number(n) - 1] ?? '')
}

/** The highest N of the template's {pN} (0 when it has none). */
export function highestPlaceholder(template: string): number {
  let max = 0
  for (const m of template.matchAll(PLACEHOLDER)) max = Math.max(max, Number(m[1]))
  return max
}

/** The normalised 11-digit mobile, or null when the cell is not a valid domestic mobile. */
export function normalizeMobile(cell: string): string | null {
  const text = cell.replace(DROPPED, '').replace(FULL_WIDTH_DIGIT, (d) => String(d.charCodeAt(0) - 0xff10))
  return PREFIXED_MOBILE.exec(text)?.[1] ?? null
}

/** Why a row's mobile is refused: the cell is empty, or parseNumberList's domestic reason. */
export type P2pInvalidReason = 'empty' | 'format' | 'length' | 'landline'

/** The reason normalizeMobile(cell) is null, in parseNumberList's order: format, landline, length, format. */
export function mobileProblem(cell: string): P2pInvalidReason {
  const text = cell.replace(DROPPED, '').replace(FULL_WIDTH_DIGIT, (d) => String(d.charCodeAt(0) - 0xff10))
  if (!text) return 'empty'
  const digits = text.replace(/^(?:\+86|0086|86)(?=\d{11}$)/, '')
  if (!/^\d+$/.test(digits)) return 'format'
  if (digits.startsWith('0')) return 'landline'
  return digits.length === 11 ? 'format' : 'length'
}

export interface P2pRows {
  /** Rows read (lines, a final empty line not counted). */
  total: number
  invalid: number
  duplicates: number
  /** The kept rows: normalised mobile and the values of {p1}, {p2}, … */
  mobiles: string[]
  values: string[][]
}

/**
 * Reads TAB-separated rows. `mobileColumn` (0-based) is the mobile's cell; the values are the other cells in their
 * order. At most `limit` rows are kept (a preview); counting goes on over all rows. `onInvalid` hears of each row
 * whose mobile is invalid (its 1-based number in `text`, and the cell).
 */
export function readP2pRows(
  text: string,
  options: {
    mobileColumn?: number
    limit?: number
    onInvalid?: (row: number, cell: string) => void
    /** Hears of each kept row (its 1-based number in `text`, its values); with it, `values` stays empty. */
    onKept?: (row: number, values: string[]) => void
  } = {},
): P2pRows {
  const column = options.mobileColumn ?? 0
  const limit = options.limit ?? Infinity
  const seen = new Set<string>()
  const out: P2pRows = { total: 0, invalid: 0, duplicates: 0, mobiles: [], values: [] }
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end)
    start = end + 1
    out.total++
    const cells = line.split('\t')
    const mobile = normalizeMobile(cells[column] ?? '')
    if (mobile === null) {
      out.invalid++
      options.onInvalid?.(out.total, cells[column] ?? '')
    }
    else if (seen.has(mobile)) out.duplicates++
    else {
      seen.add(mobile)
      if (out.mobiles.length < limit) {
        cells.splice(column, 1)
        out.mobiles.push(mobile)
        if (options.onKept) options.onKept(out.total, cells)
        else out.values.push(cells)
      }
    }
  }
  return out
}

/** What a filled row measures, worked out from its values without building the message. */
export interface FilledMeasure {
  /** Code points of the filled message (as measureContent counts them). */
  chars: number
  ascii: boolean
  /** The longest value the template inserts, in code points. */
  longestValue: number
}

/**
 * measureContent(fillTemplate(template, values)) in chars and ASCII-ness, from `parseTemplate(template)`: the fixed
 * text's measure plus each inserted value's, so a row can be refused for its length before any message is built.
 * Measuring stops once the message passes `stopAbove` characters (the row is refused then), so a row costs at most
 * about stopAbove plus one value's length, however many placeholders the template repeats.
 */
export function measureFilled(parsed: ParsedTemplate, values: readonly string[], stopAbove = Infinity): FilledMeasure {
  let chars = parsed.fixed.chars
  let ascii = parsed.fixed.perMessage === ASCII_PER_MESSAGE
  let longestValue = 0
  for (const column of parsed.columns) {
    if (chars > stopAbove) break
    const value = values[column]
    if (!value) continue
    const m = measureContent(value)
    chars += m.chars
    if (m.perMessage !== ASCII_PER_MESSAGE) ascii = false
    if (m.chars > longestValue) longestValue = m.chars
  }
  return { chars, ascii, longestValue }
}
