// Page side of grid.bench.mjs: mounts either AgGridReact (the project's ag-setup modules and theme, ListGrid's
// relevant options) or a plain <table> over the same rows, times first paint, then scrolls and records frame times.
import { AgGridReact } from 'ag-grid-react'
import { createRoot } from 'react-dom/client'
import { lightGridTheme } from '../../../src/grid/ag-setup.ts'
import { RECORD_HEADER, recordObjects } from './record-rows.mjs'

const FIELDS = ['id', 'c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'n']
const HEADERS = ['#', ...RECORD_HEADER, '计费条数']
const columnDefs = FIELDS.map((field, i) => ({ field, headerName: HEADERS[i], width: field === 'c3' ? 360 : 130 }))

function Grid({ rows }) {
  return <AgGridReact theme={lightGridTheme} columnDefs={columnDefs} rowData={rows} suppressColumnVirtualisation suppressNoRowsOverlay />
}

function Table({ rows }) {
  return (
    <div className="plain">
      <table>
        <thead><tr>{HEADERS.map((h) => <th key={h}>{h}</th>)}</tr></thead>
        <tbody>{rows.map((r) => <tr key={r.id}>{FIELDS.map((f) => <td key={f}>{r[f]}</td>)}</tr>)}</tbody>
      </table>
    </div>
  )
}

const frame = () => new Promise((r) => requestAnimationFrame(() => r()))
const afterPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))

window.bench = {
  async mount(kind, n) {
    const rows = recordObjects(n).map((r) => ({ ...r, n: 1 + (r.id % 3) }))
    const host = document.getElementById('host')
    await afterPaint()
    const rowSelector = kind === 'grid' ? '.ag-row' : 'tbody tr'
    const t0 = performance.now()
    const inDom = new Promise((resolve) => {
      const check = () => host.querySelector(rowSelector) && (mo.disconnect(), resolve(performance.now()))
      const mo = new MutationObserver(check)
      mo.observe(host, { childList: true, subtree: true })
    })
    createRoot(host).render(kind === 'grid' ? <Grid rows={rows} /> : <Table rows={rows} />)
    const rowsAt = await inDom
    await afterPaint()
    return { rowsMs: rowsAt - t0, paintMs: performance.now() - t0, domRows: host.querySelectorAll(rowSelector).length }
  },
  /** Scrolls the rows' viewport by `distance` px, linearly over `ms`, one step per animation frame. */
  async scroll(kind, distance, ms) {
    // The element that scrolls the rows (AG Grid 36 names its viewports differently from earlier versions).
    const vp = [...document.querySelectorAll('#host *')].find(
      (e) => e.scrollHeight > e.clientHeight + 1000 && /auto|scroll/.test(getComputedStyle(e).overflowY),
    )
    await frame()
    const deltas = []
    const start = performance.now()
    let last = start
    for (;;) {
      await frame()
      const now = performance.now()
      deltas.push(now - last)
      last = now
      const p = Math.min(1, (now - start) / ms)
      vp.scrollTop = p * distance
      if (p >= 1) break
    }
    await afterPaint()
    return { deltas, scrolledPx: vp.scrollTop, scroller: vp.className }
  },
}
