// "Download all" of the sent records, measured on real, compiled server processes (scripts/build-server.mjs
// -> dist-server, `node dist-server/main.js`, as `npm start` runs it): an admin downloads every sent record through the
// console's call (POST /api/mtRecord/download) as csv and as xlsx, timed from request to last byte, while other users
// open their sent-record lists open-loop (one request every BENCH_GAP_MS ms, round robin over four customers, each
// answered or not: a stalled server shows as latency, not as fewer requests). Printed per side: seconds to last byte,
// the server process' CPU seconds meanwhile (the others' requests included; on PostgreSQL the database's own work is
// not in it), file size, the server's RSS when idle before the download and its peak during it (VmRSS sampled every 100 ms), and
// the others' p50/p99, and their p99 in the 5 s before the download (alone).
// "before" is the server of commit BENCH_BASELINE (default 7a569f5, an earlier download path), checked out in a
// temporary git worktree and compiled (lib/baseline.mjs); "now" is this working tree, compiled. Both read the same
// seeded database, a throwaway one on the embedded PostgreSQL (or on BENCH_DATABASE_URL / TEST_DATABASE_URL); the
// sides alternate, BENCH_ROUNDS times (default 2), and medians are printed.
//   BENCH_RECORDS (default 1,000,000 sent records, seeded by lib/bulk-seed.mjs), BENCH_GAP_MS (default 250),
//   BENCH_FORMATS=csv,xlsx, BENCH_SIDES=before,now, BENCH_NODE_ARGS (e.g. --cpu-prof),
//   BENCH_SEED_ORDER=time (default: the records' rows lie in time order on disk, as records sent over time are
//   written) or random (the seed's own order: every batch of a download reads scattered pages).
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { withBaseline } from './lib/baseline.mjs'
import { bulkSeed } from './lib/bulk-seed.mjs'
import { benchPostgres, withThrowawayDatabase } from './lib/throwaway-pg.mjs'
import { migrate, openDb } from '../../server/db/index.ts'
import { issueToken } from '../../server/security/tokens.ts'
import { median } from './lib/timing.mjs'

const ROWS = Number(process.env.BENCH_RECORDS ?? 1_000_000)
const BASELINE = process.env.BENCH_BASELINE ?? '7a569f5'
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 250)
const ALONE_MS = 5000
const FORMATS = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',')
const SIDES = (process.env.BENCH_SIDES ?? 'before,now').split(',')
const SEED_ORDER = process.env.BENCH_SEED_ORDER ?? 'time'
const OTHERS = ['acme', 'acme01', 'globex', 'initech']
const ROOT = resolve('.')

const freePort = () => new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address()
    s.close(() => ok(port))
  })
})
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]
}
// CPU seconds a process has used (user + system), from /proc: a figure the machine's load does not inflate the way
// it does seconds to last byte.
const cpuSeconds = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(f[11]) + Number(f[12])) / 100
}
const rssMb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024

async function start(cwd, env) {
  const port = await freePort()
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'dist-server/main.js'], {
    cwd, env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SEND_WORKERS: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((ok) => child.once('exit', ok))
  await new Promise((ok, fail) => {
    child.stdout.on('data', (b) => String(b).includes('SMS cloud console:') && ok())
    void exited.then((code) => fail(new Error(`server exited with ${code}`)))
  })
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: async () => { if (child.exitCode === null) child.kill('SIGTERM'); await exited } }
}

