import { expose, transfer } from 'comlink'
import { sheetNames, sheetToTsv, type SheetOptions, type SheetTsv } from './spreadsheet'

/**
 * sheetToTsv off the main thread: the caller transfers the file's buffer in and gets the TSV's buffer transferred
 * back. A refusal arrives as an Error whose message is a SpreadsheetErrorCode ('tooLarge', 'unreadable').
 * sheetNames lists the sheets to pick one from; give it a copy of the bytes (or do not transfer them) when the same
 * file is read afterwards.
 */
const api = {
  sheetNames(bytes: Uint8Array): string[] {
    return sheetNames(bytes)
  },
  sheetToTsv(bytes: Uint8Array, options?: SheetOptions): SheetTsv {
    const result = sheetToTsv(bytes, options)
    return transfer(result, [result.tsv.buffer as ArrayBuffer])
  },
}

export type SpreadsheetWorkerApi = typeof api

expose(api)
