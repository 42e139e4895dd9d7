// First-page time of filtered sent records over 1M rows, through the real endpoint (in-process app.request), on
// PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL) in a throwaway schema, else the embedded one (lib/throwaway-pg.mjs)
// as `npm start` runs it. Each figure is printed
// beside baselines measured in the same run on the same data: the same requests without the trigram content
// index (the default, CONTENT_SEARCH_INDEX off: the content filter walks the window), with it, and with it again (the order of measuring shows
// as noise); a plain count of the whole table; and the bare 90-day count with today's strpos and with the like the
// lists now send. BENCH_RECORDS sets the row count (default 1,000,000), BENCH_RUNS the runs per figure (median, 5),
// BENCH_CASES a regular expression of the cases to run. BENCH_SCHEMA names the PostgreSQL schema and keeps it after the
// run (with BENCH_DATABASE_URL); a later run with the same name and row count measures it again
// without seeding (the content index is put back as each run left it).
//
// BENCH_BASELINE=054 compares the batch and timed-detail indexes instead (one batch and the timed details over a
// million rows):
// BENCH_BIG_BATCH (default 1,000,000) records of one same-content send by acme01 an hour ago, reports in, and a timed
// batch of BENCH_BIG_TIMED (default 1,000,000) details, are added to the seed; the "before" side has the indexes those
// indexes replaced (and no per-account link index) and counts sent-record totals of a batch search exactly (listTotals 'exact', so the batch's
// counters are not read), as it counted a sent-record search without a window (the rollups answer it now); the
// timed details' route is today's on both sides (only their indexes differ).
//
// The seed is the demo seed, made fast for a million rows: growing mt_record's time, batch and link indexes one
// random insert at a time is what made it take minutes (100k rows: 11 s with them, 2 s without and 1 s to build them
// after), so they are dropped before the seed and created again after it, and the statistics rollup triggers
// (mt_daily_ins …) are off during it and the rollups rebuilt once. The pkey and the mobile index stay: the seed's
// interaction-record step looks records up by mobile. The measured queries then meet the same indexes as before.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { bulkSeed } from './lib/bulk-seed.mjs'
import { createApp } from '../../server/app.ts'
import { migrate, openDb } from '../../server/db/index.ts'
import { issueToken } from '../../server/security/tokens.ts'
import { ensureContentIndex } from '../../server/db/content-index.ts'
import { medianOf, median } from './lib/timing.mjs'
import { benchPostgres } from './lib/throwaway-pg.mjs'

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
// One big batch (BIG) and one big timed batch (TBIG), and the other record lists' filters:
// the cases of BENCH_BASELINE=054.
const D1 = { start_time: 'D1' }
const BIG_CASES = [
  ['big batch, whole (from yesterday)', 'admin', '/mtRecord/list', { batch_id: 'BIG', ...D1 }],
  ['big batch, default 7 days', 'admin', '/mtRecord/list', { batch_id: 'BIG' }],
  ['big batch, acme (customer + subs)', 'acme', '/mtRecord/list', { batch_id: 'BIG', ...D1 }],
  ['big batch, acme01 (its sender)', 'acme01', '/mtRecord/list', { batch_id: 'BIG', ...D1 }],
  ['big batch, globex (not its batch)', 'globex', '/mtRecord/list', { batch_id: 'BIG', ...D1 }],
  ['big batch + status success', 'admin', '/mtRecord/list', { batch_id: 'BIG', status: 0, ...D1 }],
  ['big batch + status failure', 'admin', '/mtRecord/list', { batch_id: 'BIG', status: 700, ...D1 }],
  ['big batch + status review', 'admin', '/mtRecord/list', { batch_id: 'BIG', status: 100, ...D1 }],
  ['big batch + status waiting (500)', 'admin', '/mtRecord/list', { batch_id: 'BIG', status: 500, ...D1 }],
  ['big batch + mobile', 'admin', '/mtRecord/list', { batch_id: 'BIG', mobile: 'BIGMOBILE', ...D1 }],
  ['big batch, sorted by time ascending', 'admin', '/mtRecord/list', { batch_id: 'BIG', orderBy: 'receive_time', order: 'asc', ...D1 }],
  ['sent records, default 7 days (with the big batch)', 'admin', '/mtRecord/list', {}],
  ['timed details, all', 'admin', '/timeMtMessage/list', {}],
  ['timed details, acme', 'acme', '/timeMtMessage/list', {}],
  ['timed details, one mobile', 'admin', '/timeMtMessage/list', { mobile: 'BIGMOBILE' }],
  ['timed details, big timed batch', 'admin', '/timeMtMessage/list', { time_batch: 'TBIG' }],
  ['timed details, big timed batch, acme01', 'acme01', '/timeMtMessage/list', { time_batch: 'TBIG' }],
  ['timed details, big timed batch, globex', 'globex', '/timeMtMessage/list', { time_batch: 'TBIG' }],
  ['timed details, big timed batch + to be sent', 'admin', '/timeMtMessage/list', { time_batch: 'TBIG', send_status: 0 }],
  ['timed details, paused (2)', 'admin', '/timeMtMessage/list', { send_status: 2 }],
  ['timed details, failed (4+)', 'admin', '/timeMtMessage/list', { send_status: 4 }],
  ['timed details, ordinary product', 'admin', '/timeMtMessage/list', { prod_type: 0 }],
  ['timed details, sorted by sn', 'admin', '/timeMtMessage/list', { orderBy: 'sn', order: 'desc' }],
  ['replies, default 7 days', 'admin', '/moRecord/list', { prod_type: 0 }],
  ['replies, 90 days', 'admin', '/moRecord/list', { prod_type: 0, ...W90 }],
  ['replies, one mobile, 90 days', 'admin', '/moRecord/list', { prod_type: 0, mobile: 'REPLIER', ...W90 }],
  ['replies, account acme01, 90 days', 'admin', '/moRecord/list', { prod_type: 0, cus_id: 'acme01', ...W90 }],
  ['replies, acme, 90 days', 'acme', '/moRecord/list', { prod_type: 0, ...W90 }],
  ['interaction, 90 days', 'admin', '/interact/list', { prod_type: 0, ...W90 }],
  ['interaction, one mobile, 90 days', 'admin', '/interact/list', { prod_type: 0, mobile: 'REPLIER', ...W90 }],
  ['short links, 90 days', 'admin', '/shortChainTool/list', W90],
  ['short links, unclicked, 90 days', 'admin', '/shortChainTool/list', { click_status: 0, ...W90 }],
  ['short links, status failure, 90 days', 'admin', '/shortChainTool/list', { status: 700, ...W90 }],
  ['short links, one mobile, 90 days', 'admin', '/shortChainTool/list', { mobile: 'MOBILE', ...W90 }],
  ['short links, acme01, 90 days', 'acme01', '/shortChainTool/list', W90],
]
const BASELINE = process.env.BENCH_BASELINE ?? '040'
const BIG = BASELINE === '054' ? Number(process.env.BENCH_BIG_BATCH ?? 1_000_000) : 0
const BIG_TIMED = BASELINE === '054' ? Number(process.env.BENCH_BIG_TIMED ?? 1_000_000) : 0