/** Seeds the sent records and mints a session token per user (straight into the database, before a server opens it). */
async function seed(db) {
  const t0 = performance.now()
  await migrate(db)
  await bulkSeed(db, ROWS, { order: SEED_ORDER })
  await db.exec('vacuum analyze mt_record')
  const tokens = {}
  for (const u of ['admin', ...OTHERS]) {
    const { rows } = await db.query('select id from customer where cus_id = $1', [u])
    tokens[u] = (await issueToken(db, rows[0].id)).token
  }
  const { rows } = await db.query('select count(*)::int as n from mt_record where prod_type = 0')
  console.log(`seeded ${rows[0].n.toLocaleString('en')} sent records (${SEED_ORDER} order) in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  return tokens
}

const post = (base, token, path, body) => fetch(`${base}/api${path}`, {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
})

/** One download on a fresh server process, with the others' open-loop list requests around it. */
async function once(cwd, env, tokens, format) {
  const server = await start(cwd, env)
  let sampler, ticker
  try {
    // Warm-up: the list once per user (plans, caches), then settle.
    for (const u of OTHERS) await (await post(server.base, tokens[u], '/mtRecord/list', { pageNumber: 1, pageSize: 20 })).arrayBuffer()
    await new Promise((ok) => setTimeout(ok, 500))
    const idle = rssMb(server.pid)
    let peak = idle
    sampler = setInterval(() => { peak = Math.max(peak, rssMb(server.pid)) }, 100)
    const alone = []
    const lat = []
    const inFlight = []
    let failed = 0
    let n = 0
    let into = alone
    ticker = setInterval(() => {
      const user = OTHERS[n++ % OTHERS.length]
      const t0 = performance.now()
      const bucket = into
      inFlight.push(post(server.base, tokens[user], '/mtRecord/list', { pageNumber: 1 + (n % 5), pageSize: 20 })
        .then((r) => r.arrayBuffer()).then(() => bucket.push(performance.now() - t0), () => { failed += 1 }))
    }, GAP_MS)
    // The others alone first, for reference: the same requests without a download beside them.
    await new Promise((ok) => setTimeout(ok, ALONE_MS))
    into = lat
    const cpu0 = cpuSeconds(server.pid)
    const t0 = performance.now()
    const res = await post(server.base, tokens.admin, '/mtRecord/download', { format, start_time: '2000-01-01' })
    if (res.status !== 200) throw new Error(`download: ${res.status} ${await res.text()}`)
    let bytes = 0
    for await (const chunk of res.body) bytes += chunk.length
    const seconds = (performance.now() - t0) / 1000
    const cpu = cpuSeconds(server.pid) - cpu0
    clearInterval(ticker)
    await Promise.all(inFlight)
    clearInterval(sampler)
    console.log(`  ${cwd === ROOT ? 'now' : 'before'} ${format}: ${seconds.toFixed(1)} s (server CPU ${cpu.toFixed(1)} s), peak RSS ${Math.round(peak)} MB, others p99 ${Math.round(pct(lat, 0.99))} ms (alone ${Math.round(pct(alone, 0.99))} ms; ${lat.length} answered, ${failed} failed)`)
    return { seconds, cpu, bytes, idle, peak, p50: pct(lat, 0.5), p99: pct(lat, 0.99), aloneP99: pct(alone, 0.99), others: lat.length, failed, rows: Number(res.headers.get('x-total-count')) }
  } finally {
    clearInterval(sampler)
    clearInterval(ticker)
    await server.stop()
  }
}

async function bench(label, env, tokens, sides) {
  const results = []
  for (const format of FORMATS) {
    const runs = Object.fromEntries(Object.keys(sides).map((s) => [s, []]))
    for (let i = 0; i < ROUNDS; i++) {
      for (const [side, cwd] of Object.entries(sides)) runs[side].push(await once(cwd, env, tokens, format))
    }
    for (const [side, rs] of Object.entries(runs)) {
      results.push({
        format, side: side === 'before' ? `before (${BASELINE})` : 'now', rows: rs[0].rows,
        's to last byte': median(rs.map((r) => r.seconds)).toFixed(1), 'server CPU s': median(rs.map((r) => r.cpu)).toFixed(1), MB: (rs[0].bytes / 1e6).toFixed(1),
        'idle RSS MB': Math.round(median(rs.map((r) => r.idle))), 'peak RSS MB': Math.round(Math.max(...rs.map((r) => r.peak))),
        'others p99 alone ms': Math.round(median(rs.map((r) => r.aloneP99))), 'others p50 ms': Math.round(median(rs.map((r) => r.p50))), 'others p99 ms': Math.round(median(rs.map((r) => r.p99))),
        'others requests': rs.reduce((s, r) => s + r.others, 0), 'others failed': rs.reduce((s, r) => s + r.failed, 0),
      })
    }
  }
  console.log(`\n${label}: ${ROWS.toLocaleString('en')} seeded, one request every ${GAP_MS} ms from other users, medians of ${ROUNDS}`)
  console.table(results)
}

async function main(before) {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
  const sides = Object.fromEntries(SIDES.map((s) => [s, s === 'before' ? before : ROOT]))
  const server = await benchPostgres()
  try {
    await withThrowawayDatabase(server, 'dl_bench', async (url) => {
      const db = await openDb({ databaseUrl: url })
      const tokens = await seed(db)
      await db.close()
      await bench(`${server.label} (${SEED_ORDER} order)`, { DATABASE_URL: url }, tokens, sides)
    })
  } finally {
    await server.stop()
  }
}
if (SIDES.includes('before')) await withBaseline(main, { build: true, commit: BASELINE })
else await main(null)
