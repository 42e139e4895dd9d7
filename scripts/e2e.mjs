// `npm run test:e2e`: only the browser tests (builds first when sources changed). Without arguments, every spec file
// in E2E_SHARDS shards at once (default 2: scripts/e2e-shards.mjs); with arguments (files, -g, …), or E2E_SHARDS=1,
// one `playwright test` with them.
import { bin, ensureBuilt, ensureChromium, run } from './lib.mjs'
import { runE2eShards } from './e2e-shards.mjs'

const chromium = ensureChromium()
if (!chromium) {
  console.error('✗ No Chromium: install it with `apt-get install chromium` or set CHROMIUM_PATH.')
  process.exit(1)
}
ensureBuilt()
const args = process.argv.slice(2)
const shards = Number(process.env.E2E_SHARDS ?? 2)
const env = { ...process.env, CHROMIUM_PATH: chromium }
if (args.length === 0 && shards > 1) {
  if (!(await runE2eShards(shards, env))) process.exit(1)
} else run(bin('playwright'), ['test', ...args], { env })
