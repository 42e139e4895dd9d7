import { isMobileValue } from '../src/domain/mobile'

/*
 * The mobile column of a spreadsheet number source (xls/xlsx recipient files). Input: a sheet as TSV bytes
 * (spreadsheet.ts: cells separated by TAB, rows ending in LF; a CRLF is taken as one line end too). Output: that
 * column's cells, one a line, so that a line of parseNumberList is a row of the sheet. The bytes are scanned once
 * per pass, never split into strings: a 15 MB sheet may hold a million rows.
 *
 * The column is the caller's, or else the one with the most cells shaped like a phone number in the first
 * SAMPLE_ROWS rows: 7 to 15 digits with only `-`, `.`, spaces and one leading `+` besides, and a mainland mobile
 * (11 digits 1[3-9]…, or after a 86/0086 prefix) counting double, so a column of mobiles beats one of dates or ids.
 * A first row whose cell holds no digit is a header the reader did not recognise; it is left empty.
 */
export const SAMPLE_ROWS = 200

const TAB = 0x09
const LF = 0x0a
const CR = 0x0d
const SPACE = 0x20

/** The ASCII (0-9) or full-width (U+FF10–FF19, EF BC 90–99) digit at i: its value and byte count, or -1. */
function digitAt(tsv: Uint8Array, i: number): number {
  const b = tsv[i]
  if (b >= 0x30 && b <= 0x39) return b - 0x30
  if (b === 0xef && tsv[i + 1] === 0xbc && tsv[i + 2] >= 0x90 && tsv[i + 2] <= 0x99) return tsv[i + 2] - 0x90
  return -1
}

/** 0: not a phone number; 1: 7 to 15 digits; 2: a mainland mobile. */
export function phoneShape(tsv: Uint8Array, start: number, end: number): 0 | 1 | 2 {
  let digits = 0
  let value = 0
  let plus = false
  for (let i = start; i < end; i++) {
    const d = digitAt(tsv, i)
    if (d >= 0) {
      digits++
      value = value * 10 + d
      if (tsv[i] === 0xef) i += 2
      continue
    }
    const b = tsv[i]
    if (b === 0x2b && digits === 0 && !plus) plus = true
    else if (b !== 0x2d && b !== 0x2e && b !== SPACE && b !== CR) return 0
  }
  if (digits < 7 || digits > 15) return 0
  if (digits === 11 && isMobileValue(value)) return 2
  if (digits === 13 && isMobileValue(value - 86e11)) return 2
  if (digits === 15 && isMobileValue(value - 86e11)) return 2 // 0086: value reads as 86…
  return 1
}

function hasDigit(tsv: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (digitAt(tsv, i) >= 0) return true
  return false
}

/** The end of the cell starting at i: the next TAB, LF or end of input (a CR before LF belongs to the line end). */
function cellEnd(tsv: Uint8Array, i: number): number {
  while (i < tsv.length && tsv[i] !== TAB && tsv[i] !== LF) i++
  return i
}

/** The column with the most phone-shaped cells in the first `sampleRows` rows, or -1 when no cell is one. */
export function chooseColumn(tsv: Uint8Array, sampleRows = SAMPLE_ROWS): number {
  const scores: number[] = []
  let row = 0
  let column = 0
  for (let i = 0; i < tsv.length && row < sampleRows; ) {
    const end = cellEnd(tsv, i)
    const shape = phoneShape(tsv, i, end)
    if (shape) scores[column] = (scores[column] ?? 0) + shape
    if (tsv[end] === TAB) column++
    else {
      row++
      column = 0
    }
    i = end + 1
  }
  let best = -1
  for (let c = 0; c < scores.length; c++) if ((scores[c] ?? 0) > (scores[best] ?? 0)) best = c
  return best
}

/**
 * Copies a cell. Spaces in a phone-shaped cell are formatting ("+86 138 0013 8000") and are dropped, as
 * parseNumberList would split there; in any other cell they stay separators ("13800138000 13900139000", the two
 * lines of a cell). A CR becomes a space.
 */
function copyCell(tsv: Uint8Array, start: number, end: number, out: Uint8Array, at: number): number {
  let spaced = false
  for (let k = start; k < end; k++) {
    const b = tsv[k]
    if (b === SPACE || b === CR) spaced = true
    out[at++] = b === CR ? SPACE : b
  }
  if (!spaced || !phoneShape(tsv, start, end)) return at
  at -= end - start
  for (let k = start; k < end; k++) if (tsv[k] !== SPACE && tsv[k] !== CR) out[at++] = tsv[k]
  return at
}

/**
 * Column `column` (0-based) of every row, one a line, with '\n' between rows (none after the last). A row without
 * that column gives an empty line. The CR of a CRLF is dropped; any other CR becomes a space, so lines stay rows.
 */
export function columnBytes(tsv: Uint8Array, column: number): Uint8Array {
  const out = new Uint8Array(tsv.length)
  let at = 0
  let row = 0
  let c = 0
  for (let i = 0; i < tsv.length; ) {
    const end = cellEnd(tsv, i)
    if (c === column && (row > 0 || hasDigit(tsv, i, end))) {
      at = copyCell(tsv, i, tsv[end] !== TAB && tsv[end - 1] === CR ? end - 1 : end, out, at)
    }
    if (tsv[end] === TAB) c++
    else if (end < tsv.length) {
      row++
      c = 0
      if (end + 1 < tsv.length) out[at++] = LF
    }
    i = end + 1
  }
  return out.subarray(0, at)
}

/** The mobile column: the caller's (0-based) or the chosen one; null when no column holds a phone-shaped cell. */
export function mobileColumn(tsv: Uint8Array, column?: number): { column: number; bytes: Uint8Array } | null {
  const picked = column ?? chooseColumn(tsv)
  return picked < 0 ? null : { column: picked, bytes: columnBytes(tsv, picked) }
}
