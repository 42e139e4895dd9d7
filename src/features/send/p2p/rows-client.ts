import { transfer } from 'comlink'
import type { ArrangedMeasure, ArrangedRows, ArrangeOptions } from '../../../../workers/p2p-rows'
import type { P2pRowsWorkerApi } from '../../../../workers/p2p-rows.worker'
import { workerRemote } from '../../../../workers/remote'
import type { SheetTsv, SpreadsheetErrorCode } from '../../../../workers/spreadsheet'

/*
 * The point-to-point rows worker, started on first use: it reads the spreadsheet, arranges its rows and measures
 * the template over all of them, so the page holds a few buffers and counts, never a string per row.
 */
const worker = workerRemote<P2pRowsWorkerApi>(() =>
  new Worker(new URL('../../../../workers/p2p-rows.worker.ts', import.meta.url), { type: 'module' }))

/** Reads the file's first sheet; the buffer is transferred (the caller's `bytes` is detached afterwards). */
export const readSheet = (bytes: Uint8Array): Promise<SheetTsv> => worker((w) => w.sheetToTsv(transfer(bytes, [bytes.buffer as ArrayBuffer])))

/**
 * Arranges a copy of the sheet (it stays in the draft); the worker keeps the values for `measureRows`, so after a
 * WorkerFailedError the sheet must be arranged again in the fresh worker.
 */
export const arrangeSheet = (sheet: SheetTsv, options: ArrangeOptions): Promise<ArrangedRows> => worker((w) => w.arrange(sheet, options))

/** The template over every row of the last arrangement; null before one. */
export const measureRows = (template: string): Promise<ArrangedMeasure | null> => worker((w) => w.measure(template))

const CODES: SpreadsheetErrorCode[] = ['tooLarge', 'expandsTooFar', 'unreadable']
/** The refusal's code when the worker threw one (comlink passes the message on). */
export const spreadsheetError = (e: unknown): SpreadsheetErrorCode | null => {
  const m = e instanceof Error ? e.message : ''
  return CODES.find((c) => c === m) ?? null
}

export type { ArrangedMeasure, ArrangedRows, SheetTsv }
