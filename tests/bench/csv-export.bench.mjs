// "Export view" CSV of 100k and 1M sent-record rows. (a) Node: workers/csv.ts's toCsv, time and peak memory, beside
// a plain baseline (map, join, TextEncoder) in the same run. (b) Chromium: the real csv.worker.ts bundle in a module
// Worker, wall time including the rows' trip in and the bytes' trip back, and the main thread's long tasks meanwhile,
// beside the same toCsv run on the main thread. BENCH_CSV_ROWS overrides the sizes (comma-separated).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { toCsv } from '../../src/domain/csv.ts'
import { RECORD_HEADER, median, recordRows } from './lib/record-rows.mjs'
import { runCsvInChromium } from './lib/csv-chromium.mjs'

const SIZES = (process.env.BENCH_CSV_ROWS ?? '100000,1000000').split(',').map(Number)
const MB = (n) => `${(n / 2 ** 20).toFixed(0)} MB`
const fmt = (n) => n.toLocaleString('en')

const quote = (v) => {
  const s = v == null ? '' : String(v)
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}
const IMPLS = {
  toCsv: (rows) => toCsv(RECORD_HEADER, rows),
  baseline: (rows) => new TextEncoder().encode([RECORD_HEADER, ...rows].map((r) => r.map(quote).join(',')).join('\r\n')),
}

// Child mode: one call in a fresh process, so its peak RSS is that call's own (the rows are built before measuring).
if (process.argv[2] === '--memory') {
  const [impl, n] = [process.argv[3], Number(process.argv[4])]
  const rows = recordRows(n)
  globalThis.gc()
  const before = { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed }
  console.log('--- measuring')
  const bytes = IMPLS[impl](rows)
  const heapEnd = process.memoryUsage().heapUsed
  const peakRss = process.resourceUsage().maxRSS * 1024
  console.log(JSON.stringify({ rssPeak: peakRss - before.rss, heapEnd: heapEnd - before.heap, heap: before.heap, bytes: bytes.length }))
  process.exit(0)
}

// Peak heap: the largest heap size --trace-gc reports before any collection during the call, or its size at the end.
function memory(impl, n) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--trace-gc', '--max-old-space-size=6144', '--import', 'tsx', fileURLToPath(import.meta.url), '--memory', impl, String(n)], { encoding: 'utf8', maxBuffer: 64 << 20 })
  if (r.status !== 0) throw new Error(r.stderr)
  const lines = r.stdout.trim().split('\n')
  const m = JSON.parse(lines.pop())
  const during = lines.slice(lines.indexOf('--- measuring')).map((l) => l.match(/ ([\d.]+) \([\d.]+\) -> /)?.[1]).filter(Boolean)
  const peakHeap = Math.max(m.heapEnd + m.heap, ...during.map((mb) => Number(mb) * 2 ** 20))
  return { ...m, heapPeak: peakHeap - m.heap }
}

console.log('(a) Node: toCsv vs plain map/join/TextEncoder baseline; time = median of alternating runs, memory (above the rows) from one call in a fresh process')
const nodeRows = []
for (const n of SIZES) {
  const rows = recordRows(n)
  const runs = 5
  const ms = { toCsv: [], baseline: [] }
  let size = 0
  for (let i = 0; i < runs; i++) {
    for (const impl of ['toCsv', 'baseline']) {
      const t0 = performance.now()
      size = IMPLS[impl](rows).length
      ms[impl].push(performance.now() - t0)
    }
  }
  for (const impl of ['toCsv', 'baseline']) {
    const m = memory(impl, n)
    nodeRows.push({ rows: fmt(n), impl, 'median ms': median(ms[impl]).toFixed(0), 'min ms': Math.min(...ms[impl]).toFixed(0), 'peak RSS +': MB(m.rssPeak), 'peak heap +': MB(m.heapPeak), output: MB(m.bytes) })
  }
  void size
}
console.table(nodeRows)

console.log('\n(b) Chromium: export in the csv.worker.ts module Worker vs the same toCsv on the main thread (baseline)')
const browserRows = await runCsvInChromium(SIZES)
console.table(browserRows)
console.log('long tasks: PerformanceObserver("longtask") entries on the main thread between the call and its result')
