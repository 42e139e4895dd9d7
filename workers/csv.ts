/*
 * CSV for "Export view" (issue 3). Pure and synchronous so it is tested and benchmarked in Node; csv.worker.ts only
 * exposes it. Output is bytes (UTF-8 with BOM so Excel opens Chinese text), so the worker transfers one buffer
 * instead of posting a huge string back.
 */
const BOM = [0xef, 0xbb, 0xbf]
/** Spreadsheet apps run cells starting with these as formulas (CSV injection); tab and CR hide the same trick. */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/
/** Rows encoded per text chunk: bounds the largest intermediate string whatever the export size. */
const CHUNK_ROWS = 5000

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  // Numbers and booleans are data, never formulas: a negative amount keeps its sign without a quote mark.
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  let text = value instanceof Date ? value.toISOString() : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const line = (cells: readonly unknown[]) => cells.map(csvCell).join(',') + '\r\n'

/** RFC 4180 CSV (CRLF line ends, `"` doubled inside quoted cells) of a header and rows, as UTF-8 bytes with BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): Uint8Array {
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = [Uint8Array.from(BOM), encoder.encode(line(header))]
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    let text = ''
    const end = Math.min(rows.length, i + CHUNK_ROWS)
    for (let r = i; r < end; r++) text += line(rows[r])
    parts.push(encoder.encode(text))
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
