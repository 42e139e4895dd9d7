// First-page time of filtered sent records over 1M rows, through the real endpoint (in-process app.request), on a
// fresh PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL (a throwaway schema). Each figure is printed
// beside baselines measured in the same run on the same data: the same requests without migration 040's content
// index (the default, CONTENT_SEARCH_INDEX off: the content filter walks the window), with it, and with it again (the order of measuring shows
// as noise); a plain count of the whole table; and the bare 90-day count with today's strpos and with the like the
// lists now send. BENCH_RECORDS sets the row count (default 1,000,000), BENCH_RUNS the runs per figure (median, 5),
// BENCH_CASES a regular expression of the cases to run, BENCH_PGLITE=0 leaves PGlite out.
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
import { ensureContentIndex } from '../../server/db/content-index.ts'

const ROWS = Number(process.env.BENCH_RECORDS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)

const W90 = { start_time: '2000-01-01' }
// Every filter the sent-record screens offer, alone and two at a time; content in Chinese and Latin words of 1, 2
// and 3+ characters, common ones (a page fills at once) and ones that match little or nothing (the whole window is
// walked). MOBILE, BATCH and NUMBER are taken from the seeded data.
const CASES = [
  ['default window (7 days)', 'admin', '/mtRecord/list', {}],
  ['90 days', 'admin', '/mtRecord/list', W90],
  ['status success (0), 90 days', 'admin', '/mtRecord/list', { status: 0, ...W90 }],
  ['status review (100)', 'admin', '/mtRecord/list', { status: 100 }],
  ['status waiting (500), 90 days', 'admin', '/mtRecord/list', { status: 500, ...W90 }],
  ['status time-out (600), 90 days', 'admin', '/mtRecord/list', { status: 600, ...W90 }],
  ['status failure (700), 30 days', 'admin', '/mtRecord/list', { status: 700, start_time: 'D30' }],
  ['one mobile, 90 days', 'admin', '/mtRecord/list', { mobile: 'MOBILE', ...W90 }],
  ['one batch, 90 days', 'admin', '/mtRecord/list', { batch_id: 'BATCH', ...W90 }],
  ['account acme01, 90 days', 'admin', '/mtRecord/list', { cus_id: 'acme01', ...W90 }],
  ['content 码 (1 CJK, common), 90 days', 'admin', '/mtRecord/list', { content: '码', ...W90 }],
  ['content 验证 (2 CJK, common), 90 days', 'admin', '/mtRecord/list', { content: '验证', ...W90 }],
  ['content 航班 (2 CJK, none), 90 days', 'admin', '/mtRecord/list', { content: '航班', ...W90 }],
  ['content 验证码 (3 CJK, common), 90 days', 'admin', '/mtRecord/list', { content: '验证码', ...W90 }],
  ['content 验证码 (3 CJK), 7 days', 'admin', '/mtRecord/list', { content: '验证码' }],
  ['content 服务器负载 (5 CJK, 1 in 6)', 'admin', '/mtRecord/list', { content: '服务器负载', ...W90 }],
  ['content 不存在的词 (5 CJK, none), 90 days', 'admin', '/mtRecord/list', { content: '不存在的词', ...W90 }],
  ['content x (1 Latin), 90 days', 'admin', '/mtRecord/list', { content: 'x', ...W90 }],
  ['content TD (2 Latin, common), 90 days', 'admin', '/mtRecord/list', { content: 'TD', ...W90 }],
  ['content sms.cn (Latin, common), 90 days', 'admin', '/mtRecord/list', { content: 'sms.cn', ...W90 }],
  ['content zzzq (Latin, none), 90 days', 'admin', '/mtRecord/list', { content: 'zzzq', ...W90 }],
  ['content one order number (6 digits), 90 days', 'admin', '/mtRecord/list', { content: 'NUMBER', ...W90 }],
  ['content 50% (a wildcard), 90 days', 'admin', '/mtRecord/list', { content: '50%', ...W90 }],
  ['status failure + mobile, 90 days', 'admin', '/mtRecord/list', { status: 700, mobile: 'MOBILE', ...W90 }],
  ['status review + account acme01', 'admin', '/mtRecord/list', { status: 100, cus_id: 'acme01' }],
  ['status success + batch, 90 days', 'admin', '/mtRecord/list', { status: 0, batch_id: 'BATCH', ...W90 }],
  ['account acme01 + mobile, 90 days', 'admin', '/mtRecord/list', { cus_id: 'acme01', mobile: 'MOBILE', ...W90 }],
  ['account acme01 + batch, 90 days', 'admin', '/mtRecord/list', { cus_id: 'acme01', batch_id: 'BATCH', ...W90 }],
  ['mobile + batch, 90 days', 'admin', '/mtRecord/list', { mobile: 'MOBILE', batch_id: 'BATCH', ...W90 }],
  ['content 验证码 + status failure, 90 days', 'admin', '/mtRecord/list', { content: '验证码', status: 700, ...W90 }],
  ['content 验证码 + status review, 90 days', 'admin', '/mtRecord/list', { content: '验证码', status: 100, ...W90 }],
  ['content 验证码 + account acme01, 90 days', 'admin', '/mtRecord/list', { content: '验证码', cus_id: 'acme01', ...W90 }],
  ['content 验证 + account acme01, 90 days', 'admin', '/mtRecord/list', { content: '验证', cus_id: 'acme01', ...W90 }],
  ['content 验证码 + mobile, 90 days', 'admin', '/mtRecord/list', { content: '验证码', mobile: 'MOBILE', ...W90 }],
  ['content 验证码 + batch, 90 days', 'admin', '/mtRecord/list', { content: '验证码', batch_id: 'BATCH', ...W90 }],
  ['acme (customer + subs), ordinary', 'acme', '/mtRecord/list', {}],
  ['acme (customer + subs), content 发货, 90 days', 'acme', '/mtRecord/list', { content: '发货', ...W90 }],
  ['acme01 (sub-account), failure', 'acme01', '/mtRecord/list', { status: 700 }],
  ['globex, international', 'globex', '/newMtRecord/list', { prod_type: 1 }],
  ['globex, international, content code', 'globex', '/newMtRecord/list', { prod_type: 1, content: 'code', ...W90 }],
  ['replies, content 谢谢 (2 CJK), 90 days', 'admin', '/moRecord/list', { prod_type: 0, content: '谢谢', ...W90 }],
  ['replies, content 已收到 (3 CJK), 90 days', 'admin', '/moRecord/list', { prod_type: 0, content: '已收到', ...W90 }],
  ['admin, short links, clicked', 'admin', '/shortChainTool/list', { click_status: 1 }],
]
const ONLY = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null

