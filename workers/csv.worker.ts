import { expose, transfer } from 'comlink'
import { CsvBuilder, toCsv } from '../src/domain/csv'

const open = new Map<number, CsvBuilder>()
let next = 1

/**
 * toCsv off the main thread. `open`/`append`/`close` take the rows a chunk at a time (see csv-chunks.ts), so the
 * page copies a few thousand rows per message instead of freezing on one huge one; the bytes come back by
 * transferring their buffer (no copy).
 */
const api = {
  toCsv(header: string[], rows: unknown[][]): Uint8Array {
    const bytes = toCsv(header, rows)
    return transfer(bytes, [bytes.buffer as ArrayBuffer])
  },
  open(header: string[]): number {
    const id = next++
    open.set(id, new CsvBuilder(header))
    return id
  },
  append(id: number, rows: unknown[][]): void {
    open.get(id)?.append(rows)
  },
  close(id: number): Uint8Array {
    const builder = open.get(id)
    open.delete(id)
    const bytes = builder ? builder.finish() : new Uint8Array(0)
    return transfer(bytes, [bytes.buffer as ArrayBuffer])
  },
}

export type CsvWorkerApi = typeof api

expose(api)
