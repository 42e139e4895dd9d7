// The sent-record list under load: 50 connections (autocannon) against one customer's list (acme: customer and
// sub-accounts), the console's default 7-day view, page of 20, through the production server (compiled by
// scripts/build-server.mjs into dist-server/, as `npm start` runs it). Sides: "before" is the server of commit
// BENCH_BASELINE (default 4e777de, the list before the work on its load) checked out in a temporary git
// worktree (lib/baseline.mjs) and run the way it ran then (through tsx), on its own database seeded by its own first
// start (the same demo seed); "exact" is today's server counting every total (LIST_TOTALS=exact); "now" is today's server reading
// whole-day totals from the daily rollups. The sides alternate (before, exact, now, before …, BENCH_ROUNDS rounds,
// after a warm-up each) and the medians are compared; BENCH_BASELINE=none leaves "before" out. The machine is shared
// and noisy, so the server's CPU time per request (user + system, from /proc) is printed too: it varies far less
// with other load than requests/s do. Also printed: the server's RSS when idle after start and its peak under load,
// and two processes on one port and one database (`npm run start:cluster`'s way, CLUSTER_WORKERS=2). The databases
// are throwaway ones on the embedded PostgreSQL (or on BENCH_DATABASE_URL / TEST_DATABASE_URL).
//   BENCH_HISTORY_ROWS (default 300000, the demo's), BENCH_SECONDS (10), BENCH_ROUNDS (2), BENCH_DATABASE_URL, BENCH_BASELINE,
//   BENCH_SERVER_DIR: a compiled server to measure instead of this checkout's (another checkout's dist-server, to
//   compare commits with the same bench)
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import autocannon from 'autocannon'
import { SERVER_OUT, buildServer } from '../../scripts/build-server.mjs'
import { sealPassword } from '../../src/domain/auth.ts'
import { withBaseline } from './lib/baseline.mjs'
import { benchPostgres, withThrowawayDatabase } from './lib/throwaway-pg.mjs'
import { median } from './lib/timing.mjs'

const ROWS = process.env.BENCH_HISTORY_ROWS ?? '300000'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const CAPTCHA = 'B3NC'
const BASELINE = process.env.BENCH_BASELINE ?? '4e777de'
const JSEncrypt = createRequire(import.meta.url)('jsencrypt')

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address()
    s.close(() => resolve(port))
  })
})
const mb = (kb) => Math.round(kb / 1024)
/** VmRSS (now) and VmHWM (peak since start) of a process, in kB. */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (k) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)`))[1])
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}
/** User + system CPU time of a process so far, in ms (clock ticks of 10 ms). */
function cpuOf(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(f[11]) + Number(f[12])) * 10
}

/**
 * The compiled server: one process (dist-server/main.js), or `workers` processes on one port behind
 * dist-server/cluster.js. `pids` are the processes that serve (the cluster's primary only hands out connections).
 */
async function start(env, workers = 0, baseline = null) {
  const port = await freePort()
  const script = `${SERVER_DIR}/${workers ? 'cluster' : 'main'}.js`
  // The baseline ran its TypeScript through tsx (it had no compiled build yet).
  const args = baseline ? ['--import', 'tsx', 'server/main.ts'] : ['--enable-source-maps', script]
  const child = spawn(process.execPath, args, {
    cwd: baseline ?? undefined,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SEED_HISTORY_ROWS: ROWS, SMS_CAPTCHA_FIXED: CAPTCHA, SEND_WORKERS: '0', ...(workers ? { CLUSTER_WORKERS: String(workers) } : {}), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let out = ''
  const ready = workers ? new RegExp(`${workers} processes listening \\(pids ([\\d, ]+)\\)`) : /SMS cloud console:/
  const match = await new Promise((resolve, reject) => {
    child.stdout.on('data', (b) => {
      out += String(b)
      const m = out.match(ready)
      if (m) resolve(m)
    })
    void exited.then((code) => reject(new Error(`server exited with ${code}`)))
  })
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  const pids = workers ? match[1].split(',').map((p) => Number(p.trim())) : [child.pid]
  return { base: `http://127.0.0.1:${port}`, pids, stop }
}

