// Server start time (spawn to first answered request) and resident memory, the way `npm start` ran it before
// (node --import tsx server/main.ts, TypeScript compiled at every start) beside the way it runs now (node
// dist-server/main.js, bundled by scripts/build-server.mjs), alternating, on PGlite (one data folder seeded once
// before the runs) and on PostgreSQL when BENCH_DATABASE_URL / TEST_DATABASE_URL is set (a database of its own).
// RSS is read from /proc right after the first answer and again after 100 API requests. BENCH_RUNS (default 5).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { buildServer } from '../../scripts/build-server.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const MODES = {
  'tsx (before)': ['--import', 'tsx', 'server/main.ts'],
  'compiled (now)': ['--enable-source-maps', 'dist-server/main.js'],
}

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)) })
})
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function once(args, env) {
  const port = await freePort()
  const t0 = performance.now()
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SEED_HISTORY_ROWS: '2000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const base = `http://127.0.0.1:${port}`
  let ms = null
  for (let i = 0; i < 4000 && child.exitCode === null; i++) {
    try {
      await (await fetch(`${base}/api/nothing-here`)).arrayBuffer()
      ms = performance.now() - t0
      break
    } catch { await new Promise((r) => setTimeout(r, 20)) }
  }
  if (ms === null) throw new Error(`server did not answer: node ${args.join(' ')}`)
  const first = rssMb(child.pid)
  for (let i = 0; i < 100; i++) await (await fetch(`${base}/api/nothing-here`)).arrayBuffer()
  const after = rssMb(child.pid)
  child.kill('SIGTERM')
  await exited
  return { ms, first, after }
}

async function backend(label, env) {
  await once(MODES['compiled (now)'], env) // migrate and seed once, outside the figures
  const res = Object.fromEntries(Object.keys(MODES).map((m) => [m, []]))
  for (let r = 0; r < RUNS; r++) for (const [m, args] of Object.entries(MODES)) res[m].push(await once(args, env))
  console.log(`\n${label}: median of ${RUNS} starts`)
  for (const [m, xs] of Object.entries(res)) {
    console.log(`  ${m.padEnd(16)} first answer ${median(xs.map((x) => x.ms)).toFixed(0).padStart(5)} ms`
      + `  RSS at first answer ${median(xs.map((x) => x.first)).toFixed(0)} MB, after 100 requests ${median(xs.map((x) => x.after)).toFixed(0)} MB`)
  }
}

await buildServer()
const dir = mkdtempSync(join(tmpdir(), 'sms-start-bench-'))
try {
  await backend('PGlite', { DATA_DIR: dir })
} finally { rmSync(dir, { recursive: true, force: true }) }

const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
if (url) {
  const name = `start_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  try {
    const u = new URL(url)
    u.pathname = `/${name}`
    await backend('PostgreSQL', { DATABASE_URL: u.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'sms-start-bench-')) })
  } finally {
    await admin.query(`drop database ${name} with (force)`)
    await admin.end()
  }
} else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL)')
