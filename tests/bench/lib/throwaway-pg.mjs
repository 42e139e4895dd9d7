// A PostgreSQL for benchmarks: BENCH_DATABASE_URL or TEST_DATABASE_URL when set, else a throwaway embedded one (the
// server's own, server/db/embedded.ts: initdb in a temp dir, a socket in it; as root it runs as the user postgres),
// stopped and removed by stop(). Without fsync unless `asServed`: then with the settings `npm start` runs it with.
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startEmbedded } from '../../../server/db/embedded.ts'

export async function benchPostgres({ asServed = false } = {}) {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (url) return { url, label: 'PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL)', stop: () => {} }
  const dir = mkdtempSync(join(tmpdir(), 'sms-bench-pg-'))
  chmodSync(dir, 0o755)
  const server = await startEmbedded({
    dir: join(dir, 'postgres'), noSync: !asServed,
    settings: asServed ? {} : { fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off' },
  })
  return {
    url: server.url,
    label: asServed ? 'embedded PostgreSQL (as npm start runs it)' : 'embedded PostgreSQL (throwaway, fsync off)',
    stop: async () => {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Runs `fn(url)` on a new database `<prefix>_<random>` of `server`, dropped afterwards (forced) whatever happens. */
export async function withThrowawayDatabase(server, prefix, fn) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(server.url)
  url.pathname = `/${name}`
  try {
    return await fn(url.toString())
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

/** A database of its own on the benchmarks' PostgreSQL (benchPostgres), opened as the server opens one; `close` drops it. */
export async function benchDb(opts) {
  const { openDb } = await import('../../../server/db/index.ts')
  const server = await benchPostgres(opts)
  const name = `bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(server.url)
  url.pathname = `/${name}`
  const db = await openDb({ databaseUrl: url.toString() })
  const close = db.close
  db.close = async () => {
    await close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
    await server.stop()
  }
  return db
}
