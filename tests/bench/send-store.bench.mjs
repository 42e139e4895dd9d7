// Time to store a 1M-number same-content send through the real groupSend (server/send/group-send.ts: idempotency
// key, price, row-locked debit, sms_batch and every mt_record in one transaction, the rollup triggers firing), on a
// file-backed PGlite in a temp dir (as the server runs it) and on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL, else a throwaway cluster of the machine's PostgreSQL when there is one). Beside it, in the same
// run on the same numbers, the baseline: the same send on the indexes before migration 013 (004's descending time
// indexes). Each variant runs in a fresh process on a fresh database; the send is repeated (BENCH_SEND_ROUNDS,
// default 2) so the second one meets a million records already stored. Peak RSS is the process's (PGlite runs
// inside it; PostgreSQL in its own server). BENCH_SEND_NUMBERS sets the size (default 1,000,000).
// A second baseline is the plain way to store records: one INSERT per record, in one transaction, on the same
// schema. At a million that takes minutes, so it stores the first BENCH_ROW_SAMPLE records (default 20,000) and the
// table shows its rate and the time that rate gives for the whole send (marked "extrapolated"); 0 leaves it out.
// BENCH_SEND_VARIANTS picks the index sets compared (default ours,baseline; content-index is ours with CONTENT_SEARCH_INDEX=on,
// trigrams the same with 040's trigram index alone, as before migration 057; before-058 today's without migration 058's
// per-content rollup, its triggers as 036 left them).
import { spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate, openDb } from '../../server/db/index.ts'
import { ensureContentIndex } from '../../server/db/content-index.ts'
import { groupSend, readNumbers } from '../../server/send/group-send.ts'
import { p2pSend, readP2pMessages } from '../../server/send/p2p-send.ts'
import { benchPostgres } from './lib/throwaway-pg.mjs'

const N = Number(process.env.BENCH_SEND_NUMBERS ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_SEND_ROUNDS ?? 2)
const ROW_SAMPLE = Number(process.env.BENCH_ROW_SAMPLE ?? 20_000)
const CONTENT = '【示例商城】双十一会员专享：全场满300减50，今晚20点开抢，回T退订'
// BENCH_SEND_KIND=p2p: a point-to-point send instead, its template filled with each number's own order id (a content
// per record: the per-content rollup's worst case, a row per record).
const P2P = process.env.BENCH_SEND_KIND === 'p2p'
const TEMPLATE = '【示例商城】尊敬的会员，您的订单{p1}已发货，回T退订'
const MB = (n) => `${(n / 2 ** 20).toFixed(0)} MB`
const s = (ms) => `${(ms / 1000).toFixed(1)} s`

// The time indexes as migration 004 made them, before 013 turned them ascending.
const INDEXES_004 = `
  drop index mt_record_cus_time_idx; drop index mt_record_prod_time_idx; drop index mt_record_link_idx;
  create index mt_record_cus_time_idx on mt_record (cus_id, prod_type, receive_time desc, sn desc);
  create index mt_record_prod_time_idx on mt_record (prod_type, receive_time desc, sn desc);
  create index mt_record_link_idx on mt_record (receive_time desc, sn desc) include (cus_id, click_time) where long_link is not null`
const ACCOUNT = `
  insert into product (prod_type, name, name_en) values (0, '普通短信', 'SMS') on conflict do nothing;
  insert into customer (cus_id, cus_name, user_type, password_hash, balance) values ('bench', 'Bench', 2, '-', 100000000);
  insert into customer_product (cus_id, prod_type, price) values ('bench', 0, 0.04)`

// The record triggers as migration 036 left them, without 058's per-content rollup (variant before-058: its upkeep's price).
export const TRIGGERS_036 = `drop table mt_content_daily;
  create or replace function mt_daily_trigger() returns trigger language plpgsql as $$
  begin
    if tg_op = 'TRUNCATE' then delete from mt_daily; delete from mt_daily_storing; return null; end if;
    if tg_op in ('UPDATE', 'DELETE') then
      execute mt_daily_sql('old_rows', -1, false);
      if exists (select 1 from send_storing) then execute mt_daily_sql('old_rows', -1, true); end if;
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      execute mt_daily_sql('new_rows', 1, false);
      if exists (select 1 from send_storing) then execute mt_daily_sql('new_rows', 1, true); end if;
    end if;
    return null;
  end $$`

