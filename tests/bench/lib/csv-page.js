// Page side of csv-export.bench.mjs: builds the rows, runs the export in the module Worker (through comlink, as
// src/grid/export-view.ts does) or on the main thread, and reports the long tasks seen meanwhile.
import { wrap } from 'comlink'
import { toCsv } from '../../../src/domain/csv.ts'
import { csvInChunks } from '../../../workers/csv-chunks.ts'
import { RECORD_HEADER, recordRows } from './record-rows.mjs'

const longTasks = []
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask' })
const settle = () => new Promise((r) => setTimeout(r, 300))

let rows = []
let remote = null

async function measure(run) {
  await settle()
  const t0 = performance.now()
  const bytes = await run()
  const t1 = performance.now()
  await settle()
  const seen = longTasks.filter((e) => e.startTime >= t0 - 1 && e.startTime < t1)
  return {
    ms: t1 - t0,
    bytes: bytes.byteLength,
    longTasks: seen.length,
    longTotal: seen.reduce((s, e) => s + e.duration, 0),
    longest: seen.reduce((m, e) => Math.max(m, e.duration), 0),
  }
}

window.bench = {
  async start(workerSource) {
    const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }))
    remote = wrap(new Worker(url, { type: 'module' }))
    await remote.toCsv(RECORD_HEADER, recordRows(100))
  },
  generate(n) {
    rows = recordRows(n)
    return rows.length
  },
  /** As the console exports: rows sent to the worker a chunk at a time. */
  worker: () => measure(() => csvInChunks(remote, RECORD_HEADER, rows)),
  /** The earlier design, for comparison: all rows in one message. */
  workerOneMessage: () => measure(() => remote.toCsv(RECORD_HEADER, rows)),
  main: () => measure(async () => toCsv(RECORD_HEADER, rows)),
  /** What postMessage costs the sender alone: serialising the rows (a port never started never deserialises). */
  serialize: () =>
    measure(async () => {
      const { port1, port2 } = new MessageChannel()
      port1.postMessage([RECORD_HEADER, rows])
      port1.close()
      port2.close()
      return new Uint8Array(0)
    }),
}
