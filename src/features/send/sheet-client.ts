import { transfer } from 'comlink'
import type { SheetSourceError } from '../../../workers/sheet-source'
import type { SheetNumbersWorkerApi } from '../../../workers/sheet-numbers.worker'
import { workerRemote } from '../../../workers/remote'
import type { NumberListOptions, NumberListResult } from './numbers-client'

/*
 * The spreadsheet numbers worker, started on the first xls/xlsx file: it holds SheetJS, which no other page part
 * loads. It reads the file, picks the mobile column and parses it with the kept numbers in one call.
 */
const worker = workerRemote<SheetNumbersWorkerApi>(() =>
  new Worker(new URL('../../../workers/sheet-numbers.worker.ts', import.meta.url), { type: 'module' }))

/** A file the worker refused; `code` is for the page to translate. */
export class SheetSourceRefused extends Error {
  constructor(readonly code: SheetSourceError) {
    super(code)
    this.name = 'SheetSourceRefused'
  }
}

/**
 * The parse of `kept` + '\n' + the file's mobile column (what parseInWorker(combineBytes(kept, column)) would give).
 * The file's buffer is transferred; `kept` is copied, as the page keeps showing it.
 */
export async function parseSheetInWorker(file: Uint8Array, kept: Uint8Array, options?: NumberListOptions): Promise<NumberListResult> {
  const reply = await worker((w) => w.readSheetNumbers(transfer(file, [file.buffer as ArrayBuffer]), kept, options))
  if (!reply.ok) throw new SheetSourceRefused(reply.error)
  return reply.result
}
