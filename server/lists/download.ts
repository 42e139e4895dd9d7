import type { Context } from 'hono'
import { MAX_RUNNING_DOWNLOADS, type Locale } from '../../src/domain/constants'
import { contentDisposition } from '../../src/domain/content-disposition'
import type { HeaderWords } from '../../src/domain/lists/query'
import type { Db } from '../db'
import { ApiError, localeOf } from '../http/envelope'
import { csvWriter, xlsxWriter, type Cell } from './writers'
import { lockInSchema } from '../db/locks'
import { logger } from '../log'
import { requestLog } from '../http/request-log'
import { API_PREFIX } from '../../src/domain/api'
import { madeWith } from '../audit/diff'
import { audit } from '../audit/write'

export interface FileColumn<R> {
  header: HeaderWords
  value: (row: R) => Cell
}

export interface DownloadSpec<R> {
  format: 'xlsx' | 'csv'
  /** File name without extension, may be Chinese, e.g. `发送记录-20240501`. */
  filename: string
  columns: FileColumn<R>[]
  /** Batches of rows, pulled one at a time as the client reads (`keysetBatches`, `bulkBatches`). */
  batches: AsyncIterable<R[]>
  /** Row count for X-Total-Count, when known. */
  total?: number
}

/**
 * Files one account may be downloading at once. Each holds a batch of rows and a writer while its client reads, so
 * without a cap one account opening hundreds would hold hundreds of batches. The slots are rows of download_slot
 * (table download_slot), so the cap holds across every server process on one database.
 */
export { MAX_RUNNING_DOWNLOADS }
/** A slot is a lease: renewed while the client reads, so a crashed process' slots lapse after this long. */
export const SLOT_LEASE_SECONDS = 120
const RENEW_AFTER_MS = 30_000
// Any fixed number: the advisory lock serialises takers of one account's slots across processes.
const SLOT_LOCK_KEY = 72_410_003

interface Slot {
  renew: () => Promise<void>
  release: () => Promise<void>
}

/** Takes one of the account's download slots (429 when all are in use); release gives it back once. */
async function takeSlot(db: Db, account: string): Promise<Slot> {
  const id = await db.transaction(async (tx) => {
    await lockInSchema(tx, SLOT_LOCK_KEY, account)
    await tx.query('delete from download_slot where cus_id = $1 and expires_at <= now()', [account])
    const { rows } = await tx.query<{ id: string }>(
      `insert into download_slot (cus_id, expires_at)
       select $1, now() + make_interval(secs => $3) where (select count(*) from download_slot where cus_id = $1) < $2
       returning id`, [account, MAX_RUNNING_DOWNLOADS, SLOT_LEASE_SECONDS])
    return rows[0]?.id ?? null
  })
  if (id === null) throw new ApiError(429, 'tooManyDownloads', { max: MAX_RUNNING_DOWNLOADS })
  let given = false
  let renewed = Date.now()
  return {
    async renew() {
      if (given || Date.now() - renewed < RENEW_AFTER_MS) return
      renewed = Date.now()
      await db.query('update download_slot set expires_at = now() + make_interval(secs => $2) where id = $1', [id, SLOT_LEASE_SECONDS])
    },
    async release() {
      if (given) return
      given = true
      await db.query('delete from download_slot where id = $1', [id]).catch((e) => logger().error({ err: e }, 'download slot not released (it expires with its lease)'))
    },
  }
}

const NO_SLOT: Slot = { renew: async () => {}, release: async () => {} }

/** The paging fields of a list payload: not what was taken. */
const PAGING = new Set(['pageNumber', 'pageSize', 'orderBy', 'order', 'format'])

/**
 * Who took which data: every file this function streams leaves an `exported` entry naming the call, its filters,
 * the format and the row count, before its first byte (the download itself changes nothing else).
 */
/** A text as PostgreSQL's jsonb takes it: no NUL, no lone surrogate (a caller's raw filters may carry either). */
const storable = (v: unknown): unknown =>
  typeof v === 'string' ? v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd').replaceAll(String.fromCharCode(0), '\ufffd')
    : Array.isArray(v) ? v.map(storable)
      : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [storable(k) as string, storable(x)])) : v

async function recordExport(c: Context, db: Db, spec: Pick<DownloadSpec<unknown>, 'filename' | 'format' | 'total'>): Promise<void> {
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null
  const filters = Object.fromEntries(Object.entries(storable(body ?? {}) as Record<string, unknown>).filter(([k, v]) => !PAGING.has(k) && v !== '' && v !== null && v !== undefined))
  const path = c.req.path.startsWith(API_PREFIX) ? c.req.path.slice(API_PREFIX.length) : c.req.path
  await audit(db, c, {
    action: 'exported', target: { id: path },
    changes: madeWith({ file: spec.filename, format: spec.format, rows: spec.total ?? null, ...(Object.keys(filters).length ? { filters } : {}) }),
  })
}

/**
 * A streamed file response. The body is pulled: the next batch is read from the database only when the client has
 * taken the previous one, so a slow client never makes the server buffer the file. The signed-in account holds a
 * download slot until the file ends, fails or the client goes away.
 */
export async function downloadResponse<R>(c: Context, spec: DownloadSpec<R>, locale: Locale = localeOf(c)): Promise<Response> {
  // requireUser sets both: the signed-in account and the database its slots are kept in (shared by every process).
  const user = c.get('user' as never) as { cusId: string } | undefined
  const db = c.get('db' as never) as Db | undefined
  const slot = user && db ? await takeSlot(db, user.cusId) : NO_SLOT
  if (db) await recordExport(c, db, spec).catch(async (e: unknown) => {
    await slot.release()
    throw e
  })
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let cancelled = false
  // The xlsx writer's compressed bytes arrive from zlib's thread pool, possibly after the client went away.
  let pushed = 0
  const push = (chunk: Uint8Array) => {
    if (cancelled) return
    controller.enqueue(chunk)
    pushed += 1
  }
  const writer = spec.format === 'csv' ? csvWriter(push) : xlsxWriter(push)
  const iterator = spec.batches[Symbol.asyncIterator]()
  const values = spec.columns.map((col) => col.value)
  const body = new ReadableStream<Uint8Array>({
    start(ctl) {
      controller = ctl
      writer.start(spec.columns.map((col) => col.header[locale]))
    },
    async pull() {
      // A pull that enqueues nothing is not called again, so batches go on until one gives bytes: a small xlsx batch
      // may stay inside zlib until more text comes.
      const before = pushed
      try {
        while (!cancelled && pushed === before) {
          const next = await iterator.next()
          if (next.done) {
            await writer.end()
            await slot.release()
            controller.close()
            return
          }
          await writer.rowsOf(next.value, values)
          await slot.renew()
        }
      } catch (err) {
        writer.abort?.()
        await slot.release()
        // The client went away while this batch was read: nothing to report.
        if (cancelled) return
        requestLog(c).error({ err }, 'download failed part way')
        controller.error(err)
      }
    },
    async cancel() {
      cancelled = true
      writer.abort?.()
      await slot.release()
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
