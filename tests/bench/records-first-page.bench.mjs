// First-page time of filtered sent records over 1M rows, through the real endpoint (in-process app.request), on a
// fresh PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL (a throwaway schema). Each figure is printed
// beside baselines measured in the same run on the same data: the same requests with migration 003's indexes instead
// of 004's, and a plain count of the whole table. BENCH_RECORDS sets the row count (default 1,000,000).
//
// The seed is the demo seed, made fast for a million rows: growing mt_record's time, batch and link indexes one
// random insert at a time is what made it take minutes (100k rows: 11 s with them, 2 s without and 1 s to build them
// after), so they are dropped before the seed and created again after it, and the statistics rollup triggers
// (migration 005) are off during it and the rollups rebuilt once. The pkey and the mobile index stay: the seed's
// interaction-record step looks records up by mobile. The measured queries then meet the same indexes as before.
import { randomBytes } from 'node:crypto'
import { bulkSeed } from './lib/bulk-seed.mjs'
import { createApp } from '../../server/app.ts'
import { migrate, openDb } from '../../server/db/index.ts'
import { issueToken } from '../../server/security/tokens.ts'

const ROWS = Number(process.env.BENCH_RECORDS ?? 1_000_000)
const RUNS = 5

const CASES = [
  ['admin, ordinary, default window (7 days)', 'admin', '/mtRecord/list', {}],
  ['admin, ordinary, 90 days', 'admin', '/mtRecord/list', { start_time: '2000-01-01' }],
  ['admin, ordinary, status review (100)', 'admin', '/mtRecord/list', { status: 100 }],
  ['admin, ordinary, status failure (700), 30 days', 'admin', '/mtRecord/list', { status: 700, start_time: 'D30' }],
  ['admin, ordinary, one mobile, 90 days', 'admin', '/mtRecord/list', { mobile: 'MOBILE', start_time: '2000-01-01' }],
  ['admin, account acme01, 90 days', 'admin', '/mtRecord/list', { cus_id: 'acme01', start_time: '2000-01-01' }],
  ['acme (customer + subs), ordinary', 'acme', '/mtRecord/list', {}],
  ['acme01 (sub-account), failure', 'acme01', '/mtRecord/list', { status: 700 }],
  ['globex, international', 'globex', '/newMtRecord/list', { prod_type: 1 }],
  ['admin, short links, clicked', 'admin', '/shortChainTool/list', { click_status: 1 }],
]

const INDEXES_004 = `
  drop index if exists mt_record_cus_idx; drop index if exists mt_record_prod_idx;
  create index mt_record_cus_time_idx on mt_record (cus_id, prod_type, receive_time desc, sn desc);
  create index mt_record_prod_time_idx on mt_record (prod_type, receive_time desc, sn desc);
  create index mt_record_link_idx on mt_record (receive_time desc, sn desc) include (cus_id, click_time) where long_link is not null;
  analyze mt_record`
const INDEXES_003 = `
  drop index if exists mt_record_cus_time_idx; drop index if exists mt_record_prod_time_idx; drop index if exists mt_record_link_idx;
  create index mt_record_cus_idx on mt_record (cus_id, prod_type, receive_time desc);
  create index mt_record_prod_idx on mt_record (prod_type, receive_time desc); analyze mt_record`

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function timeIt(fn) {
  await fn()
  const ms = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await fn()
    ms.push(performance.now() - t0)
  }
  return median(ms)
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
  for (const u of ['admin', 'acme', 'acme01', 'globex']) {
    const { rows } = await db.query('select id from customer where cus_id = $1', [u])
    tokens[u] = (await issueToken(db, rows[0].id)).token
  }
  const { rows: [probe] } = await db.query(`select mobile from mt_record where prod_type = 0 order by sn limit 1`)
  const d30 = new Date(Date.now() - 30 * 86400e3 + 8 * 3600e3).toISOString().slice(0, 10)
  const call = (user, path, body) => async () => {
    const filled = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'MOBILE' ? probe.mobile : v === 'D30' ? d30 : v]))
    const res = await app.request(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
      body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...filled }),
    })
    const json = await res.json()
    if (json.code !== 200) throw new Error(`${path}: ${json.msg}`)
    return json.data.total
  }
  const withIdx = []
  for (const [name, user, path, body] of CASES) withIdx.push([name, await timeIt(call(user, path, body)), await call(user, path, body)()])
  const fullCount = await timeIt(() => db.query('select count(*) from mt_record'))
  await db.exec(INDEXES_003)
  const rows = []
  for (const [i, [name, user, path, body]] of CASES.entries()) {
    rows.push({ filter: name, 'matching rows': withIdx[i][2], '004 ms': withIdx[i][1].toFixed(1), '003 ms': (await timeIt(call(user, path, body))).toFixed(1) })
  }
  // Once more with 004's indexes, so the order of measuring shows up as noise rather than as an index effect.
  await db.exec(INDEXES_004)
  for (const [i, [, user, path, body]] of CASES.entries()) rows[i]['004 again ms'] = (await timeIt(call(user, path, body))).toFixed(1)
  console.table(rows)
  console.log(`baseline: count(*) over all ${ROWS.toLocaleString('en')} rows: ${fullCount.toFixed(1)} ms`)
}

const pglite = await openDb()
await bench('PGlite (in memory)', pglite)
await pglite.close()

if (process.env.BENCH_DATABASE_URL) {
  const schema = `bench_${randomBytes(4).toString('hex')}`
  const pg = await openDb({ databaseUrl: process.env.BENCH_DATABASE_URL, schema })
  try {
    await bench(`PostgreSQL (schema ${schema})`, pg)
  } finally {
    await pg.exec(`drop schema ${schema} cascade`)
    await pg.close()
  }
} else {
  console.log('\nPostgreSQL: set BENCH_DATABASE_URL to measure it too')
}
