import { read, type CellObject, type WorkSheet } from '@e965/xlsx'
import { UPLOAD_LIMIT_BYTES } from '../src/domain/constants'

/**
 * An xls/xlsx/csv file's first sheet as TAB-separated UTF-8 text (the `rows` part of a point-to-point send, and the
 * numbers of a spreadsheet number source). Cells are their displayed text; a TAB, CR or LF inside a cell becomes a
 * space; rows end in '\n'; empty rows at the end are dropped, and so are empty cells at the end of a row.
 *
 * `header` is the first row when it looks like column names (no cell holds 7 or more digits in a row while the
 * second row has one); it is then left out of `tsv` and `rows`, so `tsv` is data only. The page may put it back.
 */
export interface SheetTsv {
  tsv: Uint8Array
  rows: number
  /** The widest row's cell count (header included). */
  columns: number
  header: string[] | null
}

export type SpreadsheetErrorCode = 'tooLarge' | 'unreadable'

/** Thrown (its message is the code, which survives comlink's error passing) for the page to translate. */
export class SpreadsheetError extends Error {
  constructor(readonly code: SpreadsheetErrorCode) {
    super(code)
    this.name = 'SpreadsheetError'
  }
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const CFB = [0xd0, 0xcf, 0x11, 0xe0]
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b)
/** Rows joined per TextEncoder call: bounds the string built whatever the sheet's size. */
const ROW_CHUNK = 5_000
const LONG_DIGITS = /\d{7,}/

export interface SheetOptions {
  /**
   * False when only numbers are wanted (a recipients file): SheetJS then skips each cell's formatted text and number
   * format, and a number cell is written as its value. ~20% faster and ~10% less memory on a 15 MB xlsx. True (the
   * default) keeps the text Excel shows, which a point-to-point value must be ("12.50", a date).
   */
  formatted?: boolean
}

export function sheetToTsv(bytes: Uint8Array, options: SheetOptions = {}): SheetTsv {
  if (bytes.byteLength > UPLOAD_LIMIT_BYTES) throw new SpreadsheetError('tooLarge')
  const sheet = firstSheet(bytes, options.formatted ?? true)
  const grid = sheet ? cellRows(sheet) : []
  let end = grid.length
  while (end > 0 && grid[end - 1].length === 0) end--
  const header = end > 1 && looksLikeHeader(grid[0], grid[1]) ? grid[0] : null
  const first = header ? 1 : 0
  let columns = 0
  for (let r = 0; r < end; r++) columns = Math.max(columns, grid[r].length)
  return { tsv: encodeLines(first, end, (k) => grid[k].join('\t')), rows: end - first, columns, header }
}

function firstSheet(bytes: Uint8Array, formatted: boolean): WorkSheet | undefined {
  try {
    // Binary workbooks go to SheetJS as they are; text (csv, tsv, html, SpreadsheetML) is decoded here, UTF-8 or
    // else GB18030 (what Excel writes a Chinese csv in), and `raw` keeps its cells as written ("0086…", not a number).
    const binary = startsWith(bytes, ZIP) || startsWith(bytes, CFB)
    const book = binary
      ? read(bytes, { type: 'array', dense: true, cellHTML: false, cellStyles: false, sheets: 0, ...(formatted ? {} : { cellText: false, cellNF: false }) })
      : read(decodeText(bytes), { type: 'string', dense: true, raw: true, sheets: 0 })
    return book.Sheets[book.SheetNames[0]]
  } catch {
    throw new SpreadsheetError('unreadable')
  }
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('gb18030').decode(bytes)
  }
}

/** Each row's cell texts, without empty cells at its end. */
function cellRows(sheet: WorkSheet): string[][] {
  const data = (sheet['!data'] ?? []) as (CellObject[] | undefined)[]
  const rows: string[][] = new Array(data.length)
  for (let r = 0; r < data.length; r++) {
    const cells = data[r] ?? []
    const row: string[] = []
    for (let c = 0; c < cells.length; c++) row.push(cellText(cells[c]))
    while (row.length && row[row.length - 1] === '') row.pop()
    rows[r] = row
  }
  return rows
}

/**
 * The displayed text, except that a whole number Excel would show in exponent form (its General format turns a
 * 12-digit number into 1.38001E+11) is written out in full: a mobile stored as a number stays a mobile.
 */
export function cellText(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return cell?.w ? clean(cell.w) : ''
  if (cell.t === 'n' && typeof cell.v === 'number') {
    const v = cell.v
    if (Number.isInteger(v) && Math.abs(v) < 1e21 && (!cell.w || /e/i.test(cell.w))) return String(v)
  }
  return clean(cell.w ?? String(cell.v))
}

// A NUL is never text a message means, and the server refuses a file holding one (fileHasNul): dropped here.
const clean = (text: string) => text.replace(/[\t\r\n]/g, ' ').replace(/\0/g, '')

function looksLikeHeader(first: string[], second: string[]): boolean {
  return first.length > 0 && !first.some((c) => LONG_DIGITS.test(c)) && second.some((c) => LONG_DIGITS.test(c))
}

/**
 * Lines `from..to` of `line(k)` each ended by '\n', as UTF-8: encoded ROW_CHUNK lines at a time, so no string of a
 * whole sheet is ever built, then joined into one buffer.
 */
export function encodeLines(from: number, to: number, line: (k: number) => string): Uint8Array {
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = []
  let size = 0
  for (let r = from; r < to; r += ROW_CHUNK) {
    let text = ''
    for (let k = r; k < Math.min(to, r + ROW_CHUNK); k++) text += `${line(k)}\n`
    const part = encoder.encode(text)
    parts.push(part)
    size += part.byteLength
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.byteLength
  }
  return out
}
