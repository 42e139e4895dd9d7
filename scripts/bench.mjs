// `npm run bench`: every benchmark in tests/bench, each printing its figures beside a baseline measured in
// the same run. Benchmarks are never timed assertions in the test suite: the machines are shared and noisy.
import { readdirSync } from 'node:fs'
import { ensureBuilt, ensureChromium, run } from './lib.mjs'

ensureBuilt()
const chromium = ensureChromium()
const only = process.argv[2]
for (const f of readdirSync('tests/bench').filter((f) => f.endsWith('.bench.mjs')).sort()) {
  if (only && !f.includes(only)) continue
  console.log(`\n=== ${f} ===`)
  run(process.execPath, ['--import', 'tsx', `tests/bench/${f}`], { env: { ...process.env, CHROMIUM_PATH: chromium ?? '' } })
}
