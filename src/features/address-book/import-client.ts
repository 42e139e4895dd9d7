import { transfer } from 'comlink'
import type { ImportMapping, ImportPreview } from '@/domain/contact-import'
import type { OpenReply, RefusedWords } from '../../../workers/contact-import'
import type { BuildReply, ContactImportWorkerApi } from '../../../workers/contact-import.worker'
import { workerRemote } from '../../../workers/remote'

/** A checked import: the rows the worker built, the server's preview of them, and the key the commit repeats. */
export interface Checked {
  built: BuildReply
  preview: ImportPreview | null
  key: string
}

/*
 * The contacts import worker, started when the import dialog reads its first file: it holds the spreadsheet readers
 * (SheetJS for xls), which the address book screen never loads otherwise.
 */
const worker = workerRemote<ContactImportWorkerApi>(() =>
  new Worker(new URL('../../../workers/contact-import.worker.ts', import.meta.url), { type: 'module' }))

/** Reads the file (its buffer is transferred) or, with null, the file read last, at `sheet`; `header` as openImport's. */
export const openSheet = (file: Uint8Array | null, sheet: number, header?: number): Promise<OpenReply> =>
  worker((w) => w.open(file ? transfer(file, [file.buffer as ArrayBuffer]) : null, sheet, header))

export const buildRows = (mapping: ImportMapping): Promise<BuildReply> => worker((w) => w.build(mapping))

export const refusedCsv = (words: RefusedWords): Promise<Uint8Array> => worker((w) => w.refusedCsv(words))

export const closeImport = (): Promise<void> => worker((w) => w.close())
