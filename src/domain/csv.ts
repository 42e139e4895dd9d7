/*
 * The one CSV every file of the product is written in: the grid's "Export view" (in a worker or on the page), the
 * contacts import's refused rows and the server's list downloads (server/lists/writers.ts wraps it as a streaming
 * writer). UTF-8 with a BOM so Excel opens Chinese text, CRLF line ends, RFC 4180 quoting, and text cells a
 * spreadsheet would run as formulas neutralised. Output is bytes, so a worker transfers one buffer instead of posting
 * a huge string back.
 */
export const CSV_BOM = '\uFEFF'
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'
const NEEDS_QUOTES = /[",\r\n]/
/** Rows encoded per text chunk: bounds the largest intermediate string whatever the export size. */
const CHUNK_ROWS = 5000

/**
 * Text cells Excel would read as a formula (=, +, -, @, and tab/CR that some readers strip first: CSV injection) get
 * a leading quote.
 */
export function neutraliseFormula(s: string): string {
  const c = s.charCodeAt(0)
  // = + - @ tab CR, by code: this runs for every text cell of a file
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${s}` : s
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  // Numbers and booleans are data, never formulas: a negative amount keeps its sign without a quote mark.
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  const text = neutraliseFormula(value instanceof Date ? value.toISOString() : String(value))
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record with its CRLF. */
export const csvLine = (cells: readonly unknown[]): string => cells.map(csvCell).join(',') + '\r\n'

/**
 * Builds one CSV from rows appended in pieces, so a big export can arrive at the worker a chunk at a time (a
 * single postMessage of a million rows blocks the page for about a second while it is copied).
 */
export class CsvBuilder {
  private readonly encoder = new TextEncoder()
  private readonly parts: Uint8Array[]

  constructor(header: readonly string[]) {
    this.parts = [this.encoder.encode(CSV_BOM + csvLine(header))]
  }

  append(rows: readonly (readonly unknown[])[]): void {
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      let text = ''
      const end = Math.min(rows.length, i + CHUNK_ROWS)
      for (let r = i; r < end; r++) text += csvLine(rows[r])
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

/** The CSV of a header and rows, as UTF-8 bytes with BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): Uint8Array {
  const builder = new CsvBuilder(header)
  builder.append(rows)
  return builder.finish()
}
