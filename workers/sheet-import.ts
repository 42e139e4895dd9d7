import { IMPORT_HEADER_ROWS, type ImportMapping } from '../src/domain/contact-import'
import { findHeaderRow, guessMapping } from '../src/domain/contact-import-guess'
import { SHEET_IMPORTS, type SheetImportId } from '../src/domain/sheet-import'
import { CsvBuilder } from '../src/domain/csv'
import { sheetNames, sheetToTsv, SpreadsheetError, type SpreadsheetErrorCode } from './spreadsheet'
import { looksLikeSheet } from './sheet-source'

/*
 * The spreadsheet imports' worker half (contacts, opt-outs: src/domain/sheet-import.ts): a workbook's sheet → the rows
 * the user maps → the `rows` part of the kind's upload (/file/uploadAddressBook, /file/uploadOptOut) and the refused
 * rows with their line and reason. The sheet is read by the streaming reader (xlsx; SheetJS for xls and csv), kept as
 * TSV bytes between the two steps, and every result leaves as bytes.
 */
export const SAMPLE_ROWS = 20
/** Rows read to find a header row under a title (a merged banner row, an empty line). */
const HEADER_SEARCH = IMPORT_HEADER_ROWS

export interface ImportTable {
  kind: SheetImportId
  sheets: string[]
  sheet: number
  /** The sheet's rows from the first, as TSV. */
  tsv: Uint8Array
  /** 0-based sheet row of the header, -1 when there is none. */
  headerRow: number
  header: string[] | null
}

export interface ImportView {
  sheets: string[]
  sheet: number
  headerRow: number
  header: string[] | null
  /** The first data rows, for the mapping screen. */
  sample: string[][]
  columns: number
  guess: ImportMapping
}

export type OpenReply = { ok: true; view: ImportView } | { ok: false; error: SpreadsheetErrorCode }

/** The first `count` lines of the TSV from line `from`, as cells. */
function headLines(tsv: Uint8Array, count: number): string[][] {
  const out: string[][] = []
  let at = 0
  const decoder = new TextDecoder()
  while (at < tsv.length && out.length < count) {
    let end = tsv.indexOf(0x0a, at)
    if (end < 0) end = tsv.length
    out.push(decoder.decode(tsv.subarray(at, end)).split('\t'))
    at = end + 1
  }
  return out
}

/**
 * The sheet at `sheet` with its header row: found among the first rows by the names of its cells (under a title),
 * else the reader's own guess (a first row without long digit runs over one with them); `header` overrides it
 * (-1: none, k: the sheet's row k, 0-based, below IMPORT_HEADER_ROWS).
 */
export function openImport(bytes: Uint8Array, sheet = 0, header?: number, kind: SheetImportId = 'contacts'): { table: ImportTable; view: ImportView } {
  const { guess } = SHEET_IMPORTS[kind]
  if (!looksLikeSheet(bytes)) throw new SpreadsheetError('unreadable')
  const sheets = sheetNames(bytes)
  if (sheet < 0 || sheet >= sheets.length) throw new SpreadsheetError('unreadable')
  const read = sheetToTsv(bytes, { sheet })
  // The reader leaves a header it recognised out of the TSV: put back, the TSV's lines are the sheet's rows from 1.
  const tsv = read.header ? joinBytes(encoder.encode(`${read.header.join('\t')}\n`), read.tsv) : read.tsv
  const head = headLines(tsv, HEADER_SEARCH + SAMPLE_ROWS)
  const found = findHeaderRow(head, HEADER_SEARCH, guess)
  const auto = found >= 0 ? found : read.header ? 0 : -1
  const headerRow = header === undefined || header < -1 || header >= HEADER_SEARCH ? auto : header
  const headerCells = headerRow >= 0 ? (head[headerRow] ?? []) : null
  const sample = head.slice(headerRow + 1).filter((r) => r.some((c) => c.trim())).slice(0, SAMPLE_ROWS)
  const table = { kind, sheets, sheet, tsv, headerRow, header: headerCells }
  const columns = Math.max(read.columns, headerCells?.length ?? 0)
  return { table, view: { sheets, sheet, headerRow, header: headerCells, sample, columns, guess: guessMapping(headerCells, sample, guess) } }
}

