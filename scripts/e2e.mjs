// `npm run test:e2e`: only the browser tests (builds first when sources changed).
import { bin, ensureBuilt, ensureChromium, run } from './lib.mjs'

const chromium = ensureChromium()
if (!chromium) {
  console.error('✗ No Chromium: install it with `apt-get install chromium` or set CHROMIUM_PATH.')
  process.exit(1)
}
ensureBuilt()
run(bin('playwright'), ['test', ...process.argv.slice(2)], { env: { ...process.env, CHROMIUM_PATH: chromium } })