async function signIn(base) {
  const post = async (path, body) => (await (await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()).data
  const { redomStr } = await post('/code/captcha', {})
  const rsa = new JSEncrypt()
  rsa.setPublicKey((await post('/user/publicKey', {})).publicKey)
  return (await post('/user/login', { username: 'acme', password: rsa.encrypt(sealPassword(redomStr, 'Acme@12345')), code: CAPTCHA, redomStr })).token
}

const day = (offset) => new Date(Date.now() + 8 * 3600e3 - offset * 86400e3).toISOString().slice(0, 10)

async function load(base, token, seconds) {
  const body = JSON.stringify({ pageNumber: 1, pageSize: 20, start_time: day(6), end_time: day(0) })
  const r = await autocannon({
    url: `${base}/api/mtRecord/list`, method: 'POST', connections: CONNECTIONS, duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body,
  })
  return { rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts }
}

/** One side once: fresh process(es), idle RSS, warm-up, measured load with its CPU per request, peak RSS. */
async function measure(env, workers, token, baseline) {
  const server = await start(env, workers, baseline)
  try {
    const idle = Math.max(...server.pids.map((p) => rssOf(p).rss))
    token ??= await signIn(server.base)
    await load(server.base, token, 3)
    const cpu = () => server.pids.reduce((s, p) => s + cpuOf(p), 0)
    const before = cpu()
    const r = await load(server.base, token, SECONDS)
    const cpuPerReq = (cpu() - before) / Math.max(1, r.total)
    return { ...r, cpuPerReq, idle, peak: Math.max(...server.pids.map((p) => rssOf(p).peak)), token }
  } finally {
    await server.stop()
  }
}

/**
 * Sides alternate per round; `before` (the baseline's folder and its own env: its own database) is measured when given.
 * Each side keeps its own session token (signed in on its own database).
 */
async function bench(label, env, workers = 0, before = null) {
  const plan = [
    ...(before ? [[`before (${BASELINE})`, before.env, before.dir]] : []),
    ['exact', { ...env, LIST_TOTALS: 'exact' }, null],
    ['now', env, null],
  ]
  const sides = Object.fromEntries(plan.map(([side]) => [side, []]))
  const tokens = {}
  const tokenKey = (dir) => dir ?? 'now'
  for (let i = 0; i < ROUNDS; i++) {
    for (const [side, sideEnv, dir] of plan) {
      const r = await measure(sideEnv, workers, tokens[tokenKey(dir)], dir)
      tokens[tokenKey(dir)] = r.token
      sides[side].push(r)
    }
  }
  const row = (side) => {
    const rs = sides[side]
    return {
      side, 'req/s': Math.round(median(rs.map((r) => r.rps))), 'p50 ms': median(rs.map((r) => r.p50)), 'p99 ms': median(rs.map((r) => r.p99)),
      'server CPU ms/req': Number(median(rs.map((r) => r.cpuPerReq)).toFixed(2)), 'non-2xx/errors': rs.reduce((s, r) => s + r.bad, 0), 'idle RSS MB': mb(median(rs.map((r) => r.idle))), 'peak RSS MB': mb(Math.max(...rs.map((r) => r.peak))),
    }
  }
  const rows = plan.map(([side]) => row(side))
  console.log(`\n${label}: ${workers || 1} process(es), ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds per side, medians; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`)
  console.table(rows)
  const now = rows.at(-1)
  for (const base of rows.slice(0, -1)) {
    console.log(`now / ${base.side}: ${(now['req/s'] / base['req/s']).toFixed(2)}× requests/s, p99 ${now['p99 ms']} vs ${base['p99 ms']} ms, ${(base['server CPU ms/req'] / now['server CPU ms/req']).toFixed(2)}× less server CPU per request`)
  }
}

const SERVER_DIR = process.env.BENCH_SERVER_DIR || SERVER_OUT
if (!process.env.BENCH_SERVER_DIR) await buildServer()
console.log(`server: ${SERVER_DIR}/`)
console.log(`seeding ${Number(ROWS).toLocaleString('en')} sent records per database (the demo seed)…`)
const server = await benchPostgres()
try {
  await withThrowawayDatabase(server, 'list_load', async (url) => {
    await (await start({ DATABASE_URL: url })).stop()
    const run = async (before) => {
      await bench(server.label, { DATABASE_URL: url }, 0, before)
      await bench(`${server.label}, two processes on one port and database (start:cluster)`, { DATABASE_URL: url }, 2)
    }
    if (BASELINE === 'none') return run(null)
    console.log(`before: ${BASELINE} through tsx, its own database seeded by its own first start`)
    await withBaseline((base) => withThrowawayDatabase(server, 'list_load_before', async (beforeUrl) => {
      await (await start({ DATABASE_URL: beforeUrl }, 0, base)).stop()
      await run({ dir: base, env: { DATABASE_URL: beforeUrl } })
    }), { commit: BASELINE })
  })
} finally {
  await server.stop()
}