const quiet = () => undefined
const dropIndex = (db) => ensureContentIndex(db, false, quiet)
const createIndex = async (db) => {
  await ensureContentIndex(db, true, quiet)
  await db.exec('analyze mt_record; analyze mo_record')
}

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
  await createIndex(db)
  await db.exec('vacuum analyze mt_record')
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  const app = createApp({ db, config: { distDir: '/nonexistent' } })
  const tokens = {}
  for (const u of ['admin', 'acme', 'acme01', 'globex']) {
    const { rows } = await db.query('select id from customer where cus_id = $1', [u])
    tokens[u] = (await issueToken(db, rows[0].id)).token
  }
  const { rows: [probe] } = await db.query(
    `select mobile, batch_id, substring(content from '[0-9]{6}') as number from mt_record
     where prod_type = 0 and content ~ '[0-9]{6}' and receive_time > now() - interval '7 days' order by sn limit 1`)
  const d30 = new Date(Date.now() - 30 * 86400e3 + 8 * 3600e3).toISOString().slice(0, 10)
  const fill = { MOBILE: probe.mobile, BATCH: probe.batch_id, NUMBER: probe.number, D30: d30 }
  const call = (user, path, body) => async () => {
    const filled = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill[v] ?? v]))
    const res = await app.request(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
      body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...filled }),
    })
    const json = await res.json()
    if (json.code !== 200) throw new Error(`${path}: ${json.msg}`)
    return json.data.total
  }
  const cases = CASES.filter(([name]) => !ONLY || ONLY.test(name))
  const { rows: [size] } = await db.query(`select pg_relation_size('mt_record')::bigint as heap,
    pg_relation_size('mt_record_content_trgm_idx')::bigint as trgm`)
  console.log(`mt_record ${(size.heap / 2 ** 20).toFixed(0)} MB, its content index (040) ${(size.trgm / 2 ** 20).toFixed(0)} MB`)
  const withIdx = []
  for (const [, user, path, body] of cases) withIdx.push([await timeIt(call(user, path, body)), await call(user, path, body)()])
  const fullCount = await timeIt(() => db.query('select count(*) from mt_record'))
  // Today's way: the same requests without migration 040's index (the filter then walks the window as strpos did).
  await dropIndex(db)
  const rows = []
  for (const [i, [name, user, path, body]] of cases.entries()) {
    rows.push({ filter: name, rows: withIdx[i][1], 'no 040 ms': (await timeIt(call(user, path, body))).toFixed(1), '040 ms': withIdx[i][0].toFixed(1) })
  }
  const t1 = performance.now()
  await createIndex(db)
  const built = performance.now() - t1
  // Once more with the index, so the order of measuring shows up as noise rather than as an index effect.
  for (const [i, [, user, path, body]] of cases.entries()) rows[i]['040 again ms'] = (await timeIt(call(user, path, body))).toFixed(1)
  console.table(rows)
  console.log(`baseline: count(*) over all ${ROWS.toLocaleString('en')} rows: ${fullCount.toFixed(1)} ms; 040's two indexes built in ${(built / 1000).toFixed(1)} s`)
  await sqlBaseline(db)
}

/** The bare count over 90 days: today's strpos, and the like the lists now send with and without the index. */
async function sqlBaseline(db) {
  const words = ['码', '验证', '验证码', '不存在的词', 'zzzq']
  const count = (cond, params) => () => db.query(
    `select count(*) from mt_record m where m.prod_type = 0 and m.receive_time >= now() - interval '90 days' and ${cond}`, params)
  const lit = (t) => `%${t.replace(/[\\%_]/g, '\\$&')}%`
  const out = []
  for (const w of words) out.push({ word: w, 'strpos ms': (await timeIt(count('strpos(m.content, $1) > 0', [w]))).toFixed(1), 'like + index ms': (await timeIt(count('m.content like $1', [lit(w)]))).toFixed(1) })
  await dropIndex(db)
  for (const [i, w] of words.entries()) out[i]['like, no index ms'] = (await timeIt(count('m.content like $1', [lit(w)]))).toFixed(1)
  await createIndex(db)
  console.table(out)
}

if (process.env.BENCH_PGLITE !== '0') {
  const pglite = await openDb()
  await bench('PGlite (in memory)', pglite)
  await pglite.close()
}

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
