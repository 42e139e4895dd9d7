// Chromium half of csv-export.bench.mjs: bundles workers/csv.worker.ts and lib/csv-page.js with esbuild, serves them
// from a throwaway http server on 127.0.0.1, and drives the page. The worker runs from a Blob URL module Worker.
import { chromium } from '@playwright/test'
import { build } from 'esbuild'
import { createServer } from 'node:http'
import { median } from './record-rows.mjs'

const bundle = async (entry) =>
  (await build({ entryPoints: [entry], bundle: true, format: 'esm', write: false, minify: true, logLevel: 'error' })).outputFiles[0].text

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
}

/** Serves `files` (path → [type, body]) on a free local port. */
export async function serve(files) {
  const server = createServer((req, res) => {
    const f = files[req.url.split('?')[0]]
    if (!f) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': f[0] }).end(f[1])
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }
}

export async function runCsvInChromium(sizes) {
  const [workerJs, pageJs] = await Promise.all([bundle('workers/csv.worker.ts'), bundle('tests/bench/lib/csv-page.js')])
  const site = await serve({
    '/': ['text/html', '<!doctype html><meta charset="utf-8"><title>csv bench</title><script type="module" src="/page.js"></script>'],
    '/page.js': ['text/javascript', pageJs],
  })
  const browser = await launch()
  const out = []
  try {
    const page = await browser.newPage()
    await page.goto(site.base)
    await page.waitForFunction(() => window.bench)
    await page.evaluate((src) => window.bench.start(src), workerJs)
    for (const n of sizes) {
      await page.evaluate((k) => window.bench.generate(k), n)
      const runs = n >= 500_000 ? 2 : 3
      const res = { worker: [], workerOneMessage: [], main: [], serialize: [] }
      for (let i = 0; i < runs; i++) {
        for (const k of Object.keys(res)) res[k].push(await page.evaluate((w) => window.bench[w](), k))
      }
      await page.evaluate(() => window.bench.generate(0))
      for (const [where, rs] of Object.entries(res)) {
        const mid = rs.find((r) => r.ms === median(rs.map((x) => x.ms)))
        out.push({
          rows: n.toLocaleString('en'),
          where: { worker: 'worker, chunked (console)', workerOneMessage: 'worker, one message', main: 'main thread (baseline)', serialize: 'postMessage(rows) alone' }[where],
          runs,
          'wall ms': mid.ms.toFixed(0),
          'long tasks': mid.longTasks,
          'long total ms': mid.longTotal.toFixed(0),
          'longest ms': mid.longest.toFixed(0),
          MB: (mid.bytes / 2 ** 20).toFixed(0),
        })
      }
    }
  } finally {
    await browser.close()
    site.close()
  }
  return out
}
