import { expose, transfer } from 'comlink'
import type { ImportMapping } from '../src/domain/contact-import'
import type { SheetImportId } from '../src/domain/sheet-import'
import { buildImport, openImport, refusedCsv, refusedHead, type ImportTable, type OpenReply, type RefusedWords } from './sheet-import'
import { SpreadsheetError } from './spreadsheet-error'

/**
 * The spreadsheet imports (contacts, opt-outs) off the main thread. `open` takes the file's bytes (transferred) and keeps its sheet as TSV
 * here, so another mapping never reads the workbook again (another sheet reads the kept file again); `build`
 * transfers the upload's rows back and keeps the refused rows, of which the page gets the first few to show and,
 * on request, the CSV of all of them.
 */
export const REFUSED_SHOWN = 100

let file: Uint8Array | null = null
let table: ImportTable | null = null
let refused: Uint8Array = new Uint8Array()

export interface BuildReply {
  rows: Uint8Array
  count: number
  refusedCount: number
  refusedHead: string[][]
  empty: number
}

const api = {
  open(bytes: Uint8Array | null, sheet: number, header: number | undefined, kind: SheetImportId): OpenReply {
    if (bytes) file = bytes
    if (!file) return { ok: false, error: 'unreadable' }
    try {
      const opened = openImport(file, sheet, header, kind)
      table = opened.table
      return { ok: true, view: opened.view }
    } catch (e) {
      table = null
      return { ok: false, error: e instanceof SpreadsheetError ? e.code : 'unreadable' }
    }
  },
  build(mapping: ImportMapping): BuildReply {
    if (!table) throw new Error('no sheet open')
    const built = buildImport(table, mapping)
    refused = built.refused
    const reply = { rows: built.rows, count: built.count, refusedCount: built.refusedCount, refusedHead: refusedHead(refused, REFUSED_SHOWN), empty: built.empty }
    return transfer(reply, [built.rows.buffer as ArrayBuffer])
  },
  refusedCsv(words: RefusedWords): Uint8Array {
    const csv = refusedCsv(refused, words)
    return transfer(csv, [csv.buffer as ArrayBuffer])
  },
  close(): void {
    file = null
    table = null
    refused = new Uint8Array()
  },
}

export type SheetImportWorkerApi = typeof api

expose(api)
