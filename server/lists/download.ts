import type { Context } from 'hono'
import type { Locale } from '../../src/domain/constants'
import type { HeaderWords } from '../../src/domain/lists/query'
import { ApiError, localeOf } from '../http/envelope'
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
 * Files one account may be downloading at once in this process. Each holds a batch of rows and a writer while its
 * client reads, so without a cap one account opening hundreds would hold hundreds of batches; per process, since
 * memory is.
 */
export const MAX_RUNNING_DOWNLOADS = 3
const running = new Map<string, number>()

/** Takes one of the account's download slots (429 when all are in use); the returned function gives it back once. */
function takeSlot(account: string): () => void {
  const now = running.get(account) ?? 0
  if (now >= MAX_RUNNING_DOWNLOADS) throw new ApiError(429, 'tooManyDownloads', { max: MAX_RUNNING_DOWNLOADS })
  running.set(account, now + 1)
  let given = false
  return () => {
    if (given) return
    given = true
    const left = (running.get(account) ?? 1) - 1
    if (left > 0) running.set(account, left)
    else running.delete(account)
  }
}

/**
 * A streamed file response. The body is pulled: the next batch is read from the database only when the client has
 * taken the previous one, so a slow client never makes the server buffer the file. The signed-in account holds a
 * download slot until the file ends, fails or the client goes away.
 */
export function downloadResponse<R>(c: Context, spec: DownloadSpec<R>, locale: Locale = localeOf(c)): Response {
  const user = c.get('user' as never) as { cusId: string } | undefined
  const release = user ? takeSlot(user.cusId) : () => {}
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
          release()
          return
        }
        writer.rows(next.value.map((row) => spec.columns.map((col) => col.value(row))))
      } catch (err) {
        console.error('[download]', c.req.path, err)
        controller.error(err)
        release()
      }
    },
    async cancel() {
      release()
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