/** One same-content send of `n` numbers by acme01 an hour ago with its reports in, as store.ts stores it (one time). */
async function addBigBatch(db, n) {
  await db.query(`insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time)
    values ('BBENCHBIG', 'acme01', 0, 1, '【艾克米】大促通知，回TD退订', now() - interval '1 hour')`)
  await db.query(`insert into mt_record (cus_id, prod_type, mobile, content, price, mt_status, report_result, report_result_desc, receive_time, report_time, batch_id)
    select 'acme01', 0, '139' || lpad(g::text, 8, '0'), '【艾克米】大促通知，回TD退订', 0.045,
      case when r < 0.9 then 0 when r < 0.94 then 500 when r < 0.98 then 600 else 100 end,
      case when r < 0.82 then 0 when r < 0.9 then 1 end, case when r < 0.82 then 'DELIVRD' when r < 0.9 then 'UNDELIV' else '' end,
      b.create_time, case when r < 0.9 then b.create_time + interval '5 seconds' end, b.batch_id
    from (select g, random() as r from generate_series(1, $1::int) g) x, sms_batch b where b.batch_id = 'BBENCHBIG'`, [n])
  await db.query(`update sms_batch b set receive_count = x.n, sent_count = x.n - x.review, success_count = x.ok, failure_count = x.failed, unknown_count = x.unknown
    from (select count(*)::int as n, count(*) filter (where mt_status = 100)::int as review,
      count(*) filter (where mt_status = 0 and report_result = 0)::int as ok,
      count(*) filter (where mt_status = 0 and report_result <> 0)::int as failed,
      count(*) filter (where mt_status in (500, 600))::int as unknown from mt_record where batch_id = 'BBENCHBIG') x
    where b.batch_id = 'BBENCHBIG'`)
}

/** A timed same-content batch of `n` numbers by acme01, due in two days, as store.ts schedules it. */
async function addBigTimed(db, n) {
  await db.query(`insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time, kind)
    values ('TBENCHBIG', 'acme01', 0, 0, 0, '【艾克米】定时大促', $1, date_trunc('minute', now()) + interval '2 days', now(), 'group')`, [n])
  await db.query(`insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
    select 'TBENCHBIG', 'acme01', '139' || lpad(g::text, 8, '0'), '【艾克米】定时大促', 0, t.timing_time, t.create_time
    from generate_series(1, $1::int) g, time_batch t where t.time_batch = 'TBENCHBIG'`, [n])
}

