import { expose, transfer } from 'comlink'
import { toCsv } from './csv'

/** Runs toCsv off the main thread and hands the bytes back by transferring their buffer (no copy). */
const api = {
  toCsv(header: string[], rows: unknown[][]): Uint8Array {
    const bytes = toCsv(header, rows)
    return transfer(bytes, [bytes.buffer as ArrayBuffer])
  },
}

export type CsvWorkerApi = typeof api

expose(api)
