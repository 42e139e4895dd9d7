// PGlite runs no autovacuum, so after a large send its planner statistics describe the tables as they were (the
// demo seed analyzes once at its end). This bench stores BENCH_ANALYZE_NUMBERS (default 1,000,000) numbers as one
// immediate send and as one timed send of account acme02 on a file-backed PGlite with the demo data (as the server
// runs it), then times list requests of that account, its parent and the administrator (median of BENCH_REPEAT,
// default 3, after one warm-up) with the statistics left stale, then runs ANALYZE of each touched table (timed: how
// long each holds PGlite's one connection) and times the same requests again. Prints both sides per request, and the
// plans of the requests whose time changed most.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const N = Number(process.env.BENCH_ANALYZE_NUMBERS ?? 1_000_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3)
const TABLES = ['mt_record', 'sms_batch', 'time_mt_message', 'time_batch', 'mt_daily']

const [{ createApp }, { migrate, openDb }, { seedDemo }, { issueToken }, { groupSend }] = await Promise.all([
  import('../../server/app.ts'), import('../../server/db/index.ts'), import('../../server/seed/index.ts'),
  import('../../server/security/tokens.ts'), import('../../server/send/group-send.ts'),
])
const dir = mkdtempSync(join(tmpdir(), 'sms-bench-stats-'))
try {
  const db = await openDb({ dataDir: join(dir, 'pglite') })
  await migrate(db)
  await seedDemo(db, { historyRows: 20_000 })
  await db.query("update customer set balance = 100000000 where cus_id = 'acme02'")
  const app = createApp({ db, config: { distDir: '/nonexistent', rateLimitScale: 1e6 } })
  const tokens = {}
  for (const u of ['acme02', 'acme', 'admin']) {
    const { rows } = await db.query('select id from customer where cus_id = $1', [u])
    tokens[u] = (await issueToken(db, rows[0].id)).token
  }
  const mobiles = Array.from({ length: N }, (_, i) => `1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}`)
  const numbers = { mobiles, invalid: 0, duplicates: 0 }
  let t = performance.now()
  const sent = await groupSend(db, 'acme02', { content: '【示例商城】大促，回T退订', idempotency_key: randomUUID() }, numbers)
  console.log(`immediate send of ${N.toLocaleString('en')} stored in ${((performance.now() - t) / 1000).toFixed(1)} s`)
  t = performance.now()
  const timed = await groupSend(db, 'acme02', {
    content: '【示例商城】预告，回T退订', idempotency_key: randomUUID(), timing_time: new Date(Date.now() + 86_400_000).toISOString(),
  }, numbers)
  console.log(`timed send of ${N.toLocaleString('en')} scheduled in ${((performance.now() - t) / 1000).toFixed(1)} s`)

  const requests = [
    ['acme02', '/mtRecord/list', {}],
    ['acme02', '/mtRecord/list', { status: 500 }],
    ['acme02', '/mtRecord/list', { status: 0 }],
    ['acme02', '/mtRecord/list', { batch_id: sent.batch_id }],
    ['acme02', '/mtRecord/list', { mobile: mobiles[12345] }],
    ['acme', '/mtRecord/list', {}],
    ['acme', '/mtRecord/list', { status: 0 }],
    ['admin', '/mtRecord/list', { status: 0 }],
    ['acme02', '/dataGathering/batchList', {}],
    ['acme02', '/timeMtMessage/list', {}],
    ['acme02', '/timeMtMessage/list', { time_batch: timed.batch_id }],
    ['acme02', '/timeMtMessage/list', { mobile: mobiles[54321] }],
    ['acme02', '/pageTimeBatch/list', {}],
  ]
  const timeOne = async ([user, path, filter]) => {
    const res = await app.request(`/api${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
      body: JSON.stringify({ current: 1, size: 20, ...filter }),
    })
    const body = await res.json()
    if (body.code !== 200) throw new Error(`${path} ${JSON.stringify(filter)}: ${JSON.stringify(body).slice(0, 200)}`)
  }
  const measure = async () => {
    const out = []
    for (const r of requests) {
      await timeOne(r)
      const ts = []
      for (let i = 0; i < REPEAT; i++) {
        const s = performance.now()
        await timeOne(r)
        ts.push(performance.now() - s)
      }
      out.push(ts.sort((a, b) => a - b)[Math.floor(REPEAT / 2)])
    }
    return out
  }
  const stale = await measure()
  const analyze = {}
  for (const table of TABLES) {
    const s = performance.now()
    await db.exec(`analyze ${table}`)
    analyze[table] = `${(performance.now() - s).toFixed(0)} ms`
  }
  const fresh = await measure()
  console.log(`\nANALYZE per table (each holds PGlite's one connection):`)
  console.table(analyze)
  console.log(`\nList requests (median of ${REPEAT}) after ${N.toLocaleString('en')}-number sends, statistics stale vs after ANALYZE:`)
  console.table(Object.fromEntries(requests.map(([user, path, filter], i) => [`${user} ${path} ${JSON.stringify(filter).slice(0, 40)}`, {
    stale: `${stale[i].toFixed(0)} ms`, analyzed: `${fresh[i].toFixed(0)} ms`, ratio: (stale[i] / fresh[i]).toFixed(2),
  }])))
  await db.close()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
