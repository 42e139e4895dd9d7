// The sent-record list under load: 50 connections (autocannon) against one customer's list (acme: customer and
// sub-accounts), the console's default 7-day view, page of 20, through the production server (compiled by
// scripts/build-server.mjs into dist-server/, as `npm start` runs it). "today" is the same server counting every
// total (LIST_TOTALS=exact), "now" reads whole-day totals from the daily rollups. The two sides alternate (today,
// now, today, now …, BENCH_ROUNDS pairs, after a warm-up each) and the medians are compared; the machine is shared
// and noisy, so the server's CPU time per request (user + system, from /proc) is printed too: it varies far less
// with other load than requests/s do. Also printed: the server's RSS when idle after start and its peak under load,
// and on PostgreSQL two processes on one port and one database (`npm run start:cluster`'s way, CLUSTER_WORKERS=2).
//   BENCH_HISTORY_ROWS (default 300000, the demo's), BENCH_SECONDS (10), BENCH_ROUNDS (2), BENCH_DATABASE_URL,
//   BENCH_SERVER_DIR: a compiled server to measure instead of this checkout's (another checkout's dist-server, to
//   compare commits with the same bench)
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { SERVER_OUT, buildServer } from '../../scripts/build-server.mjs'
import { sealPassword } from '../../src/domain/auth.ts'
import { benchPostgres, withThrowawayDatabase } from './lib/throwaway-pg.mjs'

const ROWS = process.env.BENCH_HISTORY_ROWS ?? '300000'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const CAPTCHA = 'B3NC'
const JSEncrypt = createRequire(import.meta.url)('jsencrypt')

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address()
    s.close(() => resolve(port))
  })
})
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
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
async function start(env, workers = 0) {
  const port = await freePort()
  const script = `${SERVER_DIR}/${workers ? 'cluster' : 'main'}.js`
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SEED_HISTORY_ROWS: ROWS, SMS_CAPTCHA_FIXED: CAPTCHA, SEND_WORKERS: '0', CLUSTER_WORKERS: String(workers), ...env },
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
async function measure(env, workers, token) {
  const server = await start(env, workers)
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

async function bench(label, env, workers = 0) {
  const sides = { today: [], now: [] }
  let token
  for (let i = 0; i < ROUNDS; i++) {
    for (const [side, extra] of [['today', { LIST_TOTALS: 'exact' }], ['now', {}]]) {
      const r = await measure({ ...env, ...extra }, workers, token)
      token = r.token
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
  const [today, now] = [row('today'), row('now')]
  console.log(`\n${label}: ${workers || 1} process(es), ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds per side, medians; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`)
  console.table([today, now])
  console.log(`now / today: ${(now['req/s'] / today['req/s']).toFixed(2)}× requests/s, ${(today['server CPU ms/req'] / now['server CPU ms/req']).toFixed(2)}× less server CPU per request`)
}

const SERVER_DIR = process.env.BENCH_SERVER_DIR || SERVER_OUT
if (!process.env.BENCH_SERVER_DIR) await buildServer()
console.log(`server: ${SERVER_DIR}/`)
console.log(`seeding ${Number(ROWS).toLocaleString('en')} sent records per database (the demo seed)…`)
const dir = mkdtempSync(join(tmpdir(), 'sms-list-load-'))
try {
  // The first start seeds; the measured starts reopen the folder.
  await (await start({ DATA_DIR: dir })).stop()
  await bench('PGlite', { DATA_DIR: dir })
} finally {
  rmSync(dir, { recursive: true, force: true })
}

const server = await benchPostgres()
if (!server) {
  console.log('\nPostgreSQL: none found (set BENCH_DATABASE_URL)')
} else {
  try {
    await withThrowawayDatabase(server, 'list_load', async (url) => {
      await (await start({ DATABASE_URL: url })).stop()
      await bench('PostgreSQL', { DATABASE_URL: url })
      await bench('PostgreSQL, two processes on one port and database (start:cluster)', { DATABASE_URL: url }, 2)
    })
  } finally {
    await server.stop()
  }
}
