/*
 * CSV for "Export view". Pure and synchronous so it is tested and benchmarked in Node; csv.worker.ts only
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

/**
 * Builds one CSV from rows appended in pieces, so a big export can arrive at the worker a chunk at a time (a
 * single postMessage of a million rows blocks the page for about a second while it is copied).
 */
export class CsvBuilder {
  private readonly encoder = new TextEncoder()
  private readonly parts: Uint8Array[]

  constructor(header: readonly string[]) {
    this.parts = [Uint8Array.from(BOM), this.encoder.encode(line(header))]
  }

  append(rows: readonly (readonly unknown[])[]): void {
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      let text = ''
      const end = Math.min(rows.length, i + CHUNK_ROWS)
      for (let r = i; r < end; r++) text += line(rows[r])
      this.parts.push(this.encoder.encode(text))
    }
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const p of this.parts) {
      out.set(p, at)
      at += p.length
    }
    this.parts.length = 0
    return out
  }
}

/** RFC 4180 CSV (CRLF line ends, `"` doubled inside quoted cells) of a header and rows, as UTF-8 bytes with BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): Uint8Array {
  const builder = new CsvBuilder(header)
  builder.append(rows)
  return builder.finish()
}
