import { measureTemplateRows, packColumns, type TemplateColumn, type TemplateMeasure } from '../src/domain/billing'
import { INVALID_SAMPLE_LIMIT } from '../src/domain/numbers'
import { highestPlaceholder, mobileProblem, readP2pRows, type P2pInvalidReason } from '../src/domain/send-p2p'
import { encodeLines, type SheetTsv } from './spreadsheet'

/*
 * A point-to-point send's spreadsheet, arranged in the worker: the mobile column moved first, rows with an invalid
 * or repeated mobile dropped (send-p2p.ts rules, the server's), the kept rows packed as the `rows` part of
 * the point-to-point send, and their values kept as UTF-8 columns for measureTemplateRows. The page receives counts, a few
 * sample rows and one Uint8Array; never a string per row.
 */

export interface ArrangeOptions {
  /** 0-based column of the mobile. */
  mobileColumn: number
  /** The first row names the columns (defaults to what sheetToTsv detected). */
  firstRowIsHeader: boolean
}

export interface ArrangedRows {
  /** Data rows read, and how many are kept (valid, first of their mobile), invalid and repeated. */
  total: number
  valid: number
  invalid: number
  duplicates: number
  /** Cells per row (the widest row); {p1}…{p(columns-1)} are the columns other than the mobile's. */
  columns: number
  /** Column names when the first row is a header, else null. */
  names: string[] | null
  /** The first SAMPLE_ROWS data rows as they are in the file (every column, the mobile's included). */
  sample: string[][]
  /** The kept rows: normalised mobile, TAB, the values; '\n' after each. */
  rows: Uint8Array
  /** The first INVALID_SAMPLE_LIMIT rows refused (as parseNumberList keeps samples) for their mobile: the spreadsheet's row number, the cell, why. */
  invalidSamples: InvalidRow[]
  /**
   * Every refused row, for "download invalid lines": UTF-8, `row<TAB>cell<TAB>reason\n` each (the row numbered as
   * the spreadsheet shows it, counting the header row). A cell never holds a TAB or a line break (they separate cells).
   */
  invalidLines: Uint8Array
}

export interface InvalidRow {
  row: number
  cell: string
  reason: P2pInvalidReason
}

export const SAMPLE_ROWS = 5

export interface Arrangement {
  result: ArrangedRows
  /** The kept rows' values, one UTF-8 column per placeholder. */
  values: TemplateColumn[]
  /** Each kept row's number as the spreadsheet shows it (the header row, when taken as one, is row 1). */
  sheetRows: Uint32Array
}

/** The template measured over the kept rows, with its longest message's row numbered as the spreadsheet shows it. */
export interface ArrangedMeasure extends TemplateMeasure {
  longestSheetRow: number
}

export function arrangeRows(sheet: SheetTsv, o: ArrangeOptions): Arrangement {
  let text = new TextDecoder().decode(sheet.tsv)
  let names = sheet.header
  if (sheet.header && !o.firstRowIsHeader) {
    text = `${sheet.header.join('\t')}\n${text}`
    names = null
  } else if (!sheet.header && o.firstRowIsHeader) {
    const end = text.indexOf('\n')
    names = (end < 0 ? text : text.slice(0, end)).split('\t')
    text = end < 0 ? '' : text.slice(end + 1)
  }
  // A data row's number in the spreadsheet: the header row, when taken as one, is row 1.
  const firstRow = o.firstRowIsHeader ? 2 : 1
  const invalidSamples: InvalidRow[] = []
  let invalidText = ''
  const kept: string[][] = []
  const keptLines: number[] = []
  const read = readP2pRows(text, {
    mobileColumn: o.mobileColumn,
    onKept: (line, cells) => {
      kept.push(cells)
      keptLines.push(line - 1 + firstRow)
    },
    onInvalid: (line, cell) => {
      const invalid = { row: line - 1 + firstRow, cell, reason: mobileProblem(cell) }
      if (invalidSamples.length < INVALID_SAMPLE_LIMIT) invalidSamples.push(invalid)
      invalidText += `${invalid.row}\t${cell}\t${invalid.reason}\n`
    },
  })
  const columns = Math.max(sheet.columns, o.mobileColumn + 1)
  const sample: string[][] = []
  for (let at = 0; sample.length < SAMPLE_ROWS && at < text.length; ) {
    const end = text.indexOf('\n', at)
    sample.push(text.slice(at, end < 0 ? text.length : end).split('\t'))
    at = end < 0 ? text.length : end + 1
  }
  const values = packColumns(kept, columns - 1)
  const rows = encodeLines(0, read.mobiles.length, (k) => (kept[k].length ? `${read.mobiles[k]}\t${kept[k].join('\t')}` : read.mobiles[k]))
  const result = {
    total: read.total, valid: read.mobiles.length, invalid: read.invalid, duplicates: read.duplicates, columns, names, sample, rows,
    invalidSamples, invalidLines: new TextEncoder().encode(invalidText),
  }
  return { result, values, sheetRows: Uint32Array.from(keptLines) }
}


/**
 * Total messages of the template over every kept row. A placeholder past the last column is filled with nothing
 * (as the server fills it), so it is measured as an empty column.
 */
export function measureArranged(template: string, a: Arrangement): ArrangedMeasure {
  const rows = a.result.valid
  const columns = [...a.values]
  const empty = { offsets: new Uint32Array(rows + 1), bytes: new Uint8Array(0) }
  while (columns.length < highestPlaceholder(template)) columns.push(empty)
  const m = measureTemplateRows(template, columns, rows)
  return { ...m, longestSheetRow: m.longestRow < 0 ? 0 : a.sheetRows[m.longestRow] }
}
