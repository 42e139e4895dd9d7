// Time to store a 1M-number same-content send through the real groupSend (server/send/group-send.ts: idempotency
// key, price, row-locked debit, sms_batch and every mt_record in one transaction, the rollup triggers firing) on the
// embedded PostgreSQL as `npm start` runs it (BENCH_DATABASE_URL or TEST_DATABASE_URL instead when set). Beside it, in
// the same run on the same numbers and the same database server, the baseline: the same send through the code of
// commit BENCH_BASELINE_COMMIT (default HEAD~, in a temporary git worktree: tests/bench/lib/baseline.mjs);
// BENCH_BASELINE=0 leaves it out. Each side runs in a fresh process on a schema of its own; the send is repeated
// (BENCH_SEND_ROUNDS, default 2) so the second one meets a million records already stored. Peak RSS is the bench
// process's (PostgreSQL runs in its own server). BENCH_SEND_NUMBERS sets the size (default 1,000,000).
// BENCH_SEND_VARIANTS adds index sets (default ours; descending-time the record time indexes with descending keys, as
// they were before they became ascending; content-index ours with CONTENT_SEARCH_INDEX=on; trigrams the same with the
// trigram index alone, without the index of characters).
import { spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { BASELINE, withBaseline } from './lib/baseline.mjs'
import { benchPostgres } from './lib/throwaway-pg.mjs'

const N = Number(process.env.BENCH_SEND_NUMBERS ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_SEND_ROUNDS ?? 2)
const CONTENT = '【示例商城】双十一会员专享：全场满300减50，今晚20点开抢，回T退订'
// BENCH_SEND_KIND=p2p: a point-to-point send instead, its template filled with each number's own order id (a content
// per record: the per-content rollup's worst case, a row per record).
const P2P = process.env.BENCH_SEND_KIND === 'p2p'
const TEMPLATE = '【示例商城】尊敬的会员，您的订单{p1}已发货，回T退订'
const MB = (n) => `${(n / 2 ** 20).toFixed(0)} MB`
const s = (ms) => `${(ms / 1000).toFixed(1)} s`
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ')

// The record time indexes with descending keys: a send's entries land at the left edge, where page splits halve pages.
const INDEXES_DESCENDING = `
  drop index mt_record_cus_time_idx; drop index mt_record_prod_time_idx; drop index mt_record_link_idx;
  create index mt_record_cus_time_idx on mt_record (cus_id, prod_type, receive_time desc, sn desc);
  create index mt_record_prod_time_idx on mt_record (prod_type, receive_time desc, sn desc);
  create index mt_record_link_idx on mt_record (receive_time desc, sn desc) include (cus_id, click_time) where long_link is not null`
const ACCOUNT = `
  insert into product (prod_type, name, name_en) values (0, '普通短信', 'SMS') on conflict do nothing;
  insert into customer (cus_id, cus_name, user_type, password_hash, balance) values ('bench', 'Bench', 2, '-', 100000000);
  insert into customer_product (cus_id, prod_type, price) values ('bench', 0, 0.04)`

/** N distinct valid numbers in a shuffled order, one per line, as a pasted or uploaded list would be. */
function numbersText(n, withValue = false) {
  const lines = new Array(n)
  for (let i = 0; i < n; i++) lines[i] = `1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}${withValue ? `\tD${i}` : ''}`
  return new TextEncoder().encode(lines.join('\n'))
}

// `--run <root> <variant> <url>`: one side in this process, the server code imported from <root> (this tree or the
// baseline's worktree), in a schema of its own.
if (process.argv[2] === '--run') {
  const [root, variant, url] = process.argv.slice(3)
  const from = (path) => import(pathToFileURL(join(root, path)).href)
  const [{ migrate, openDb }, { ensureContentIndex }, { groupSend, readNumbers }, { p2pSend, readP2pMessages }] = await Promise.all([
    from('server/db/index.ts'), from('server/db/content-index.ts'), from('server/send/group-send.ts'), from('server/send/p2p-send.ts')])
  const schema = `bench_${randomBytes(4).toString('hex')}`
  const db = await openDb({ databaseUrl: url, schema })
  try {
    await migrate(db)
    if (variant === 'descending-time') await db.exec(INDEXES_DESCENDING)
    // With the opt-in content search index (CONTENT_SEARCH_INDEX=on), to price its upkeep: BENCH_SEND_VARIANTS=ours,content-index.
    if ((variant === 'content-index' || variant === 'trigrams') && !(await ensureContentIndex(db, true, () => undefined))) throw new Error('no pg_trgm')
    // The trigrams alone: what the index of characters adds to a send.
    if (variant === 'trigrams') await db.exec('drop index mt_record_content_chars_idx; drop index mo_record_content_chars_idx')
    await db.exec(ACCOUNT)
    const bytes = numbersText(N)
    const p2pBytes = P2P ? numbersText(N, true) : null
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
      rounds.push({ parseMs: t1 - t0, storeMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000, load: loadavg()[0] })
    }
    const { rows: [size] } = await db.query(
      `select sum(pg_relation_size(indexrelid))::float8 as idx, pg_relation_size('mt_record')::float8 as heap from pg_index where indrelid = 'mt_record'::regclass`)
    const { rows: [daily] } = await db.query(`select sum(receive_count)::int as n from mt_daily where cus_id = 'bench'`)
    if (daily.n !== N * ROUNDS) throw new Error(`mt_daily counts ${daily.n}`)
    console.log(JSON.stringify({ rounds, rssIdle: rss0, rssPeak: process.resourceUsage().maxRSS * 1024, indexBytes: size.idx, heapBytes: size.heap }))
  } finally {
    await db.exec(`drop schema ${schema} cascade`)
    await db.close()
  }
  process.exit(0)
}

