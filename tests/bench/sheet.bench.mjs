// An xlsx recipient file read as the sheet numbers worker does (workers/sheet-source.ts readSheetNumbers: the
// streaming reader, xlsx-stream.ts, writes the first sheet as TSV bytes, the mobile column is picked and cut out,
// parseNumberList counts it), beside, in the same run: the sheet read alone by the streaming reader and by SheetJS's
// whole-workbook read (sheetToTsvBySheetJs, the reader before it), a plain baseline (SheetJS read, then
// sheet_to_json({ header: 1 }), the column's strings joined and encoded, and parseNumberList), and exceljs's streaming
// WorkbookReader when EXCELJS_DIR names a folder where exceljs is installed (it is no dependency: measured only). The sheet: a header and one column of mobiles
// (stored as numbers, as a column pasted into Excel is), ~3% repeated: 16.5 bytes a row, so 950k rows is just under
// the 15 MB upload limit (with a column of names beside it, 37 bytes a row: ~400k rows fit). Each figure is one call
// in a fresh process: wall time, peak RSS above the file's bytes. BENCH_SHEET_ROWS overrides the sizes (100k, 950k).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { read, utils, write } from '@e965/xlsx'
import { parseNumberList } from '../../workers/numbers.ts'
import { readSheetNumbers } from '../../workers/sheet-source.ts'
import { sheetToTsv, sheetToTsvBySheetJs } from '../../workers/spreadsheet.ts'

const SIZES = (process.env.BENCH_SHEET_ROWS ?? '100000,950000').split(',').map(Number)
const MB = (n) => `${(n / 2 ** 20).toFixed(0)} MB`

function baseline(bytes) {
  const wb = read(bytes, { type: 'array', dense: true })
  const rows = utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: false })
  const column = rows.slice(1).map((r) => String(r[0] ?? ''))
  return parseNumberList(new TextEncoder().encode(column.join('\n')))
}
function ours(bytes) {
  const reply = readSheetNumbers(bytes, new Uint8Array(0))
  if (!reply.ok) throw new Error(reply.error)
  return reply.result
}
/** The sheet read and TSV writing alone: what readSheetNumbers adds to it is the column cut and the parse. */
const streamOnly = (bytes) => ({ rows: sheetToTsv(bytes).rows })
const sheetJsOnly = (bytes) => ({ rows: sheetToTsvBySheetJs(bytes).rows })
/** exceljs's streaming reader over the same bytes (Node streams: a browser worker would need their polyfills). */
async function exceljs(bytes) {
  const { createRequire } = await import('node:module')
  const ExcelJS = createRequire(join(process.env.EXCELJS_DIR, 'x.js'))('exceljs')
  const { Readable } = await import('node:stream')
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), { sharedStrings: 'cache', worksheets: 'emit' })
  let rows = 0
  for await (const sheet of reader) {
    for await (const row of sheet) if (row.values.length) rows++
    break
  }
  return { rows: rows - 1 }
}
const IMPLS = {
  readSheetNumbers: ours,
  'stream alone': streamOnly,
  'SheetJS alone': sheetJsOnly,
  baseline,
  ...(process.env.EXCELJS_DIR ? { exceljs } : {}),
}

if (process.argv[2] === '--child') {
  const bytes = new Uint8Array(readFileSync(process.argv[4]))
  const before = process.memoryUsage().rss
  const t0 = performance.now()
  const r = await IMPLS[process.argv[3]](bytes)
  const ms = performance.now() - t0
  console.log(JSON.stringify({ ms, rssPeak: process.resourceUsage().maxRSS * 1024 - before, valid: r.valid, duplicates: r.duplicates, rows: r.rows }))
  process.exit(0)
}

function book(n) {
  const rows = new Array(n + 1)
  rows[0] = ['手机号']
  for (let i = 1; i <= n; i++) rows[i] = [i % 33 === 0 ? 13_800_000_000 + i - 1 : 13_800_000_000 + i]
  const wb = utils.book_new()
  utils.book_append_sheet(wb, utils.aoa_to_sheet(rows, { dense: true }), '联系人')
  return write(wb, { type: 'buffer', bookType: 'xlsx', compression: true })
}

function child(impl, file) {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', impl, file]
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 16 << 20 })
  if (r.status !== 0) return { failed: /heap out of memory|Invalid string length|Error: \w+/i.exec(r.stderr)?.[0] ?? `exit ${r.status ?? r.signal}` }
  return JSON.parse(r.stdout.trim().split('\n').pop())
}

const dir = mkdtempSync(join(tmpdir(), 'sheet-bench-'))
try {
  console.log('xlsx number source: readSheetNumbers (streaming reader), each reader alone, and a SheetJS baseline')
  for (const n of SIZES) {
    const file = join(dir, `${n}.xlsx`)
    writeFileSync(file, book(n))
    const size = statSync(file).size
    for (const impl of Object.keys(IMPLS)) {
      const r = child(impl, file)
      const counts = r.rows === undefined ? `${r.valid} valid, ${r.duplicates} duplicates` : `${r.rows} rows`
      const what = r.failed ? `failed: ${r.failed}` : `${r.ms.toFixed(0)} ms, peak RSS +${MB(r.rssPeak)}, ${counts}`
      console.log(`  ${n.toLocaleString('en')} rows (${MB(size)} xlsx)  ${impl.padEnd(16)} ${what}`)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
