// The browser tests as N shards run at once, each its own `playwright test` with its own server (port, data
// directory, server log, output directory): one shard's Chromium renders while the other's waits on its server or on
// a worker's timer. Within a shard the files still run one at a time, in Playwright's order, against one server, as a
// single run does (they share the demo data). Files are dealt to the shards by their recorded durations
// (scripts/e2e-durations.json, longest first onto the least loaded shard); a file not recorded yet counts as the
// median. Each shard's lines are printed as they come, prefixed with the shard; the run fails when any shard fails.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { bin } from './lib.mjs'

const DIR = 'tests/e2e'
const RECORDED = 'scripts/e2e-durations.json'
const MEASURED = '.test-data/e2e-durations.json'

/** A port nobody listens on now (the OS picks it), for one shard's server. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

/** Seconds per spec file, as recorded (file name → seconds). */
function recorded() {
  return existsSync(RECORDED) ? JSON.parse(readFileSync(RECORDED, 'utf8')) : {}
}

/**
 * The spec files dealt to `count` shards: longest first, each onto the shard with the least recorded time so far
 * (ties to the lower shard), so the shards end about together. Deterministic for one set of files and durations.
 */
export function planShards(files, durations, count) {
  const known = files.map((f) => durations[f]).filter((d) => typeof d === 'number').sort((a, b) => a - b)
  const median = known.length ? known[Math.floor(known.length / 2)] : 10
  const cost = (f) => (typeof durations[f] === 'number' ? durations[f] : median)
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }))
  for (const f of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const least = shards.reduce((m, s) => (s.seconds < m.seconds ? s : m))
    least.files.push(f)
    least.seconds += cost(f)
  }
  for (const s of shards) s.files.sort()
  return shards
}

/** A CLI filter matching exactly this spec file (Playwright reads file arguments as regular expressions). */
const exactly = (file) => `[\\\\/]e2e[\\\\/]${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`

/** Seconds per spec file in a Playwright JSON report (the sum of its tests' run times). */
function secondsPerFile(report) {
  const out = {}
  const walk = (suite, file) => {
    const f = suite.file ?? file
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) out[f] = (out[f] ?? 0) + r.duration / 1000
    }
    for (const child of suite.suites ?? []) walk(child, f)
  }
  for (const suite of report.suites ?? []) walk(suite, suite.file)
  return Object.fromEntries(Object.entries(out).map(([f, s]) => [f.split(/[\\/]/).pop(), Math.round(s)]))
}

/** Runs one shard; resolves with its exit code and wall time. */
function runShard(i, count, files, env) {
  const tag = `[e2e ${i}/${count}]`
  const started = Date.now()
  const child = spawn(bin('playwright'), ['test', '--reporter=list,json', ...files.map(exactly)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${tag} ${line}`))
  }
  const stop = (sig) => child.kill(sig)
  process.on('SIGINT', stop).on('SIGTERM', stop)
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ i, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }))
  })
}

/**
 * Runs every spec file in `count` shards at once; returns true when all passed. Writes the measured seconds per file
 * to .test-data/e2e-durations.json (copy it over scripts/e2e-durations.json to deal the files anew).
 */
export function runE2eShards(count, baseEnv) {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.spec.ts')).sort()
  return runShards(planShards(files, recorded(), count), baseEnv)
}

/** Runs the shards of a plan (each { files, seconds }) at once; true when all passed. */
export async function runShards(plan, baseEnv) {
  const shards = plan.filter((s) => s.files.length)
  mkdirSync('.test-data', { recursive: true })
  const started = Date.now()
  const results = await Promise.all(
    shards.map(async (s, k) => {
      const i = k + 1
      const port = await freePort()
      console.log(`[e2e ${i}/${shards.length}] port ${port}, ~${Math.round(s.seconds)}s recorded: ${s.files.join(' ')}`)
      const env = {
        ...baseEnv,
        E2E_PORT: String(port),
        E2E_SERVER_LOG: baseEnv.E2E_SERVER_LOG ? `${baseEnv.E2E_SERVER_LOG}.${i}` : `.test-data/e2e-shard${i}-${process.pid}.log`,
        E2E_OUTPUT_DIR: `test-results/shard-${i}`,
        PLAYWRIGHT_JSON_OUTPUT_FILE: `.test-data/e2e-shard${i}-${process.pid}.json`,
      }
      return { ...(await runShard(i, shards.length, s.files, env)), report: env.PLAYWRIGHT_JSON_OUTPUT_FILE }
    }),
  )
  const measured = {}
  for (const r of results) {
    try {
      Object.assign(measured, secondsPerFile(JSON.parse(readFileSync(r.report, 'utf8'))))
    } catch {
      // No report (the shard did not start): nothing measured.
    }
  }
  if (Object.keys(measured).length) writeFileSync(MEASURED, `${JSON.stringify(Object.fromEntries(Object.entries(measured).sort()), null, 2)}\n`)
  for (const r of results) console.log(`[e2e ${r.i}/${shards.length}] ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(1)}s`)
  console.log(`[e2e] ${shards.length} shards in ${((Date.now() - started) / 1000).toFixed(1)}s; seconds per file in ${MEASURED}`)
  return results.every((r) => r.code === 0)
}
