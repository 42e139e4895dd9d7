// `npm test`: type checks, lint, unit and server tests, then the browser tests against the built console
// served by the real server. Stops at the first failing step. Dependencies are ensured by `pretest`.
// The browser tests run as E2E_SHARDS shards at once (default 2, each with its own server: scripts/e2e-shards.mjs);
// E2E_SHARDS=1 runs them as one `playwright test`.
import { bin, ensureBuilt, ensureChromium, run, runTogether } from './lib.mjs'
import { runE2eShards } from './e2e-shards.mjs'

const started = Date.now()
// Both are single-threaded: on two cores they run side by side.
await runTogether([
  [bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  [bin('eslint'), ['.', '--max-warnings=0']],
])
run(bin('vitest'), ['run'])

const chromium = ensureChromium()
if (!chromium) {
  console.error('✗ No Chromium for the browser tests: install it with `apt-get install chromium` or set CHROMIUM_PATH.')
  process.exit(1)
}
ensureBuilt()
const shards = Number(process.env.E2E_SHARDS ?? 2)
const env = { ...process.env, CHROMIUM_PATH: chromium }
if (shards > 1) {
  if (!(await runE2eShards(shards, env))) {
    console.error('\n✗ browser tests failed')
    process.exit(1)
  }
} else run(bin('playwright'), ['test'], { env })
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`)
