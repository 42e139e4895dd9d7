import type { Context } from 'hono'
import type { Locale } from '../../src/domain/constants'
import type { HeaderWords } from '../../src/domain/lists/query'
import { localeOf } from '../http/envelope'
import { csvWriter, xlsxWriter, type Cell } from './writers'

export interface FileColumn<R> {
  header: HeaderWords
  value: (row: R) => Cell
}

export interface DownloadSpec<R> {
  format: 'xlsx' | 'csv'
  /** File name without extension, may be Chinese, e.g. `发送记录-20240501`. */
  filename: string
  columns: FileColumn<R>[]
  /** Batches of rows, pulled one at a time as the client reads (`keysetBatches`). */
  batches: AsyncIterable<R[]>
  /** Row count for X-Total-Count, when known. */
  total?: number
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` so every browser gets the Chinese name right. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * A streamed file response. The body is pulled: the next batch is read from the database only when the client has
 * taken the previous one, so a slow client never makes the server buffer the file.
 */
export function downloadResponse<R>(c: Context, spec: DownloadSpec<R>, locale: Locale = localeOf(c)): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const push = (chunk: Uint8Array) => controller.enqueue(chunk)
  const writer = spec.format === 'csv' ? csvWriter(push) : xlsxWriter(push)
  const iterator = spec.batches[Symbol.asyncIterator]()
  const body = new ReadableStream<Uint8Array>({
    start(ctl) {
      controller = ctl
      writer.start(spec.columns.map((col) => col.header[locale]))
    },
    async pull() {
      try {
        const next = await iterator.next()
        if (next.done) {
          writer.end()
          controller.close()
          return
        }
        writer.rows(next.value.map((row) => spec.columns.map((col) => col.value(row))))
      } catch (err) {
        console.error('[download]', c.req.path, err)
        controller.error(err)
      }
    },
    async cancel() {
      await iterator.return?.()
    },
  }, { highWaterMark: 1 })
  const headers: Record<string, string> = {
    'content-type': writer.contentType,
    'content-disposition': contentDisposition(`${spec.filename}.${writer.extension}`),
    'cache-control': 'no-store',
  }
  if (spec.total !== undefined) headers['x-total-count'] = String(spec.total)
  return new Response(body, { status: 200, headers })
}
