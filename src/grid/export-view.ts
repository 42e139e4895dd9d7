import { saveBlob } from '@/api/transfer'
import { toCsv } from '../domain/csv'
import { csvInChunks } from '../../workers/csv-chunks'
import type { CsvWorkerApi } from '../../workers/csv.worker'
import { workerRemote } from '../../workers/remote'

/*
 * "Export view": the rows loaded in the grid, as displayed, to CSV. Big views are encoded in a worker so the page
 * keeps responding, the rows sent a chunk at a time (one huge message would freeze the page while it is copied);
 * below SMALL_ROWS the worker's start-up costs more than the encoding, so those run here.
 */
const SMALL_ROWS = 2000
const worker = workerRemote<CsvWorkerApi>(() => new Worker(new URL('../../workers/csv.worker.ts', import.meta.url), { type: 'module' }))

export async function csvBytes(header: string[], rows: unknown[][]): Promise<Uint8Array> {
  if (rows.length < SMALL_ROWS) return toCsv(header, rows)
  // One race over the whole exchange: a worker dying between chunks rejects it with WorkerFailedError.
  return worker((w) => csvInChunks(w, header, rows))
}

/** `<title>-yyyyMMdd-HHmmss.csv`, with characters that file systems refuse replaced. */
export function exportFileName(title: string, now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0')
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
  return `${title.replace(/[\\/:*?"<>|]+/g, '_')}-${stamp}.csv`
}

export async function exportCsv(title: string, header: string[], rows: unknown[][]): Promise<void> {
  const bytes = await csvBytes(header, rows)
  saveBlob(new Blob([bytes as BlobPart], { type: 'text/csv;charset=utf-8' }), exportFileName(title))
}
