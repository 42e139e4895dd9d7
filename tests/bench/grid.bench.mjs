// Grid first paint and scroll frame times with 100k client rows in Chromium: AgGridReact with the project's
// src/grid/ag-setup.ts (its registered modules and light theme) and ListGrid's column options, beside a plain React
// <table> of the same rows as baseline, in the same run. BENCH_GRID_ROWS sets the row count (default 100,000).
import { build } from 'esbuild'
import { launch, serve } from './lib/csv-chromium.mjs'
import { median, pct } from './lib/record-rows.mjs'

const ROWS = Number(process.env.BENCH_GRID_ROWS ?? 100_000)
const ROW_PX = 32
const SCROLL_ROWS = 10_000
const SCROLL_MS = 3000
const RUNS = { grid: 3, table: 1 }

const js = (
  await build({
    entryPoints: ['tests/bench/lib/grid-page.jsx'], bundle: true, format: 'esm', write: false, minify: true, logLevel: 'error',
    jsx: 'automatic', define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
  })
).outputFiles[0].text
const css = `:root{--surface:#fff;--surface-2:#f5f6f8;--text:#1f2329;--border:#dfe1e5;--primary:#1664ff}
  body{margin:0;font:13px system-ui,sans-serif} #host{width:1280px;height:720px}
  .plain{height:720px;overflow:auto} table{border-collapse:collapse;table-layout:fixed;width:1530px}
  td,th{height:${ROW_PX - 1}px;padding:0 8px;border-bottom:1px solid #dfe1e5;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`
const site = await serve({
  '/': ['text/html', `<!doctype html><meta charset="utf-8"><style>${css}</style><div id="host"></div><script type="module" src="/page.js"></script>`],
  '/page.js': ['text/javascript', js],
})

const browser = await launch()
const results = []
try {
  for (const kind of ['grid', 'table']) {
    for (let i = 0; i < RUNS[kind]; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
      page.on('pageerror', (e) => console.error(`page error: ${e.message}`))
      page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && console.error(`page console: ${m.text().slice(0, 300)}`))
      page.on('crash', () => console.error(`${kind}: the page crashed`))
      await page.goto(site.base)
      await page.waitForFunction(() => window.bench)
      const mount = await page.evaluate(([k, n]) => window.bench.mount(k, n), [kind, ROWS])
      const idle = await page.evaluate(([k]) => window.bench.scroll(k, 0, 1000), [kind])
      const scroll = await page.evaluate(([k, d, ms]) => window.bench.scroll(k, d, ms), [kind, SCROLL_ROWS * ROW_PX, SCROLL_MS])
      results.push({ kind, ...mount, ...scroll, idle: idle.deltas })
      await page.close()
    }
  }
} finally {
  await browser.close()
  site.close()
}

const rows = ['grid', 'table'].map((kind) => {
  const rs = results.filter((r) => r.kind === kind)
  const deltas = rs.flatMap((r) => r.deltas)
  return {
    '': kind === 'grid' ? 'AG Grid (ag-setup)' : 'plain <table> (baseline)',
    runs: rs.length,
    'rows in DOM ms': median(rs.map((r) => r.rowsMs)).toFixed(0),
    'first paint ms': median(rs.map((r) => r.paintMs)).toFixed(0),
    'DOM rows': rs[0].domRows,
    'idle frame ms': median(rs.flatMap((r) => r.idle)).toFixed(1),
    frames: deltas.length,
    'median frame ms': median(deltas).toFixed(1),
    'p95 frame ms': pct(deltas, 0.95).toFixed(1),
    'max frame ms': Math.max(...deltas).toFixed(0),
    'frames > 50 ms': deltas.filter((d) => d > 50).length,
  }
})
console.log(`${ROWS.toLocaleString('en')} client rows × 10 columns, 1280×720 viewport; scroll: ${SCROLL_ROWS.toLocaleString('en')} rows (${(SCROLL_ROWS * ROW_PX).toLocaleString('en')} px) over ${SCROLL_MS / 1000} s, one step per animation frame; figures are medians over runs, frames pooled; idle = 1 s of frames with no scrolling, after first paint`)
console.table(rows)
console.log(`scrolled: ${[...new Set(results.map((r) => `${r.kind} ${r.scrolledPx} px (${r.scroller})`))].join('; ')}`)
