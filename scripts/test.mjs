// `npm test`: type checks, lint, unit and server tests, then the browser tests against the built console
// served by the real server. Stops at the first failing step. Dependencies are ensured by `pretest`.
import { bin, ensureBuilt, ensureChromium, run } from './lib.mjs'

const started = Date.now()
run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])
run(bin('eslint'), ['.', '--max-warnings=0'])
run(bin('vitest'), ['run'])

const chromium = ensureChromium()
if (!chromium) {
  console.error('✗ No Chromium for the browser tests: install it with `apt-get install chromium` or set CHROMIUM_PATH.')
  process.exit(1)
}
ensureBuilt()
run(bin('playwright'), ['test'], { env: { ...process.env, CHROMIUM_PATH: chromium } })
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`)