function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength)
  out.set(a, 0)
  out.set(b, a.byteLength)
  return out
}

export interface BuiltImport {
  /** The upload's `rows` part. */
  rows: Uint8Array
  count: number
  /** Refused rows, one a line: line TAB field TAB reason TAB the row's mapped cells (the kind's fields' order). */
  refused: Uint8Array
  refusedCount: number
  /** Rows with no mapped cell filled (empty lines, the rest of a merged block): skipped, not refused. */
  empty: number
}

const encoder = new TextEncoder()
/** Lines joined per encode: bounds the strings built whatever the sheet's size. */
const CHUNK = 5_000

class LineWriter {
  private parts: Uint8Array[] = []
  private text = ''
  private pending = 0
  size = 0
  count = 0
  add(line: string) {
    this.text += `${line}\n`
    this.count++
    if (++this.pending >= CHUNK) this.flush()
  }
  flush() {
    if (!this.text) return
    const part = encoder.encode(this.text)
    this.parts.push(part)
    this.size += part.byteLength
    this.text = ''
    this.pending = 0
  }
  bytes(): Uint8Array {
    this.flush()
    const out = new Uint8Array(this.size)
    let at = 0
    for (const p of this.parts) {
      out.set(p, at)
      at += p.byteLength
    }
    return out
  }
}

export function buildImport(table: ImportTable, mapping: ImportMapping): BuiltImport {
  const kind = SHEET_IMPORTS[table.kind]
  if (kind.required.some((f) => !(mapping[f] >= 0))) throw new Error('unmapped')
  const rows = new LineWriter()
  const refused = new LineWriter()
  const decoder = new TextDecoder()
  const columns = kind.fields.map((f) => mapping[f] ?? -1)
  // Sheet rows up to the header (a title above it, the header itself) are not data.
  const skipBefore = table.headerRow + 1
  let empty = 0
  let at = 0
  // Line k of the TSV is the sheet's row k (1-based, as the spreadsheet numbers it).
  for (let line = 1; at < table.tsv.length; line++) {
    let end = table.tsv.indexOf(0x0a, at)
    if (end < 0) end = table.tsv.length
    const sheetRow = line - 1
    if (sheetRow >= skipBefore) {
      const cells = decoder.decode(table.tsv.subarray(at, end)).split('\t')
      const mapped = columns.map((c) => (c >= 0 ? (cells[c] ?? '') : ''))
      if (!mapped.some((v) => v.trim())) empty++
      else {
        const check = kind.row(line, mapped)
        if (check.ok) rows.add(check.line)
        else refused.add([String(line), check.field, check.reason, ...mapped].join('\t'))
      }
    }
    at = end + 1
  }
  return { rows: rows.bytes(), count: rows.count, refused: refused.bytes(), refusedCount: refused.count, empty }
}

/** A refused line as cells: line, field, reason, then the row's mapped cells. */
const refusedCells = (line: string) => line.split('\t')

/** The first `count` refused rows, for the preview to show. */
export function refusedHead(refused: Uint8Array, count: number): string[][] {
  return headLines(refused, count).filter((r) => r.length > 1 || r[0] !== '')
}

export interface RefusedWords {
  /** Line, field, reason, then the kind's fields' names. */
  header: string[]
  fields: Record<string, string>
  reasons: Record<string, string>
}

/** Every refused row as CSV (csv.ts: BOM, CRLF, formula-safe cells) with its field and reason in the user's words. */
export function refusedCsv(refused: Uint8Array, words: RefusedWords): Uint8Array {
  const builder = new CsvBuilder(words.header)
  const text = new TextDecoder().decode(refused)
  let batch: unknown[][] = []
  for (const raw of text.split('\n')) {
    if (!raw) continue
    const [line, field, reason, ...cells] = refusedCells(raw)
    batch.push([Number(line), words.fields[field] ?? field, words.reasons[reason] ?? reason, ...cells])
    if (batch.length >= CHUNK) {
      builder.append(batch)
      batch = []
    }
  }
  builder.append(batch)
  return builder.finish()
}
