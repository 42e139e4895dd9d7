// A 1M-number UE file check from upload to done: BENCH_UE_NUMBERS distinct mobiles (default 1,000,000) as
// the console uploads them (the numbers worker's output, `\n`-separated digits, ~12 MB, under the 15 MB limit), through
// the real app in-process on the embedded PostgreSQL as `npm start` runs it (a throwaway database; BENCH_DATABASE_URL or
// TEST_DATABASE_URL instead when set): POST /file/uploadMobileUe (parse +
// store the numbers), POST /mobileUe/uploadCheck (bill), the background checker at a high throughput limit
// (UE_CHECK_RATE of BENCH_UE_RATE, default 10M/s, so the database is the limit) until the file is done, then the
// result downloaded as csv. Beside it, in the same run: the database's floor, the same numbers inserted by one
// `insert … select from generate_series` and answered by one `update` (no parsing, no hashing, no chunks).
import { loadavg } from 'node:os'
import { benchDb } from './lib/throwaway-pg.mjs'

const N = Number(process.env.BENCH_UE_NUMBERS ?? 1_000_000)
const RATE = Number(process.env.BENCH_UE_RATE ?? 10_000_000)
const s = (ms) => `${(ms / 1000).toFixed(2)} s`
const MB = (n) => `${(n / 2 ** 20).toFixed(1)} MB`

const { migrate } = await import('../../server/db/index.ts')
const { seedDemo } = await import('../../server/seed/index.ts')
const { createApp } = await import('../../server/app.ts')
const { Carrier } = await import('../../server/carrier.ts')
const { issueToken } = await import('../../server/security/tokens.ts')
const { runUeChecks } = await import('../../server/number-check/ue-checker.ts')

const db = await benchDb({ asServed: true })
try {
  await migrate(db)
  await seedDemo(db, { historyRows: 1000 })
  // Let the seeded demo files finish first, so the checker's time below is this file's alone.
  await runUeChecks(db, 1e9, { failShare: 0, seed: 'bench' })
  await db.query("update customer set balance = 1000000 where cus_id = 'acme02'")
  const app = createApp({ db, carrier: new Carrier(), config: { distDir: '/nonexistent', apiBase: '/api', corsOrigin: '', rateLimitScale: 1000 } })
  const id = (await db.query("select id from customer where cus_id = 'acme02'")).rows[0].id
  const { token } = await issueToken(db, id)
  const headers = { authorization: `Bearer ${token}` }

  const text = Array.from({ length: N }, (_, i) => `1${3 + (i % 7)}${String((i * 7_919) % 1_000_000_000).padStart(9, '0')}`).join('\n')
  const form = new FormData()
  form.set('payload', JSON.stringify({ file_name: 'bench.txt' }))
  form.set('numbers', new Blob([text]), 'numbers.txt')

  const t0 = performance.now()
  const up = await (await app.request('/api/file/uploadMobileUe', { method: 'POST', headers, body: form })).json()
  if (up.code !== 200) throw new Error(`upload: ${up.msg}`)
  const t1 = performance.now()
  const confirm = await (await app.request('/api/mobileUe/uploadCheck', {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ batch_id: up.data.batch_id, idempotency_key: crypto.randomUUID() }),
  })).json()
  if (confirm.code !== 200) throw new Error(`uploadCheck: ${confirm.msg}`)
  const t2 = performance.now()
  // As the ue-checker job does at UE_CHECK_RATE = RATE: a second's budget per tick, until the file is done.
  const rss0 = process.memoryUsage().rss
  let peak = rss0
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  let status = 0
  while (status < 2) {
    await runUeChecks(db, RATE, { failShare: 0, seed: 'bench', chunk: 50_000 })
    status = (await db.query('select file_status::int as s from mobile_ue_file where batch_id = $1', [up.data.batch_id])).rows[0].s
  }
  clearInterval(sampler)
  const t3 = performance.now()
  const res = await app.request('/api/mobileUe/downloadMobile', {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ batch_id: up.data.batch_id, format: 'csv' }),
  })
  const bytes = (await res.arrayBuffer()).byteLength
  const t4 = performance.now()
  const file = (await db.query('select check_count, ue_count, nue_count from mobile_ue_file where batch_id = $1', [up.data.batch_id])).rows[0]

  await db.query("insert into mobile_ue_file (batch_id, cus_id, file_name, file_status, batch_count, create_time, confirmed) values ('floor', 'bench', 'f', 2, $1, now(), false)", [N])
  const f0 = performance.now()
  await db.transaction(async (tx) => {
    await tx.query("insert into mobile_ue_number (batch_id, seq, mobile) select 'floor', i, (13000000000 + i)::text from generate_series(1, $1::int) i", [N])
    await tx.query("update mobile_ue_number set is_ue = (seq % 10 < 6) where batch_id = 'floor'")
  })
  const f1 = performance.now()

  console.log(`${N.toLocaleString()} numbers, upload body ${MB(text.length)}, embedded PostgreSQL, checker at ${RATE.toLocaleString()} numbers/s, load average ${loadavg()[0].toFixed(1)}`)
  console.log('| step | ours | |')
  console.log('|---|---|---|')
  console.log(`| upload: parse + store (/file/uploadMobileUe) | ${s(t1 - t0)} | ${up.data.batch_count.toLocaleString()} numbers, ${up.data.invalid} invalid, ${up.data.duplicates} duplicates |`)
  console.log(`| confirm + bill (/mobileUe/uploadCheck) | ${s(t2 - t1)} | cost ${confirm.data.cost} |`)
  console.log(`| check to done (background checker) | ${s(t3 - t2)}, ${Math.round(N / ((t3 - t2) / 1000)).toLocaleString()} numbers/s, peak RSS +${MB(peak - rss0)} | ${file.check_count.toLocaleString()} checked, ${file.ue_count.toLocaleString()} UE, ${file.nue_count.toLocaleString()} not |`)
  console.log(`| download csv (/mobileUe/downloadMobile) | ${s(t4 - t3)} | ${MB(bytes)} |`)
  console.log(`| upload to done | ${s(t3 - t0)} | |`)
  console.log(`| baseline: one insert … generate_series + one update | ${s(f1 - f0)} | the database's floor for the same rows |`)
} finally {
  await db.close()
}
