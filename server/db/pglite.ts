import { mkdirSync } from 'node:fs'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { DataDirOpenError } from './data-dir-errors'
import type { Db } from './types'

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction

function wrap(runner: Runner, root: PGlite): Db {
  return {
    kind: 'pglite',
    async query<T>(text: string, params?: unknown[]) {
      const r = await runner.query<T>(text, params as unknown[] | undefined)
      return { rows: r.rows }
    },
    async exec(sql: string) {
      await runner.exec(sql)
    },
    // PGlite has one connection; a nested transaction simply joins the outer one.
    transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (runner !== root) return fn(wrap(runner, root))
      return root.transaction((tx) => fn(wrap(tx, root)))
    },
    close: () => root.close(),
  }
}

/** Embedded PostgreSQL: persistent under `dir`, in memory without one (tests). */
export async function openPglite(dir?: string): Promise<Db> {
  // Same JS types as the pg adapter: money and counts as numbers, so rows serialise alike on both databases.
  const parsers = { 20: Number, 1700: Number }
  if (!dir) {
    const pg = new PGlite({ parsers })
    await pg.waitReady
    return wrap(pg, pg)
  }
  try {
    mkdirSync(dir, { recursive: true })
    const pg = new PGlite(dir, { parsers })
    await pg.waitReady
    return wrap(pg, pg)
  } catch (e) {
    // A damaged, foreign, newer or unreadable folder fails here as `Aborted()` or "failed to initialize".
    throw new DataDirOpenError(dir, e)
  }
}