/** N distinct valid numbers in a shuffled order, one per line, as a pasted or uploaded list would be. */
function numbersText(n, withValue = false) {
  const lines = new Array(n)
  for (let i = 0; i < n; i++) lines[i] = `1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}${withValue ? `\tD${i}` : ''}`
  return new TextEncoder().encode(lines.join('\n'))
}

if (process.argv[2] === '--run') {
  const [backend, variant, url] = process.argv.slice(3)
  const dir = backend === 'pglite' ? mkdtempSync(join(tmpdir(), 'sms-bench-send-')) : null
  const schema = `bench_${randomBytes(4).toString('hex')}`
  const db = dir ? await openDb({ dataDir: dir }) : await openDb({ databaseUrl: url, schema })
  try {
    await migrate(db)
    if (variant === 'baseline') await db.exec(INDEXES_004)
    if (variant === 'before-058') await db.exec(TRIGGERS_036)
    // With the opt-in content search index (CONTENT_SEARCH_INDEX=on), to price its upkeep: BENCH_SEND_VARIANTS=ours,content-index.
    if ((variant === 'content-index' || variant === 'trigrams') && !(await ensureContentIndex(db, true, () => undefined))) throw new Error('no pg_trgm')
    // 040's trigrams alone, as CONTENT_SEARCH_INDEX=on stored sends before migration 057 added the characters.
    if (variant === 'trigrams') await db.exec('drop index mt_record_content_chars_idx; drop index mo_record_content_chars_idx')
    await db.exec(ACCOUNT)
    const bytes = numbersText(N)
    const p2pBytes = P2P ? numbersText(N, true) : null
    if (variant === 'row-by-row') {
      const mobiles = readNumbers(bytes).mobiles.slice(0, ROW_SAMPLE)
      const now = new Date()
      const t0 = performance.now()
      await db.transaction(async (tx) => {
        for (const m of mobiles) {
          await tx.query(
            `insert into mt_record (cus_id, prod_type, mobile, content, price, mt_status, receive_time, batch_id)
             values ($1, 0, $2, $3, $4, 500, $5, $6)`, ['bench', m, CONTENT, 0.04, now, 'ROWBYROW'])
        }
      })
      const ms = performance.now() - t0
      console.log(JSON.stringify({ sample: mobiles.length, ms }))
      process.exit(0)
    }
    const rss0 = process.memoryUsage().rss
    const rounds = []
    for (let r = 0; r < ROUNDS; r++) {
      const [t0, c0] = [performance.now(), process.cpuUsage()]
      const numbers = P2P ? readP2pMessages(p2pBytes, TEMPLATE) : readNumbers(bytes)
      const t1 = performance.now()
      const res = P2P
        ? await p2pSend(db, 'bench', { template: TEMPLATE, idempotency_key: randomUUID() }, numbers)
        : await groupSend(db, 'bench', { content: CONTENT, idempotency_key: randomUUID() }, numbers)
      const t2 = performance.now()
      const cpu = process.cpuUsage(c0)
      const { rows } = await db.query('select count(*)::int as n from mt_record where batch_id = $1', [res.batch_id])
      if (rows[0].n !== N || res.numbers !== N) throw new Error(`stored ${rows[0].n} of ${N}`)
      rounds.push({ parseMs: t1 - t0, storeMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000 })
    }
    const { rows: [size] } = await db.query(
      `select sum(pg_relation_size(indexrelid))::float8 as idx, pg_relation_size('mt_record')::float8 as heap from pg_index where indrelid = 'mt_record'::regclass`)
    const { rows: [daily] } = await db.query(`select sum(receive_count)::int as n from mt_daily where cus_id = 'bench'`)
    if (daily.n !== N * ROUNDS) throw new Error(`mt_daily counts ${daily.n}`)
    console.log(JSON.stringify({ rounds, rssIdle: rss0, rssPeak: process.resourceUsage().maxRSS * 1024, indexBytes: size.idx, heapBytes: size.heap }))
  } finally {
    if (!dir) await db.exec(`drop schema ${schema} cascade`)
    await db.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
  process.exit(0)
}

function child(backend, variant, url = '') {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--run', backend, variant, url], { encoding: 'utf8', maxBuffer: 16 << 20 })
  if (r.status !== 0) return { failed: `${r.stderr}`.trim().split('\n').slice(-3).join(' ') || `exit ${r.status ?? r.signal}` }
  return JSON.parse(r.stdout.trim().split('\n').pop())
}

const VARIANTS = (process.env.BENCH_SEND_VARIANTS ?? 'ours,baseline').split(',')
const INDEX_LABELS = { ours: 'today\'s (013 time keys)', 'before-058': 'today\'s without 058\'s per-content rollup', baseline: '004 (descending; baseline)', 'content-index': 'today\'s + content search indexes (040 + 057)', trigrams: 'today\'s + trigrams only (040)' }
const ROW_BY_ROW = ROW_SAMPLE > 0
const rows = []
function measure(label, backend, url) {
  const res = {}
  for (const variant of VARIANTS) {
    console.log(`${label}: ${variant}…`)
    res[variant] = child(backend, variant, url)
  }
  for (const variant of VARIANTS) {
    const c = res[variant]
    const row = { database: label, indexes: INDEX_LABELS[variant] }
    if (c.failed) rows.push({ ...row, 'first send': `failed: ${c.failed}` })
    else {
      rows.push({
        ...row,
        'parse': s(c.rounds[0].parseMs),
        'first send': s(c.rounds[0].storeMs),
        ...(c.rounds[1] ? { 'second send': s(c.rounds[1].storeMs) } : {}),
        'process CPU': c.rounds.map((r) => s(r.cpuMs)).join(' / '),
        'peak RSS (idle)': `${MB(c.rssPeak)} (${MB(c.rssIdle)})`,
        'indexes / heap': `${MB(c.indexBytes)} / ${MB(c.heapBytes)}`,
      })
    }
  }
  const [o, b] = [res[VARIANTS[0]], res[VARIANTS[1]]]
  if (o && b && !o.failed && !b.failed) rows.at(-2)['vs baseline'] = o.rounds.map((r, i) => `${(b.rounds[i].storeMs / r.storeMs).toFixed(2)}×`).join(' / ')
  if (!ROW_BY_ROW) return
  console.log(`${label}: row-by-row…`)
  const r = child(backend, 'row-by-row', url)
  const row = { database: label, indexes: 'one INSERT per record (plain baseline)' }
  if (r.failed) return rows.push({ ...row, 'first send': `failed: ${r.failed}` })
  const perSecond = r.sample / (r.ms / 1000)
  const extrapolated = N / perSecond * 1000
  rows.push({ ...row, 'first send': `${s(extrapolated)} extrapolated (${r.sample.toLocaleString('en')} records in ${s(r.ms)}, ${Math.round(perSecond).toLocaleString('en')}/s)` })
  if (!o.failed) rows.at(-3)['vs row-by-row'] = `${(extrapolated / o.rounds[0].storeMs).toFixed(1)}×`
}

console.log(`storing a ${N.toLocaleString('en')}-number ${P2P ? 'point-to-point send (a content per number) through p2pSend' : 'same-content send through groupSend'}, ${ROUNDS} send(s) per database`)
measure('PGlite (file)', 'pglite')
const pg = await benchPostgres()
if (pg) {
  try {
    measure(pg.label, 'postgres', pg.url)
  } finally {
    pg.stop()
  }
} else console.log('PostgreSQL: none found (set BENCH_DATABASE_URL)')
console.table(rows)
console.log('parse: readNumbers (the client parser) on the uploaded bytes; send: groupSend from the parsed numbers to commit')
console.log('target (issue 4): a million numbers stored in seconds, all or nothing')
