import { transfer } from 'comlink'
import type { ImportMapping } from '@/domain/contact-import'
import type { SheetImportId } from '@/domain/sheet-import'
import type { OpenReply, RefusedWords } from '../../../workers/sheet-import'
import type { BuildReply, SheetImportWorkerApi } from '../../../workers/sheet-import.worker'
import { workerRemote } from '../../../workers/remote'

/** What an import's upload answered: its id, the rows it will add, and its own counts (in the group, on the list…). */
export interface ImportPreview {
  upload_id: number
  add: number
  counts: { id: string; label: string; n: number }[]
}

/** A checked import: the rows the worker built, the server's preview of them, and the key the commit repeats. */
export interface Checked {
  built: BuildReply
  preview: ImportPreview | null
  key: string
}

/*
 * The spreadsheet import worker, started when an import dialog reads its first file: it holds the spreadsheet
 * readers (SheetJS for xls and csv), which the screens never load otherwise.
 */
const worker = workerRemote<SheetImportWorkerApi>(() =>
  new Worker(new URL('../../../workers/sheet-import.worker.ts', import.meta.url), { type: 'module' }))

/** Reads the file (its buffer is transferred) or, with null, the file read last, at `sheet`; `header` as openImport's. */
export const openSheet = (kind: SheetImportId, file: Uint8Array | null, sheet: number, header?: number): Promise<OpenReply> =>
  worker((w) => w.open(file ? transfer(file, [file.buffer as ArrayBuffer]) : null, sheet, header, kind))

export const buildRows = (mapping: ImportMapping): Promise<BuildReply> => worker((w) => w.build(mapping))

export const refusedCsv = (words: RefusedWords): Promise<Uint8Array> => worker((w) => w.refusedCsv(words))

export const closeImport = (): Promise<void> => worker((w) => w.close())
