// A point-to-point send's spreadsheet, as the console's rows worker handles it (workers/p2p-rows.worker.ts):
// sheetToTsv reads the first sheet as TSV bytes, arrangeRows moves the mobile column first, drops invalid and
// repeated rows and packs the rows to upload, measureArranged bills the template over every row without building a
// message. Beside it, a plain baseline in the same run: SheetJS sheet_to_json({ header: 1 }), then per row the
// mobile checked with a regular expression and de-duplicated in a Set, the template filled and measureContent
// called, and the kept rows joined and encoded. The sheet: a header, then name, mobile (a number), order id; ~3% of
// mobiles repeated, ~1% invalid; ~46 bytes a row of xlsx, so ~300k rows fit in the 15 MB upload limit. Each figure is
// one call in a fresh process: wall time, peak RSS above the start. BENCH_P2P_ROWS overrides the sizes.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { read, utils, write } from '@e965/xlsx'
import { measureContent } from '../../src/domain/billing.ts'
import { fillTemplate } from '../../src/domain/send-p2p.ts'
import { arrangeRows, measureArranged } from '../../workers/p2p-rows.ts'
import { sheetToTsv } from '../../workers/spreadsheet.ts'

const SIZES = (process.env.BENCH_P2P_ROWS ?? '100000,300000').split(',').map(Number)
const TEMPLATE = '【艾克米】尊敬的{p1}，您的订单{p2}已发货，回TD退订'
const MB = (n) => `${(n / 2 ** 20).toFixed(0)} MB`

function ours(bytes) {
  const sheet = sheetToTsv(bytes)
  const a = arrangeRows(sheet, { mobileColumn: 1, firstRowIsHeader: sheet.header !== null })
  const t0 = performance.now()
  const messages = measureArranged(TEMPLATE, a).messages
  // What each pause in typing the template costs the worker once the rows are arranged.
  const remeasureMs = performance.now() - t0
  return { valid: a.result.valid, messages, upload: a.result.rows.byteLength, remeasureMs }
}

function baseline(bytes) {
  const wb = read(bytes, { type: 'array', dense: true })
  const rows = utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: false })
  const seen = new Set()
  const kept = []
  let messages = 0
  for (let i = 1; i < rows.length; i++) {
    const [name, mobile, order] = rows[i].map((c) => String(c ?? ''))
    if (!/^1[3-9]\d{9}$/.test(mobile) || seen.has(mobile)) continue
    seen.add(mobile)
    messages += measureContent(fillTemplate(TEMPLATE, [name, order])).messages
    kept.push(`${mobile}\t${name}\t${order}`)
  }
  return { valid: kept.length, messages, upload: new TextEncoder().encode(kept.join('\n')).byteLength }
}
const IMPLS = { 'p2p rows worker': ours, baseline }

if (process.argv[2] === '--child') {
  const bytes = new Uint8Array(readFileSync(process.argv[4]))
  const before = process.memoryUsage().rss
  const t0 = performance.now()
  const r = IMPLS[process.argv[3]](bytes)
  const ms = performance.now() - t0
  console.log(JSON.stringify({ ms, rssPeak: process.resourceUsage().maxRSS * 1024 - before, ...r }))
  process.exit(0)
}

const NAMES = ['张三', '李四', '王小明', '欧阳娜娜', 'Alice', 'Bob Lee']
function book(n) {
  const rows = new Array(n + 1)
  rows[0] = ['姓名', '手机号', '订单号']
  for (let i = 1; i <= n; i++) {
    const mobile = i % 100 === 0 ? 12_345 : i % 33 === 0 ? 13_800_000_000 + i - 1 : 13_800_000_000 + i
    rows[i] = [NAMES[i % NAMES.length], mobile, `SO${String(i).padStart(9, '0')}`]
  }
  const wb = utils.book_new()
  utils.book_append_sheet(wb, utils.aoa_to_sheet(rows, { dense: true }), 'rows')
  return write(wb, { type: 'buffer', bookType: 'xlsx', compression: true })
}

function child(impl, file) {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', impl, file]
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 16 << 20 })
  if (r.status !== 0) return { failed: /heap out of memory|Invalid string length|Error: \w+/i.exec(r.stderr)?.[0] ?? `exit ${r.status ?? r.signal}` }
  return JSON.parse(r.stdout.trim().split('\n').pop())
}

const dir = mkdtempSync(join(tmpdir(), 'p2p-bench-'))
try {
  console.log(`point-to-point xlsx: read + arrange + bill "${TEMPLATE}" vs baseline (sheet_to_json + Set + fill + measureContent)`)
  for (const n of SIZES) {
    const file = join(dir, `${n}.xlsx`)
    writeFileSync(file, book(n))
    const size = statSync(file).size
    for (const impl of Object.keys(IMPLS)) {
      const r = child(impl, file)
      const what = r.failed
        ? `failed: ${r.failed}`
        : `${r.ms.toFixed(0)} ms, peak RSS +${MB(r.rssPeak)}, ${r.valid} rows kept, ${r.messages} messages, upload ${MB(r.upload)}` +
          (r.remeasureMs === undefined ? '' : `; template re-measured in ${r.remeasureMs.toFixed(0)} ms`)
      console.log(`  ${n.toLocaleString('en')} rows (${MB(size)} xlsx)  ${impl.padEnd(16)} ${what}`)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
