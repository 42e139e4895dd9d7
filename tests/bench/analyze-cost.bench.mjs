// What the end-of-store ANALYZE of mt_record costs PGlite's one connection (issue 15: send/storing.ts analyzeIfGrown),
// and cheaper ways to do it. A file-backed PGlite in a temp dir with the demo data and one same-content send of
// BENCH_SEND_NUMBERS (default 1,000,000) records stored; then each way, in turn, BENCH_ROUNDS (default 3) times,
// alternating: the whole table (today), the columns the list plans filter, join or sort on (no content, so no
// statistics of the content's text and its expression indexes), the whole table at a statistics target of 10, and
// one column alone (what sampling the table costs apart from the statistics of each column).
// Printed: the median and each run's time per way.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

process.env.SEND_CHUNKED_FROM = 'Infinity'
const N = Number(process.env.BENCH_SEND_NUMBERS ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const [{ migrate, openDb }, { seedDemo }, { groupSend }, { ANALYZE_COLUMNS }] = await Promise.all([
  import('../../server/db/index.ts'), import('../../server/seed/index.ts'), import('../../server/send/group-send.ts'),
  import('../../server/send/storing.ts').then((m) => ({ ANALYZE_COLUMNS: m.ANALYZE_COLUMNS ?? null })),
])
const columns = ANALYZE_COLUMNS?.mt_record?.join(', ') ??
  'cus_id, prod_type, receive_time, sn, batch_id, mt_status, report_result, mobile, country_code, long_link, click_time, report_time, price, template_name'
const ways = {
  'analyze mt_record (whole table)': ['analyze mt_record'],
  [`analyze mt_record (${columns.split(', ').length} columns)`]: [`analyze mt_record (${columns})`],
  'whole table, statistics target 10': ['set default_statistics_target = 10', 'analyze mt_record', 'reset default_statistics_target'],
  'one column (cus_id)': ['analyze mt_record (cus_id)'],
  'one column (content)': ['analyze mt_record (content)'],
}
const dir = mkdtempSync(join(tmpdir(), 'sms-bench-analyze-'))
try {
  const db = await openDb({ dataDir: join(dir, 'pglite') })
  await migrate(db)
  await seedDemo(db, { historyRows: 20_000 })
  await db.query("update customer set balance = 100000000 where cus_id = 'acme02'")
  const mobiles = Array.from({ length: N }, (_, i) => `1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}`)
  await groupSend(db, 'acme02', { content: '【示例商城】双十一会员专享，回T退订', idempotency_key: randomUUID() }, { mobiles, invalid: 0, duplicates: 0 })
  const times = Object.fromEntries(Object.keys(ways).map((k) => [k, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, statements] of Object.entries(ways)) {
      const t = performance.now()
      for (const s of statements) await db.exec(s)
      times[name].push(performance.now() - t)
    }
  }
  await db.close()
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  console.log(`ANALYZE of mt_record after a ${N.toLocaleString('en')}-record send on PGlite (medians of ${ROUNDS}):`)
  console.table(Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, { median: `${median(xs).toFixed(0)} ms`, runs: xs.map((x) => x.toFixed(0)).join(', ') }])))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
