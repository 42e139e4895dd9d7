// Gzip size of the JavaScript the login page loads (measured in Chromium) and of every lazily loaded chunk,
// beside the whole bundle as baseline. Fails if the login page loads AG Grid, nivo or a worker.
import { chromium } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { startServer } from './server.mjs'

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`
const assets = readdirSync('dist/assets').filter((f) => f.endsWith('.js'))
const info = new Map(
  assets.map((f) => {
    const text = readFileSync(`dist/assets/${f}`, 'utf8')
    const heavy = [/ag-grid|agGrid|AG Grid/i.test(text) && 'AG Grid', /@nivo|nivo/i.test(text) && 'nivo', /worker/i.test(f) && 'worker'].filter(Boolean)
    return [f, { gz: gzipSync(text).length, raw: text.length, heavy }]
  }),
)

const server = await startServer()
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
const page = await browser.newPage()
const loaded = new Set()
page.on('response', (r) => {
  const m = r.url().match(/\/assets\/([^/?]+\.js)/)
  if (m) loaded.add(m[1])
})
await page.goto(`${server.base}/sms-cloud/login`, { waitUntil: 'networkidle' })
await browser.close()
await server.stop()

const total = [...info.values()].reduce((s, x) => s + x.gz, 0)
const login = [...loaded].reduce((s, f) => s + (info.get(f)?.gz ?? 0), 0)
console.log(`login page JavaScript: ${kb(login)} gzip in ${loaded.size} files (baseline, whole bundle: ${kb(total)} gzip in ${info.size} files)`)
console.log('\nchunk'.padEnd(48) + 'gzip'.padStart(12) + '  on login  heavy')
for (const [f, x] of [...info].sort((a, b) => b[1].gz - a[1].gz)) {
  console.log(f.padEnd(47) + kb(x.gz).padStart(12) + `  ${loaded.has(f) ? 'yes' : '   '}       ${x.heavy.join(', ')}`)
}
const bad = [...loaded].filter((f) => info.get(f)?.heavy.length)
if (bad.length) {
  console.error(`\n✗ the login page loads heavy chunks: ${bad.join(', ')}`)
  process.exit(1)
}
console.log('\n✓ the login page loads neither AG Grid, nivo nor a worker')