// The batch and timed-detail indexes, and the ones they replaced (the "before" side of BENCH_BASELINE=054).
const INDEXES_054 = `create index mt_record_batch_time_idx on mt_record (batch_id, receive_time, sn); drop index mt_record_batch_idx;
  create index time_mt_message_time_sn_idx on time_mt_message (timing_time, sn); drop index time_mt_message_time_idx;
  create index time_mt_message_cus_time_sn_idx on time_mt_message (cus_id, timing_time, sn); drop index time_mt_message_cus_idx;
  create index time_mt_message_mobile_idx on time_mt_message (mobile, timing_time, sn);
  create index time_mt_message_batch_time_idx on time_mt_message (time_batch, timing_time, sn);
  create index mt_record_link_cus_idx on mt_record (cus_id, receive_time, sn) include (prod_type, click_time) where long_link is not null`
const INDEXES_BEFORE_054 = `create index mt_record_batch_idx on mt_record (batch_id); drop index mt_record_batch_time_idx;
  create index time_mt_message_time_idx on time_mt_message (timing_time desc); drop index time_mt_message_time_sn_idx;
  create index time_mt_message_cus_idx on time_mt_message (cus_id, timing_time desc); drop index time_mt_message_cus_time_sn_idx;
  drop index time_mt_message_mobile_idx; drop index time_mt_message_batch_time_idx; drop index mt_record_link_cus_idx`
const analyzeAll = (db) => db.exec('analyze mt_record; analyze time_mt_message; analyze mo_record; analyze sms_batch; analyze time_batch')
const ONLY = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null

const quiet = () => undefined
const dropIndex = (db) => ensureContentIndex(db, false, quiet)
const createIndex = async (db) => {
  await ensureContentIndex(db, true, quiet)
  await db.exec('analyze mt_record; analyze mo_record')
}

const timeIt = (fn) => medianOf(fn, RUNS)

async function bench(label, db) {
  console.log(`\n--- ${label}: seeding ${ROWS.toLocaleString('en')} sent records ---`)
  const t0 = performance.now()
  await migrate(db)
  const { rows: [had] } = await db.query('select count(*)::int as n from mt_record')
  if (had.n !== ROWS + BIG) {
    await bulkSeed(db, ROWS)
    if (BIG) await addBigBatch(db, BIG)
    if (BIG_TIMED) await addBigTimed(db, BIG_TIMED)
    // (054's comparison runs as deployed by default: without the opt-in content indexes)
    if (BASELINE === '054') await analyzeAll(db)
    else await createIndex(db)
    await db.exec('vacuum analyze mt_record')
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  } else {
    if (BASELINE !== '054') await createIndex(db)
    console.log(`kept schema: ${had.n.toLocaleString('en')} sent records already there`)
  }
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
  const d1 = new Date(Date.now() - 86400e3 + 8 * 3600e3).toISOString().slice(0, 10)
  const { rows: [replier] } = await db.query(`select mobile from mo_record where prod_type = 0 order by sn desc limit 1`)
  const fill = { MOBILE: probe.mobile, BATCH: probe.batch_id, NUMBER: probe.number, D30: d30, D1: d1, BIG: 'BBENCHBIG', TBIG: 'TBENCHBIG', BIGMOBILE: '13900000042', REPLIER: replier?.mobile }
  const exactApp = createApp({ db, config: { distDir: '/nonexistent', listTotals: 'exact' } })
  const call = (user, path, body, via = app) => async () => {
    const filled = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill[v] ?? v]))
    const res = await via.request(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
      body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...filled }),
    })
    const json = await res.json()
    if (json.code !== 200) throw new Error(`${path}: ${json.msg}`)
    return json.data.total
  }
  const cases = (BASELINE === '054' ? BIG_CASES : CASES).filter(([name]) => !ONLY || ONLY.test(name))
  if (BASELINE === '054') return compare054(db, cases, call, exactApp)
  const { rows: [size] } = await db.query(`select pg_relation_size('mt_record')::bigint as heap,
    pg_relation_size('mt_record_content_trgm_idx')::bigint as trgm, pg_relation_size('mt_record_content_chars_idx')::bigint as chars`)
  const mb = (n) => (n / 2 ** 20).toFixed(0)
  console.log(`mt_record ${mb(size.heap)} MB, its content indexes: trigrams ${mb(size.trgm)} MB, characters ${mb(size.chars)} MB; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  // The baseline columns (off, on, on again) are the content search without the per-content rollup (contentRollup false:
  // counted, and its page walking the window); 'rollup' columns are today's default, the per-content rollup
  // (routes/records/content-rollup.ts), measured alternately with the baseline.
  const before058 = createApp({ db, config: { distDir: '/nonexistent', contentRollup: false } })
  const withIdx = []
  for (const [, user, path, body] of cases) {
    withIdx.push([await timeIt(call(user, path, body, before058)), await call(user, path, body)(), await timeIt(call(user, path, body))])
  }
  const fullCount = await timeIt(() => db.query('select count(*) from mt_record'))
  // Today's way: the same requests without the trigram index (the filter then walks the window as strpos did).
  await dropIndex(db)
  const rows = []
  for (const [i, [name, user, path, body]] of cases.entries()) {
    // (back to back: the default window slides with the clock, and records leave it at its old edge)
    const [summed, counted] = [await call(user, path, body)(), await call(user, path, body, before058)()]
    if (summed !== counted) throw new Error(`${name}: ${summed} from the rollup, ${counted} counted`)
    rows.push({
      filter: name, rows: withIdx[i][1], 'off ms': (await timeIt(call(user, path, body, before058))).toFixed(1),
      'rollup ms': (await timeIt(call(user, path, body))).toFixed(1),
      'off again ms': (await timeIt(call(user, path, body, before058))).toFixed(1),
      'rollup again ms': (await timeIt(call(user, path, body))).toFixed(1),
      'on ms': withIdx[i][0].toFixed(1), 'rollup + on ms': withIdx[i][2].toFixed(1),
    })
  }
  const t1 = performance.now()
  await createIndex(db)
  const built = performance.now() - t1
  // Once more with the index, so the order of measuring shows up as noise rather than as an index effect.
  for (const [i, [, user, path, body]] of cases.entries()) rows[i]['on again ms'] = (await timeIt(call(user, path, body, before058))).toFixed(1)
  const { rows: [rollup] } = await db.query(`select count(*)::int as n, pg_total_relation_size('mt_content_daily')::bigint as bytes from mt_content_daily`)
  console.log(`mt_content_daily (the per-content rollup): ${rollup.n.toLocaleString('en')} rows, ${mb(rollup.bytes)} MB with its key`)
  console.table(rows)
  console.log(`baseline: count(*) over all ${ROWS.toLocaleString('en')} rows: ${fullCount.toFixed(1)} ms; the content indexes built in ${(built / 1000).toFixed(1)} s; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  await sqlBaseline(db)
}

