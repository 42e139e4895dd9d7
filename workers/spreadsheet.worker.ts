import { expose, transfer } from 'comlink'
import { sheetToTsv, type SheetTsv } from './spreadsheet'

/**
 * sheetToTsv off the main thread: the caller transfers the file's buffer in and gets the TSV's buffer transferred
 * back. A refusal arrives as an Error whose message is a SpreadsheetErrorCode ('tooLarge', 'unreadable').
 */
const api = {
  sheetToTsv(bytes: Uint8Array): SheetTsv {
    const result = sheetToTsv(bytes)
    return transfer(result, [result.tsv.buffer as ArrayBuffer])
  },
}

export type SpreadsheetWorkerApi = typeof api

expose(api)
