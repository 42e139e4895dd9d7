// parseNumberList (workers/numbers.ts) on pasted lists of 1M and 5M numbers (mixed separators, ~5% repeats, ~8%
// invalid, some +86/0086/86, dashes and full-width digits), beside a plain baseline in the same run: TextDecoder,
// split on a regular expression, a regular expression per entry, a Set of strings. The baseline does less (no
// full-width digits, no line numbers or reasons), so it finds fewer valid numbers; it is the speed to beat.
// Time: median of alternating in-process runs (1M); time and peak memory of one call in a fresh process (every
// size), so one size's garbage does not count against the next. The machines are shared, so the CPU time of the
// in-process runs (all threads, GC included) is printed too: it suffers less than wall time from other load.
// BENCH_NUMBERS overrides the sizes.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parseNumberList } from '../../workers/numbers.ts'
import { numberList } from './lib/number-lists.mjs'
import { median } from './lib/record-rows.mjs'

// Two full collections before each timed call, so one run's garbage (the baseline's ~160 MB of strings at 1M) is
// neither collected nor swept (V8 sweeps concurrently after a collection, on the 2 cores the call runs on) on the
// next run's clock.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc')

const SIZES = (process.env.BENCH_NUMBERS ?? '1000000,5000000').split(',').map(Number)
const MB = (n) => `${(n / 2 ** 20).toFixed(0)} MB`
const fmt = (n) => n.toLocaleString('en')

function baseline(bytes) {
  const seen = new Set()
  let total = 0
  let duplicates = 0
  let invalid = 0
  for (const entry of new TextDecoder().decode(bytes).split(/[\s,;|，；、\u3000\ufeff]+/)) {
    if (!entry) continue
    total++
    const m = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/.exec(entry.replace(/[-.]/g, ''))
    if (!m) invalid++
    else if (seen.has(m[1])) duplicates++
    else seen.add(m[1])
  }
  return { total, valid: seen.size, duplicates, invalid, numbers: new TextEncoder().encode([...seen].join('\n')) }
}
// As the numbers worker runs it: over the (transferred, so its own) input, with no second buffer. The in-process
// runs give it a fresh copy each time, made before the clock starts.
const IMPLS = { parseNumberList: (bytes) => parseNumberList(bytes, { inPlace: true }), baseline }
const inputFor = (impl, bytes) => (impl === 'parseNumberList' ? bytes.slice() : bytes)

// Child mode: one call in a fresh process; the input is built first, so the peak is the call's own.
if (process.argv[2] === '--memory') {
  const [impl, n] = [process.argv[3], Number(process.argv[4])]
  const bytes = numberList(n)
  globalThis.gc()
  const before = process.memoryUsage()
  console.log('--- measuring')
  const t0 = performance.now()
  const r = IMPLS[impl](bytes)
  const ms = performance.now() - t0
  const peakRss = process.resourceUsage().maxRSS * 1024
  console.log(JSON.stringify({ ms, rssPeak: peakRss - before.rss, heap: before.heapUsed, heapEnd: process.memoryUsage().heapUsed - before.heapUsed, input: bytes.length, valid: r.valid, duplicates: r.duplicates, invalid: r.invalid }))
  process.exit(0)
}

/** One call in a child with --trace-gc; peak heap is the largest heap a collection reports during the call. */
function child(impl, n) {
  const args = ['--expose-gc', '--trace-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--memory', impl, String(n)]
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 })
  if (r.status !== 0) {
    const why = /heap out of memory|Invalid array length|Maximum call stack|Set maximum size/i.exec(`${r.stderr}${r.stdout}`)?.[0]
    return { failed: why ?? `exit ${r.status ?? r.signal}` }
  }
  const lines = r.stdout.trim().split('\n')
  const m = JSON.parse(lines.pop())
  const during = lines.slice(lines.indexOf('--- measuring')).map((l) => l.match(/ ([\d.]+) \([\d.]+\) -> /)?.[1]).filter(Boolean)
  return { ...m, heapPeak: Math.max(m.heapEnd + m.heap, ...during.map((mb) => Number(mb) * 2 ** 20)) - m.heap }
}

console.log('parseNumberList vs baseline (TextDecoder + split(regex) + regex per entry + Set of strings)')
const rows = []
for (const n of SIZES) {
  let inProcess = {}
  if (n <= 1_000_000) {
    const bytes = numberList(n)
    const ms = { parseNumberList: [], baseline: [] }
    const cpu = { parseNumberList: [], baseline: [] }
    for (let i = 0; i < 7; i++) {
      for (const impl of Object.keys(IMPLS)) {
        const input = inputFor(impl, bytes)
        gc()
        gc() // a new collection first finishes sweeping the last one's pages, which V8 would otherwise do during the timed call
        const [t0, c0] = [performance.now(), process.cpuUsage()]
        IMPLS[impl](input)
        ms[impl].push(performance.now() - t0)
        const c = process.cpuUsage(c0)
        cpu[impl].push((c.user + c.system) / 1000)
      }
    }
    inProcess = Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, { median: median(v), min: Math.min(...v), cpu: median(cpu[k]) }]))
  }
  const fresh = Object.fromEntries(Object.keys(IMPLS).map((impl) => [impl, child(impl, n)]))
  for (const impl of Object.keys(IMPLS)) {
    const c = fresh[impl]
    const t = inProcess[impl]
    rows.push({
      numbers: fmt(n), impl, input: c.input ? MB(c.input) : '',
      'median ms': t ? t.median.toFixed(0) : '', 'min ms': t ? t.min.toFixed(0) : '', 'median CPU ms': t ? t.cpu.toFixed(0) : '',
      'fresh ms': c.failed ? `failed: ${c.failed}` : c.ms.toFixed(0),
      'peak RSS +': c.failed ? '' : MB(c.rssPeak), 'peak heap +': c.failed ? '' : MB(c.heapPeak),
      'valid/dup/invalid': c.failed ? '' : `${fmt(c.valid)}/${fmt(c.duplicates)}/${fmt(c.invalid)}`,
    })
  }
  const [p, b] = [inProcess.parseNumberList, inProcess.baseline]
  const [fp, fb] = [fresh.parseNumberList, fresh.baseline]
  const speedUp = p ? `${(b.median / p.median).toFixed(1)}× (medians), ${(b.min / p.min).toFixed(1)}× (minima), ${(b.cpu / p.cpu).toFixed(1)}× (CPU)` : fb.failed ? 'baseline failed' : `${(fb.ms / fp.ms).toFixed(1)}× (one fresh call each)`
  rows.at(-2)['speed-up'] = speedUp
}
console.table(rows)
console.log('targets: 1M in under 150 ms and at least 5× the baseline; 5M without running out of memory')
