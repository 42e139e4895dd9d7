// "Download all" of the sent records (issue 15): time to last byte, peak RSS and other users' list latency (p50/p99,
// four customers paging their sent records without pause) while one admin downloads every record as csv and as xlsx,
// on a fresh PGlite and, with BENCH_DATABASE_URL / TEST_DATABASE_URL, PostgreSQL (a throwaway schema).
// Measured in the same run on the same data:
// - "before": the database batches (keysetBatches, as the endpoint reads them) through the writers of commit
//   BASELINE (fflate's JavaScript deflate on the event loop), copied from git for the run;
// - "now, writer": the same batches through today's writers;
// - "now, endpoint": the real POST /api/mtRecord/download, body read to its last byte.
// BENCH_RECORDS sets the row count (default 1,000,000; seeded as records-first-page.bench.mjs does); BENCH_OTHERS the
// number of other users (default 4; on PGlite at 50k rows the run with 4 did not finish in 5 minutes, see the report).
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { bulkSeed } from './lib/bulk-seed.mjs'
import { createApp } from '../../server/app.ts'
import { migrate, openDb } from '../../server/db/index.ts'
import { Where, keysetBatches } from '../../server/lists/index.ts'
import * as now from '../../server/lists/writers.ts'
import { issueToken } from '../../server/security/tokens.ts'

const ROWS = Number(process.env.BENCH_RECORDS ?? 1_000_000)
const BASELINE = process.env.BENCH_BASELINE ?? 'bc4576f~1'
const OTHERS = ['acme', 'acme01', 'globex', 'initech'].slice(0, Number(process.env.BENCH_OTHERS ?? 4))

const baseFile = new URL('./.download-baseline-writers.ts', import.meta.url)
writeFileSync(baseFile, execFileSync('git', ['show', `${BASELINE}:server/lists/writers.ts`]))
const before = await import(baseFile.href)
rmSync(baseFile)

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN
}

/** Runs `work` while the other users page their lists; returns its time, the peak RSS and their latencies. */
async function measure(app, tokens, work) {
  let running = true
  const lat = []
  const other = async (user) => {
    while (running) {
      const t0 = performance.now()
      const res = await app.request('/api/mtRecord/list', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
        body: JSON.stringify({ pageNumber: 1 + Math.floor(Math.random() * 5), pageSize: 20 }),
      })
      await res.arrayBuffer()
      lat.push(performance.now() - t0)
    }
  }
  let peak = process.memoryUsage.rss()
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()) }, 50)
  const others = OTHERS.filter((u) => tokens[u]).map(other)
  const t0 = performance.now()
  const bytes = await work()
  const ms = performance.now() - t0
  running = false
  await Promise.all(others)
  clearInterval(sampler)
  return { 's to last byte': (ms / 1000).toFixed(1), MB: (bytes / 1e6).toFixed(1), 'peak RSS MB': (peak / 2 ** 20).toFixed(0),
    'others p50 ms': pct(lat, 50).toFixed(0), 'others p99 ms': pct(lat, 99).toFixed(0), 'others requests': lat.length }
}

async function viaWriter(db, writers, format) {
  let bytes = 0
  const w = format === 'csv' ? writers.csvWriter((c) => { bytes += c.length }) : writers.xlsxWriter((c) => { bytes += c.length })
  const batches = keysetBatches(db, {
    select: 'm.sn, m.cus_id, m.mobile, m.content, m.mt_status, m.receive_time, m.report_time, m.batch_id, m.price',
    from: 'mt_record m', where: new Where().and('m.prod_type = 0'), order: 'desc', // the endpoint's filter and index
    key: [{ sql: 'm.receive_time', type: 'timestamptz' }, { sql: 'm.sn', type: 'bigint' }],
  })
  w.start(['sn', 'account', 'mobile', 'content', 'status', 'received', 'reported', 'batch', 'price'])
  for await (const rows of batches) {
    await w.rows(rows.map((r) => [String(r.sn), r.cus_id, r.mobile, r.content, r.mt_status, String(r.receive_time), r.report_time ? String(r.report_time) : null, r.batch_id, r.price === null ? null : Number(r.price)]))
  }
  await w.end()
  return bytes
}

async function viaEndpoint(app, token, format) {
  const res = await app.request('/api/mtRecord/download', {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ format, start_time: '2000-01-01' }),
  })
  if (res.status !== 200) throw new Error(`download: ${res.status} ${await res.text()}`)
  let bytes = 0
  for await (const chunk of res.body) bytes += chunk.length
  return bytes
}

async function bench(label, db) {
  console.log(`\n--- ${label}: seeding ${ROWS.toLocaleString('en')} sent records ---`)
  const t0 = performance.now()
  await migrate(db)
  await bulkSeed(db, ROWS)
  await db.exec('vacuum analyze mt_record')
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  const app = createApp({ db, config: { distDir: '/nonexistent' } })
  const tokens = {}
  for (const u of ['admin', ...OTHERS]) {
    const { rows } = await db.query('select id from customer where cus_id = $1', [u])
    if (rows[0]) tokens[u] = (await issueToken(db, rows[0].id)).token
  }
  const table = []
  for (const format of ['csv', 'xlsx']) {
    table.push({ format, way: `before (${BASELINE}), writer`, ...await measure(app, tokens, () => viaWriter(db, before, format)) })
    table.push({ format, way: 'now, writer', ...await measure(app, tokens, () => viaWriter(db, now, format)) })
    table.push({ format, way: 'now, endpoint', ...await measure(app, tokens, () => viaEndpoint(app, tokens.admin, format)) })
  }
  console.table(table)
}

const pglite = await openDb()
await bench('PGlite (in memory)', pglite)
await pglite.close()

const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
if (url) {
  const schema = `bench_dl_${randomBytes(4).toString('hex')}`
  const pg = await openDb({ databaseUrl: url, schema })
  try {
    await bench(`PostgreSQL (schema ${schema})`, pg)
  } finally {
    await pg.exec(`drop schema ${schema} cascade`)
    await pg.close()
  }
} else console.log('\nPostgreSQL: set BENCH_DATABASE_URL to measure it too')
