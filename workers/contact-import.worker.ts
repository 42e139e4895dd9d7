import { expose, transfer } from 'comlink'
import type { ImportMapping } from '../src/domain/contact-import'
import { buildImport, openImport, type BuiltImport, type ImportTable, type OpenReply } from './contact-import'
import { SpreadsheetError } from './spreadsheet-error'

/**
 * The contacts import off the main thread. `open` takes the file's bytes (transferred) and keeps its sheet as TSV
 * here, so picking another mapping never reads the workbook again; `build` transfers the rows and refused bytes back.
 * Picking another sheet opens the kept file again.
 */
let file: Uint8Array | null = null
let table: ImportTable | null = null

const api = {
  open(bytes: Uint8Array | null, sheet: number): OpenReply {
    if (bytes) file = bytes
    if (!file) return { ok: false, error: 'unreadable' }
    try {
      const opened = openImport(file, sheet)
      table = opened.table
      return { ok: true, view: opened.view }
    } catch (e) {
      table = null
      return { ok: false, error: e instanceof SpreadsheetError ? e.code : 'unreadable' }
    }
  },
  build(mapping: ImportMapping): BuiltImport {
    if (!table) throw new Error('no sheet open')
    const built = buildImport(table, mapping)
    return transfer(built, [built.rows.buffer as ArrayBuffer, built.refused.buffer as ArrayBuffer])
  },
  close(): void {
    file = null
    table = null
  },
}

export type ContactImportWorkerApi = typeof api

expose(api)