function child(root, variant, url) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--run', root, variant, url], { encoding: 'utf8', maxBuffer: 16 << 20 })
  if (r.status !== 0) return { failed: `${r.stderr}`.trim().split('\n').slice(-3).join(' ') || `exit ${r.status ?? r.signal}` }
  return JSON.parse(r.stdout.trim().split('\n').pop())
}

const VARIANTS = (process.env.BENCH_SEND_VARIANTS ?? 'ours').split(',')
const INDEX_LABELS = { ours: 'today\'s', 'descending-time': 'descending time keys', 'content-index': 'today\'s + content search indexes (characters + trigrams)', trigrams: 'today\'s + trigrams only' }
const rows = []
function measure(label, root, variant, url, indexes = INDEX_LABELS[variant] ?? variant) {
  console.log(`${label}, ${indexes} indexes… (load average ${load()})`)
  const c = child(root, variant, url)
  const row = { database: label, indexes }
  if (c.failed) {
    rows.push({ ...row, 'first send': `failed: ${c.failed}` })
    return c
  }
  rows.push({
    ...row,
    'parse': s(c.rounds[0].parseMs),
    'first send': s(c.rounds[0].storeMs),
    ...(c.rounds[1] ? { 'second send': s(c.rounds[1].storeMs) } : {}),
    'process CPU': c.rounds.map((r) => s(r.cpuMs)).join(' / '),
    'load after': c.rounds.map((r) => r.load.toFixed(1)).join(' / '),
    'peak RSS (idle)': `${MB(c.rssPeak)} (${MB(c.rssIdle)})`,
    'indexes / heap': `${MB(c.indexBytes)} / ${MB(c.heapBytes)}`,
  })
  return c
}

console.log(`storing a ${N.toLocaleString('en')}-number ${P2P ? 'point-to-point send (a content per number) through p2pSend' : 'same-content send through groupSend'}, ${ROUNDS} send(s) per database, load average ${load()}`)
const pg = await benchPostgres({ asServed: true })
try {
  let ours
  for (const variant of VARIANTS) {
    const c = measure(`this tree, ${pg.label}`, resolve('.'), variant, pg.url)
    if (variant === VARIANTS[0]) ours = c
  }
  if (process.env.BENCH_BASELINE !== '0') {
    const base = await withBaseline((dir) => measure(`baseline ${BASELINE}, ${pg.label}`, dir, 'ours', pg.url, 'its own'))
    if (!ours.failed && !base.failed) rows[0]['vs baseline'] = ours.rounds.map((r, i) => `${(r.storeMs / base.rounds[i].storeMs).toFixed(2)}x`).join(' / ')
  }
} finally {
  await pg.stop()
}
console.table(rows)
console.log('parse: readNumbers (the client parser) on the uploaded bytes; send: groupSend from the parsed numbers to commit; vs baseline: this tree\'s send time ÷ the baseline\'s, per send')
console.log(`target: a million-number same-content send stored in 10 s or less on the embedded database; load average now ${load()}`)
