// Billing a point-to-point send of 1M personalised messages (a {p1}…{p4} template filled per spreadsheet row):
// measureTemplateRows (workers/billing.ts) on UTF-8 columns, which never builds a message, beside the same send
// measured by building every message and calling measureContent, and a plain baseline that builds every message
// and measures it with TextEncoder, a code-point spread and a regular expression. Medians of alternating runs in
// one process; the totals of all three must agree. BENCH_BILLING_ROWS overrides the row count.
import { measureContent, measureTemplateRows, packColumns } from '../../workers/billing.ts'
import { mulberry32 } from './lib/number-lists.mjs'
import { median } from './lib/record-rows.mjs'

const ROWS = Number(process.env.BENCH_BILLING_ROWS ?? 1_000_000)
const TEMPLATE = '【艾克米】尊敬的{p1}，您的账单{p2}已出，应缴{p3}元，详情 https://s.sms.cn/{p4} 回TD退订'
const NAMES = ['张三', '李四', '王小明', '欧阳娜娜', 'Alice', 'Bob Lee', 'Zoë', '陈😀']
const rand = mulberry32(42)
const rows = Array.from({ length: ROWS }, (_, i) => [
  NAMES[Math.floor(rand() * NAMES.length)], `2025${String(i).padStart(8, '0')}`, (rand() * 5000).toFixed(2), Math.floor(rand() * 2 ** 31).toString(36),
])
const fill = (row) => TEMPLATE.replace(/\{p([1-9]\d*)\}/g, (_, n) => row[n - 1] ?? '')

let t0 = performance.now()
const columns = packColumns(rows, 4)
const packMs = performance.now() - t0

const encoder = new TextEncoder()
const IMPLS = {
  measureTemplateRows: () => measureTemplateRows(TEMPLATE, columns).messages,
  'fill + measureContent': () => {
    let messages = 0
    for (const row of rows) messages += measureContent(fill(row)).messages
    return messages
  },
  'baseline (fill + TextEncoder)': () => {
    let messages = 0
    let bytes = 0
    for (const row of rows) {
      const text = fill(row)
      bytes += encoder.encode(text).length
      const chars = [...text].length
      if (chars) messages += Math.ceil(chars / (/[\u0080-\uffff]/.test(text) ? 70 : 160))
    }
    return bytes && messages
  },
}

const ms = Object.fromEntries(Object.keys(IMPLS).map((k) => [k, []]))
const totals = {}
for (let i = 0; i < 5; i++) {
  for (const [name, fn] of Object.entries(IMPLS)) {
    t0 = performance.now()
    totals[name] = fn()
    ms[name].push(performance.now() - t0)
  }
}
const base = median(ms['baseline (fill + TextEncoder)'])
console.log(`${ROWS.toLocaleString('en')} rows, template "${TEMPLATE}"`)
console.table(Object.keys(IMPLS).map((name) => ({
  '': name, 'median ms': median(ms[name]).toFixed(0), 'min ms': Math.min(...ms[name]).toFixed(0),
  'vs baseline': `${(base / median(ms[name])).toFixed(1)}×`, 'total messages': totals[name].toLocaleString('en'),
})))
console.log(`packColumns (rows of strings → UTF-8 columns, done once where the spreadsheet is read): ${packMs.toFixed(0)} ms`)
const agree = new Set(Object.values(totals)).size === 1
console.log(agree ? '✓ all three bill the same total' : `✗ totals differ: ${JSON.stringify(totals)}`)
if (!agree) process.exitCode = 1
