// The sent-record list under load: 50 connections (autocannon) against one customer's list (acme: customer and
// sub-accounts), the console's default 7-day view, page of 20, through real server processes. "today" is the same
// server counting every total (LIST_TOTALS=exact), "now" reads whole-day totals from the daily rollups. The two
// sides alternate (today, now, today, now …, BENCH_ROUNDS pairs, after a warm-up each) and the medians are compared;
// the machine is shared and noisy. Also printed: the server's RSS when idle after start and its peak under load, and
// on PostgreSQL the load spread over two processes on one database at once.
//   BENCH_HISTORY_ROWS (default 300000, the demo's), BENCH_SECONDS (10), BENCH_ROUNDS (2), BENCH_DATABASE_URL
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { sealPassword } from '../../src/domain/auth.ts'
import { benchPostgres } from './lib/throwaway-pg.mjs'

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

async function start(env) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SEED_HISTORY_ROWS: ROWS, SMS_CAPTCHA_FIXED: CAPTCHA, SEND_WORKERS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (b) => String(b).includes('SMS cloud console:') && resolve())
    void exited.then((code) => reject(new Error(`server exited with ${code}`)))
  })
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop }
}

async function signIn(base) {
  const post = async (path, body) => (await (await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()).data
  const { redomStr } = await post('/code/captcha', {})
  const rsa = new JSEncrypt()
  rsa.setPublicKey((await post('/user/publicKey', {})).publicKey)
  return (await post('/user/login', { username: 'acme', password: rsa.encrypt(sealPassword(redomStr, 'Acme@12345')), code: CAPTCHA, redomStr })).token
}

const day = (offset) => new Date(Date.now() + 8 * 3600e3 - offset * 86400e3).toISOString().slice(0, 10)

function load(bases, token, seconds) {
  const body = JSON.stringify({ pageNumber: 1, pageSize: 20, start_time: day(6), end_time: day(0) })
  return Promise.all(bases.map((base) => autocannon({
    url: `${base}/api/mtRecord/list`, method: 'POST', connections: CONNECTIONS / bases.length, duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body,
  }))).then((rs) => ({
    rps: rs.reduce((s, r) => s + r.requests.average, 0),
    p50: Math.max(...rs.map((r) => r.latency.p50)),
    p99: Math.max(...rs.map((r) => r.latency.p99)),
    bad: rs.reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0),
  }))
}

/** One side once: fresh process(es), idle RSS, warm-up, measured load, peak RSS. */
async function measure(env, processes, token) {
  const servers = await Promise.all(Array.from({ length: processes }, () => start(env)))
  try {
    const idle = Math.max(...servers.map((s) => rssOf(s.pid).rss))
    token ??= await signIn(servers[0].base)
    await load(servers.map((s) => s.base), token, 3)
    const r = await load(servers.map((s) => s.base), token, SECONDS)
    return { ...r, idle, peak: Math.max(...servers.map((s) => rssOf(s.pid).peak)), token }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }
}

async function bench(label, env, processes = 1) {
  const sides = { today: [], now: [] }
  let token
  for (let i = 0; i < ROUNDS; i++) {
    for (const [side, extra] of [['today', { LIST_TOTALS: 'exact' }], ['now', {}]]) {
      const r = await measure({ ...env, ...extra }, processes, token)
      token = r.token
      sides[side].push(r)
    }
  }
  const row = (side) => {
    const rs = sides[side]
    return {
      side, 'req/s': Math.round(median(rs.map((r) => r.rps))), 'p50 ms': median(rs.map((r) => r.p50)), 'p99 ms': median(rs.map((r) => r.p99)),
      'non-2xx/errors': rs.reduce((s, r) => s + r.bad, 0), 'idle RSS MB': mb(median(rs.map((r) => r.idle))), 'peak RSS MB': mb(Math.max(...rs.map((r) => r.peak))),
    }
  }
  const [today, now] = [row('today'), row('now')]
  console.log(`\n${label}: ${processes} process(es), ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds per side, medians`)
  console.table([today, now])
  console.log(`now / today: ${(now['req/s'] / today['req/s']).toFixed(2)}× requests/s`)
}

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
  const name = `list_load_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(server.url)
  url.pathname = `/${name}`
  try {
    await (await start({ DATABASE_URL: url.toString() })).stop()
    await bench('PostgreSQL', { DATABASE_URL: url.toString() })
    await bench('PostgreSQL, two processes on one database', { DATABASE_URL: url.toString() }, 2)
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
    await server.stop()
  }
}