/**
 * The batch and timed-detail indexes and the batch totals, alternated: now, before (the indexes they replaced, and a
 * batch search counted exactly), now again, before again; the median of each side's two figures.
 */
async function compare054(db, cases, call, exactApp) {
  // Counted before: a batch search, and a sent-record search without a window (the rollups answer it since).
  const counted = (path, body) => path === '/mtRecord/list' && (body.batch_id || !(body.start_time || body.end_time || body.month))
  const measure = async () => {
    const out = []
    for (const [, user, path, body] of cases) out.push(await timeIt(call(user, path, body)))
    return out
  }
  const measureBefore = async () => {
    const out = []
    for (const [, user, path, body] of cases) out.push(await timeIt(call(user, path, body, counted(path, body) ? exactApp : undefined)))
    return out
  }
  const totals = []
  for (const [, user, path, body] of cases) totals.push(await call(user, path, body)())
  const sides = { now: [], before: [] }
  for (let round = 0; round < 2; round++) {
    console.log(`round ${round + 1}: now (load ${loadavg()})`)
    sides.now.push(await measure())
    const t0 = performance.now()
    await db.exec(INDEXES_BEFORE_054)
    await analyzeAll(db)
    console.log(`  indexes before 054 built in ${((performance.now() - t0) / 1000).toFixed(1)} s; before (load ${loadavg()})`)
    sides.before.push(await measureBefore())
    await db.exec(INDEXES_054)
    await analyzeAll(db)
  }
  const mid = (xs) => (xs.length === 2 ? (xs[0] + xs[1]) / 2 : median(xs))
  console.table(cases.map(([name], i) => ({
    filter: name, total: totals[i],
    'before ms': mid(sides.before.map((s) => s[i])).toFixed(1), 'now ms': mid(sides.now.map((s) => s[i])).toFixed(1),
  })))
  console.log(`load average at the end: ${loadavg()}`)
}

const loadavg = () => os.loadavg().map((x) => x.toFixed(1)).join(' ')

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

const server = await benchPostgres({ asServed: true })
const keep = process.env.BENCH_SCHEMA
const schema = keep ?? `bench_${randomBytes(4).toString('hex')}`
const pg = await openDb({ databaseUrl: server.url, schema })
try {
  await bench(`${server.label}, schema ${schema}`, pg)
} finally {
  if (!keep) await pg.exec(`drop schema ${schema} cascade`)
  await pg.close()
  await server.stop()
}
