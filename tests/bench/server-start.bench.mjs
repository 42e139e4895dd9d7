// `npm start` on a fresh data folder and again on the same one, beside the baseline (commit BENCH_BASELINE_COMMIT,
// default HEAD~, checked out into a temporary git worktree and compiled there: lib/baseline.mjs), alternating, each
// side the compiled server (node dist-server/main.js) in the environment its own `npm start` gives it, on its own new
// DATA_DIR:
// - fresh start: spawn to first answered request, split into initdb, migrations and the demo seed as the server
//   prints them;
// - idle memory after start (BENCH_IDLE_SECONDS, default 10, after the first answer): the server process and every
//   process under it (the embedded PostgreSQL's postmaster and backends), as RSS summed and as PSS summed (shared
//   pages counted once: PostgreSQL's processes share their buffers), on the fresh start and on a second start.
// BENCH_RUNS (default 1) rounds; SEED_HISTORY_ROWS as the server reads it (default the demo's 300,000).
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildServer } from '../../scripts/build-server.mjs'
import { BASELINE, withBaseline } from './lib/baseline.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 1)
const IDLE_MS = Number(process.env.BENCH_IDLE_SECONDS ?? 10) * 1000
const ROOT = resolve('.')

const freePort = () => new Promise((done) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => done(port)) })
})
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ')

/** The process and all its descendants (by /proc's parent links). */
function tree(pid) {
  const parent = new Map()
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
      parent.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch { /* gone */ }
  }
  const out = [pid]
  for (let i = 0; i < out.length; i++) for (const [p, pp] of parent) if (pp === out[i]) out.push(p)
  return out
}
const kb = (file, field) => {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(file, 'utf8'))?.[1] ?? 0)
  } catch { return 0 }
}
/** RSS and PSS in MB of the process tree under `pid`, and how many processes it has. */
function memory(pid) {
  const pids = tree(pid)
  return {
    rss: pids.reduce((a, p) => a + kb(`/proc/${p}/status`, 'VmRSS'), 0) / 1024,
    pss: pids.reduce((a, p) => a + kb(`/proc/${p}/smaps_rollup`, 'Pss'), 0) / 1024,
    processes: pids.length,
  }
}

async function start(dir, dataDir) {
  const { serverEnv } = await import(pathToFileURL(join(dir, 'scripts/server-env.mjs')).href)
  const port = await freePort()
  const t0 = performance.now()
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    cwd: dir,
    env: { ...serverEnv(), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines = []
  for (const s of [child.stdout, child.stderr]) s.on('data', (b) => lines.push(...b.toString().split('\n')))
  const exited = new Promise((done) => child.once('exit', done))
  let ms = null
  while (child.exitCode === null && ms === null) {
    try {
      await (await fetch(`http://127.0.0.1:${port}/api/nothing-here`)).arrayBuffer()
      ms = performance.now() - t0
    } catch { await new Promise((r) => setTimeout(r, 50)) }
  }
  if (ms === null) throw new Error(`the server in ${dir} did not answer:\n${lines.join('\n')}`)
  await new Promise((r) => setTimeout(r, IDLE_MS))
  const mem = memory(child.pid)
  child.kill('SIGTERM')
  await exited
  const secs = (re) => { const m = lines.join('\n').match(re); return m ? Number(m[1]) : null }
  return {
    ms, mem,
    initdb: secs(/initdb ([\d.]+) s/), migrate: secs(/migrations applied(?::.*)? in ([\d.]+) s/), seed: secs(/demo data ready in ([\d.]+) s/),
  }
}

const f = (x, d = 1) => (x === null || x === undefined ? '–' : x.toFixed(d))
function report(label, fresh, again) {
  const other = fresh.ms / 1000 - (fresh.initdb ?? 0) - (fresh.migrate ?? 0) - (fresh.seed ?? 0)
  console.log(`  ${label}`)
  console.log(`    fresh start ${f(fresh.ms / 1000)} s to first answer: initdb ${f(fresh.initdb)} s, migrations ${f(fresh.migrate)} s, `
    + `demo seed ${f(fresh.seed)} s, the rest (process start, PostgreSQL start, media, listen) ${f(other)} s`)
  console.log(`    idle after the fresh start: ${f(fresh.mem.pss, 0)} MB PSS (${f(fresh.mem.rss, 0)} MB RSS summed) over ${fresh.mem.processes} processes`)
  console.log(`    second start ${f(again.ms / 1000)} s; idle after it ${f(again.mem.pss, 0)} MB PSS (${f(again.mem.rss, 0)} MB RSS summed) over ${again.mem.processes} processes`)
}

await buildServer()
await withBaseline(async (base, work) => {
  const sides = { [`baseline (${BASELINE})`]: base, 'this tree': ROOT }
  for (let r = 1; r <= RUNS; r++) {
    console.log(`\nround ${r} of ${RUNS}, SEED_HISTORY_ROWS ${process.env.SEED_HISTORY_ROWS ?? 'the demo default (300000)'}, load average ${load()} at the start`)
    for (const [label, dir] of Object.entries(sides)) {
      const dataDir = join(work, `data-${r}-${label.split(' ')[0]}`)
      const fresh = await start(dir, dataDir)
      const again = await start(dir, dataDir)
      report(label, fresh, again)
      rmSync(dataDir, { recursive: true, force: true })
    }
    console.log(`  load average ${load()} at the end`)
  }
}, { build: true })
