// First response of every statistics screen over a large history, through the real endpoints (in-process
// app.request) on the default database (the embedded PostgreSQL as `npm start` runs it, or BENCH_DATABASE_URL), beside
// a plain count(*) of the sent records measured in the same run on the same data. The statistics answer from the
// rollups (mt_daily, mt_failure_daily, the batch rows), so their time should not grow with the records; the count does.
// BENCH_RECORDS sets the row count (default 1,000,000; the issue's figure is 10,000,000), BENCH_RUNS the runs per figure
// (median, 5). "first ms" is the first request after the seed (cold caches, a fresh prepared statement), then the median.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { bulkSeed } from './lib/bulk-seed.mjs'
import { createApp } from '../../server/app.ts'
import { migrate, openDb } from '../../server/db/index.ts'
import { issueToken } from '../../server/security/tokens.ts'
import { median, timed } from './lib/timing.mjs'
import { benchPostgres } from './lib/throwaway-pg.mjs'

const ROWS = Number(process.env.BENCH_RECORDS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const W90 = { start_time: '2000-01-01' }

const CASES = [
  ['by day, 30 days (admin)', 'admin', '/dataGathering/list', { prod_type: 0, dimension: 0, start_time: 'D30' }],
  ['by month, all (admin)', 'admin', '/dataGathering/list', { prod_type: 0, dimension: 1, ...W90 }],
  ['by year, all (acme and subs)', 'acme', '/dataGathering/list', { prod_type: 0, dimension: 2, ...W90 }],
  ['by country, all (admin)', 'admin', '/dataGathering/countryList', { prod_type: 1, ...W90 }],
  ['batches, 90 days (admin)', 'admin', '/dataGathering/batchList', { prod_type: 0, ...W90 }],
  ['chart by day, 30 days (admin)', 'admin', '/dataGathering/trend', { prod_type: 0, dimension: 0 }],
  ['batch chart, 30 days (admin)', 'admin', '/dataGathering/batchTrend', { prod_type: 0 }],
  ['chart by month, 12 months (acme)', 'acme', '/dataGathering/trend', { prod_type: 0, dimension: 1 }],
  ['failures by code × operator, 90 days (admin)', 'admin', '/dataGathering/failureList', { prod_type: 0, ...W90 }],
  ['failure rate by day, 30 days (acme01)', 'acme01', '/dataGathering/failureTrend', { prod_type: 0 }],
  ['overview, ordinary (admin)', 'admin', '/dataGathering/getNormalSmsIndexInfo', { prod_type: 0 }],
]

async function first(fn) {
  const once = await timed(fn)
  const ms = []
  for (let i = 0; i < RUNS; i++) ms.push(await timed(fn))
  return [once, median(ms)]
}
const loadavg = () => os.loadavg().map((x) => x.toFixed(1)).join(' ')

async function bench(label, db) {
  console.log(`\n--- ${label}: seeding ${ROWS.toLocaleString('en')} sent records ---`)
  const t0 = performance.now()
  await migrate(db)
  await bulkSeed(db, ROWS)
  await db.exec('vacuum analyze mt_record')
  await db.exec('analyze mt_daily; analyze mt_failure_daily; analyze sms_batch')
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${loadavg()}`)
  const app = createApp({ db, config: { distDir: '/nonexistent' } })
  const tokens = {}
  for (const u of ['admin', 'acme', 'acme01']) {
    const { rows } = await db.query('select id from customer where cus_id = $1', [u])
    tokens[u] = (await issueToken(db, rows[0].id)).token
  }
  const d30 = new Date(Date.now() - 29 * 86400e3 + 8 * 3600e3).toISOString().slice(0, 10)
  const call = (user, path, body) => async () => {
    const filled = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'D30' ? d30 : v]))
    const res = await app.request(`/api${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
      body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...filled }),
    })
    const json = await res.json()
    if (json.code !== 200) throw new Error(`${path}: ${json.msg}`)
  }
  const [countFirst, count] = await first(() => db.query('select count(*) from mt_record'))
  const rows = []
  for (const [name, user, path, body] of CASES) {
    const [once, med] = await first(call(user, path, body))
    rows.push({ screen: name, 'first ms': once.toFixed(1), 'median ms': med.toFixed(1) })
  }
  console.table(rows)
  console.log(`baseline: count(*) over all ${ROWS.toLocaleString('en')} sent records: first ${countFirst.toFixed(1)} ms, median ${count.toFixed(1)} ms; load ${loadavg()}`)
}

const server = await benchPostgres({ asServed: true })
const schema = `bench_${randomBytes(4).toString('hex')}`
const pg = await openDb({ databaseUrl: server.url, schema })
try {
  await bench(`${server.label}, schema ${schema}`, pg)
} finally {
  await pg.exec(`drop schema ${schema} cascade`)
  await pg.close()
  await server.stop()
}
