import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { DataDirOpenError } from './data-dir-errors'
import { isoTimeParser, TIMESTAMPTZ } from './iso-time'
import { firstRowBytes, queryPrepared } from './pglite-prepared'
import type { Db, QueryOptions } from './types'

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction

/** Statements sent to one PGlite and not yet answered, whichever wrap (transaction or not) sent them. */
const pending = new WeakMap<PGlite, { n: number }>()

/**
 * PGlite's parsers with `timestamptz` as ISO text (QueryOptions.isoTimes), falling back to PGlite's own parser; the
 * whole set, made once, since PGlite copies the set to merge per-query parsers into it.
 */
const isoParsers = new WeakMap<PGlite, PGlite['parsers']>()
function isoTimesOf(root: PGlite): PGlite['parsers'] {
  let parsers = isoParsers.get(root)
  if (!parsers) {
    const dateOf = root.parsers[TIMESTAMPTZ]
    isoParsers.set(root, (parsers = { ...root.parsers, [TIMESTAMPTZ]: isoTimeParser((text) => dateOf(text, TIMESTAMPTZ)) }))
  }
  return parsers
}

function wrap(runner: Runner, root: PGlite): Db {
  if (!pending.has(root)) pending.set(root, { n: 0 })
  const load = pending.get(root)!
  const counted = async <T>(work: Promise<T>): Promise<T> => {
    load.n += 1
    try {
      return await work
    } finally {
      load.n -= 1
    }
  }
  return {
    kind: 'pglite',
    async query<T>(text: string, params?: unknown[], opts?: QueryOptions) {
      // Named statements outside transactions only: a transaction's queries run through its own handle.
      const parsers = opts?.isoTimes ? isoTimesOf(root) : undefined
      if (opts?.prepare && runner === root) return { rows: await counted(queryPrepared<T>(root, text, params, parsers)) }
      const r = await counted(runner.query<T>(text, params as unknown[] | undefined, parsers && { parsers }))
      return { rows: r.rows }
    },
    async exec(sql: string) {
      await counted(runner.exec(sql))
    },
    firstRowBytes: runner === root ? (text, params) => counted(firstRowBytes(root, text, params)) : undefined,
    busy: () => load.n > 0,
    // PGlite has one connection; a nested transaction simply joins the outer one.
    transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (runner !== root) return fn(wrap(runner, root))
      return root.transaction((tx) => fn(wrap(tx, root)))
    },
    close: () => root.close(),
  }
}

/**
 * PostgreSQL's shared buffers inside the WebAssembly memory. PGlite's default (160 MB) is sized for a database
 * server; here the operating system caches the data files as well. 32 MB measured 100 MB less resident memory with the
 * record lists no slower (tests/bench/records-first-page.bench.mjs over 200k records: each case kept its ratio to
 * the run's count baseline). `PGLITE_SHARED_BUFFERS` (e.g. `128MB`) overrides it.
 */
export function pgliteStartParams(sharedBuffers = process.env.PGLITE_SHARED_BUFFERS || '32MB'): string[] {
  if (!/^\d{1,6}(kB|MB|GB)$/.test(sharedBuffers)) throw new Error(`PGLITE_SHARED_BUFFERS must look like 32MB, not ${sharedBuffers}`)
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`]
}

/** The PGlite under each in-memory database openPglite gave, for dumpPglite. */
const roots = new WeakMap<Db, PGlite>()

/**
 * Embedded PostgreSQL: persistent under `dir`, in memory without one (tests). An in-memory one may start from a
 * dump (`from`, made by dumpPglite): the test harness copies one migrated and seeded database instead of creating,
 * migrating and seeding each.
 */
export async function openPglite(dir?: string, from?: Blob): Promise<Db> {
  // Same JS types as the pg adapter: money and counts as numbers, so rows serialise alike on both databases.
  // pg_trgm indexes the record lists' content search (migration 039); its code (a small WebAssembly side module) is loaded at start.
  const options = { parsers: { 20: Number, 1700: Number }, startParams: pgliteStartParams(), extensions: { pg_trgm } }
  if (!dir) {
    const pg = new PGlite({ ...options, ...(from ? { loadDataDir: from } : {}) })
    await pg.waitReady
    const db = wrap(pg, pg)
    roots.set(db, pg)
    return db
  }
  try {
    mkdirSync(dir, { recursive: true })
    // Creating a cluster runs initdb's own WebAssembly module, whose ~430 MB PGlite keeps referenced for the life of
    // the instance: create it with a throwaway instance, then open it afresh (measured: 630 MB outside the JS heap
    // after the first start, 140 MB after every later one).
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      const creating = new PGlite(dir, options)
      await creating.waitReady
      await creating.close()
    }
    const pg = new PGlite(dir, options)
    await pg.waitReady
    return wrap(pg, pg)
  } catch (e) {
    // A damaged, foreign, newer or unreadable folder fails here as `Aborted()` or "failed to initialize".
    throw new DataDirOpenError(dir, e)
  }
}

/** The data directory of an in-memory database openPglite gave, as an uncompressed tarball for openPglite's `from`. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const pg = roots.get(db)
  if (!pg) throw new Error('dumpPglite: not an in-memory PGlite from openPglite')
  await pg.exec('checkpoint')
  return pg.dumpDataDir('none')
}
