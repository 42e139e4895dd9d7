import { parseNumberList, type NumberListOptions, type NumberListResult } from './numbers'
import { mobileColumn } from './sheet-numbers'
import { sheetToTsv, SpreadsheetError, type SpreadsheetErrorCode } from './spreadsheet'

/*
 * An xls/xlsx file as a number source, in one worker call: file bytes → first sheet as TSV → the mobile column →
 * parsed together with the numbers kept from earlier sources (as number-sources.ts combineBytes does: the kept
 * numbers, '\n', the new source), so the page transfers the file's buffer once and gets counts back.
 */
export type SheetSourceError = SpreadsheetErrorCode | 'noColumn'
export type SheetSourceReply =
  | { ok: true; result: NumberListResult; column: number }
  | { ok: false; error: SheetSourceError }

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const PROBE = 4096

/**
 * A workbook container (xlsx is a zip, xls a compound file), or text: many ".xls" files from other systems are HTML,
 * SpreadsheetML or TSV, which SheetJS reads. Anything else with control bytes is binary noise that SheetJS would
 * still read, as text, into a sheet of garbage.
 */
export function looksLikeSheet(bytes: Uint8Array): boolean {
  if (ZIP.every((b, i) => bytes[i] === b) || CFB.every((b, i) => bytes[i] === b)) return true
  const n = Math.min(bytes.length, PROBE)
  for (let i = 0; i < n; i++) {
    const b = bytes[i]
    if (b < 0x09 || (b > 0x0d && b < 0x20)) return false
  }
  return true
}

export function readSheetNumbers(
  file: Uint8Array,
  kept: Uint8Array,
  options?: NumberListOptions,
  column?: number,
): SheetSourceReply {
  if (!looksLikeSheet(file)) return { ok: false, error: 'unreadable' }
  let sheet
  try {
    sheet = sheetToTsv(file, { formatted: false })
  } catch (e) {
    return { ok: false, error: e instanceof SpreadsheetError ? e.code : 'unreadable' }
  }
  const picked = mobileColumn(sheet.tsv, column)
  if (!picked) return { ok: false, error: 'noColumn' }
  // A header row the reader left out comes back as an empty line, so line numbers are the sheet's row numbers.
  const lead = (kept.length ? 1 : 0) + (sheet.header ? 1 : 0)
  const bytes = new Uint8Array(kept.length + lead + picked.bytes.length)
  bytes.set(kept, 0)
  bytes.fill(0x0a, kept.length, kept.length + lead)
  bytes.set(picked.bytes, kept.length + lead)
  return { ok: true, result: parseNumberList(bytes, options), column: picked.column }
}
