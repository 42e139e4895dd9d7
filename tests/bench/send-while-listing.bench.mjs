// Other users' requests while a 1M-number send is being stored (target: their p99 <= 300 ms, max <= 1 s), on the
// embedded PostgreSQL as `npm start` runs it (BENCH_DATABASE_URL or TEST_DATABASE_URL instead when set), a database
// of its own per run with the demo data. One account sends BENCH_SEND_NUMBERS (default 1,000,000) numbers while other
// users open their lists through the app, one client per entry of BENCH_LISTS (default "time,time,time,waiting": the
// users globex, acme, acme01 and admin in turn, so the administrator filters every account's records on "waiting for
// a report", the sender's 1M included), each a request every BENCH_THINK_MS (default 250 ms) after its previous
// answer, as people at their screens do, until the send is stored (each opened once before, not counted: a
// process' first request compiles its code). Lists: time (the sent records, newest first), mobile (sorted by
// mobile), status (sorted by status), waiting (filtered on "waiting for a report"), links (the short-link records),
// batches (the batch statistics, with its totals row), timed (the timed details).
// BENCH_SEND_KINDS (default "group,timed") names the sends measured, each through its real code: group (a
// same-content send), link (a short link per recipient), timed (a due timed batch of that size, scheduled before the
// measure starts, sent by the scheduler's runDueBatches), schedule (a timed send of that size being scheduled: its
// details written), edit (the content of such a scheduled batch edited: every detail rewritten). Printed: the send's
// time and the other requests' count, p50, p99 and max during it (medians of BENCH_ROUNDS, default 2, alternating).
// Beside it, in the same run on the same database server: the baseline, the same through the code of commit
// BENCH_BASELINE_COMMIT (default HEAD~, in a temporary git worktree: tests/bench/lib/baseline.mjs); BENCH_BASELINE=0
// leaves it out.
// BENCH_CARRIER=1 runs the carrier simulator in the measured process meanwhile, as npm start does.
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { BASELINE, withBaseline } from './lib/baseline.mjs'
import { benchPostgres, withThrowawayDatabase } from './lib/throwaway-pg.mjs'
import { median } from './lib/timing.mjs'

const N = Number(process.env.BENCH_SEND_NUMBERS ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250)
const CARRIER = process.env.BENCH_CARRIER === '1'
const KINDS = (process.env.BENCH_SEND_KINDS ?? 'group,timed').split(',').map((k) => k.trim()).filter(Boolean)
const CONTENT = '【示例商城】双十一会员专享，回T退订'
const ms = (v) => `${v.toFixed(0)} ms`
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ')
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

const LISTS = (process.env.BENCH_LISTS ?? 'time,time,time,waiting').split(',').map((k) => k.trim()).filter(Boolean)
const LIST_CALLS = {
  time: ['/api/mtRecord/list', {}],
  mobile: ['/api/mtRecord/list', { orderBy: 'decodeMobile', order: 'asc' }],
  status: ['/api/mtRecord/list', { orderBy: 'mt_status', order: 'desc' }],
  waiting: ['/api/mtRecord/list', { status: 500 }],
  links: ['/api/shortChainTool/list', {}],
  batches: ['/api/dataGathering/batchList', {}],
  timed: ['/api/timeMtMessage/list', {}],
}

/** The send to measure, its slow setup (scheduling a timed batch) done before: a function that stores it. */
async function prepare(kind, db, mobiles, code) {
  const numbers = { mobiles, invalid: 0, duplicates: 0 }
  const payload = { content: CONTENT, idempotency_key: randomUUID() }
  if (kind === 'group') {
    const { groupSend } = await import(`${code}server/send/group-send.ts`)
    return () => groupSend(db, 'acme02', payload, numbers)
  }
  if (kind === 'link') {
    const { linkSend } = await import(`${code}server/send/link-send.ts`)
    return () => linkSend(db, 'acme02', { ...payload, content: `${CONTENT} {link}`, long_url: 'https://shop.example.com/double11' }, numbers, 'https://s.example.com')
  }
  if (kind === 'timed') {
    const [{ groupSend }, { runDueBatches }] = await Promise.all([import(`${code}server/send/group-send.ts`), import(`${code}server/send/scheduler.ts`)])
    const timing = new Date(Date.now() + 3_600_000).toISOString()
    const { batch_id: id } = await groupSend(db, 'acme02', { ...payload, timing_time: timing }, numbers)
    await db.query("update time_batch set timing_time = now() - interval '1 minute' where time_batch = $1", [id])
    return async () => {
      const sent = await runDueBatches(db)
      if (!sent.includes(id)) throw new Error(`timed batch ${id} was not sent: ${sent}`)
    }
  }
  if (kind === 'schedule') {
    const { groupSend } = await import(`${code}server/send/group-send.ts`)
    return async () => {
      const res = await groupSend(db, 'acme02', { ...payload, timing_time: new Date(Date.now() + 3_600_000).toISOString() }, numbers)
      const { rows } = await db.query('select count(*)::int as n from time_mt_message where time_batch = $1', [res.batch_id])
      if (rows[0].n !== N) throw new Error(`scheduled ${rows[0].n} of ${N}`)
    }
  }
  if (kind === 'edit') {
    const [{ groupSend }, { editTimedContent }, { Where }] = await Promise.all([
      import(`${code}server/send/group-send.ts`), import(`${code}server/send/timed-edit.ts`), import(`${code}server/lists/index.ts`)])
    const { batch_id: id } = await groupSend(db, 'acme02', { ...payload, timing_time: new Date(Date.now() + 3_600_000).toISOString() }, numbers)
    return async () => {
      const w = new Where()
      w.and(`time_batch = ${w.bind(id)}`)
      if (!(await editTimedContent(db, w, `${CONTENT} (edited)`))) throw new Error(`timed batch ${id} was not edited`)
    }
  }
  throw new Error(`unknown BENCH_SEND_KINDS entry: ${kind}`)
}

async function startCarrier(db, code) {
  const sim = await import(`${code}server/send/carrier-sim.ts`)
  if (sim.startCarrierSim) return sim.startCarrierSim(db)
  const [{ startJobs }, { makeDeps }] = await Promise.all([import(`${code}server/worker-loop.ts`), import(`${code}server/make-deps.ts`)])
  return startJobs(makeDeps({ db }), [sim.carrierSimJob])
}

/** One side in this process: the server code imported from `root` (this tree or the baseline's worktree). */
async function runOne(kind, root, url) {
  const code = `${pathToFileURL(root).href}/`
  const [{ createApp }, { migrate, openDb }, { seedDemo }, { issueToken }] = await Promise.all([
    import(`${code}server/app.ts`), import(`${code}server/db/index.ts`), import(`${code}server/seed/index.ts`),
    import(`${code}server/security/tokens.ts`),
  ])
  const db = await openDb({ databaseUrl: url })
  try {
    await migrate(db)
    await seedDemo(db, { historyRows: 20_000 })
    await db.query("update customer set balance = 100000000 where cus_id = 'acme02'")
    // npm start's count cache (LIST_COUNT_CACHE_MS' default): a counted total is reused for 5 s by the process.
    const app = createApp({ db, config: { distDir: '/nonexistent', rateLimitScale: 1e6, listCountCacheMs: Number(process.env.LIST_COUNT_CACHE_MS ?? 5000) } })
    const listers = ['globex', 'acme', 'acme01', 'admin']
    const tokens = []
    for (const u of listers) {
      const { rows } = await db.query('select id from customer where cus_id = $1', [u])
      tokens.push((await issueToken(db, rows[0].id)).token)
    }
    const mobiles = Array.from({ length: N }, (_, i) => `1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}`)
    const store = await prepare(kind, db, mobiles, code)
    const latencies = []
    const byList = Object.fromEntries(LISTS.map((l) => [l, []]))
    let sending = true
    const open = async (token, list) => {
      const [path, search] = LIST_CALLS[list] ?? [null]
      if (!path) throw new Error(`unknown BENCH_LISTS entry: ${list}`)
      const res = await app.request(path, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...search }),
      })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
    }
    // Each user has its list open already (not counted): the first request of a process compiles its code.
    for (const [i, l] of LISTS.entries()) await open(tokens[i % tokens.length], l)
    const lister = async (token, list) => {
      while (sending) {
        const t = performance.now()
        await open(token, list)
        const took = performance.now() - t // started during the send, however long it then waited
        latencies.push(took)
        byList[list].push(took)
        await new Promise((resolve) => setTimeout(resolve, THINK_MS))
      }
    }
    // BENCH_CARRIER=1: the carrier simulator runs in the process as npm start runs it (a tick every 3 s): the registry's
    // carrier-sim job on the job loop, or startCarrierSim where the code measured has no job registry.
    const stopCarrier = CARRIER ? await startCarrier(db, code) : null
    const started = performance.now()
    const loops = LISTS.map((l, i) => lister(tokens[i % tokens.length], l))
    await store()
    const sendMs = performance.now() - started
    sending = false
    await Promise.all(loops)
    await stopCarrier?.()
    latencies.sort((a, b) => a - b)
    const p99s = Object.fromEntries(Object.entries(byList).map(([l, xs]) => [l, Math.round(pct(xs.sort((a, b) => a - b), 99))]))
    return { sendMs, requests: latencies.length, p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies.at(-1) ?? NaN, p99s, load: loadavg()[0] }
  } finally {
    await db.close()
  }
}

if (process.argv[2] === '--run') {
  const [kind, root, url] = process.argv.slice(3)
  console.log(JSON.stringify(await runOne(kind, root, url)))
  process.exit(0)
}

const self = fileURLToPath(import.meta.url)
function side(kind, root, url) {
  const out = spawnSync(process.execPath, ['--import', 'tsx', self, '--run', kind, root, url], { encoding: 'utf8', maxBuffer: 1 << 24 })
  const line = out.stdout.trim().split('\n').at(-1)
  if (out.status !== 0 || !line?.startsWith('{')) {
    console.error(out.stderr || out.stdout)
    process.exit(1)
  }
  return JSON.parse(line)
}

const pg = await benchPostgres({ asServed: true })
const here = resolve('.')
const results = {}
try {
  await (process.env.BENCH_BASELINE === '0' ? (fn) => fn(null) : withBaseline)(async (base) => {
    const sides = { [`this tree, ${pg.label}`]: (kind) => withThrowawayDatabase(pg, 'bench_listing', (url) => side(kind, here, url)) }
    if (base) sides[`baseline ${BASELINE}, ${pg.label}`] = (kind) => withThrowawayDatabase(pg, 'bench_listing', (url) => side(kind, base, url))
    for (const kind of KINDS) {
      results[kind] = Object.fromEntries(Object.keys(sides).map((k) => [k, []]))
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, run] of Object.entries(sides)) {
          const r = await run(kind)
          results[kind][name].push(r)
          console.log(`${kind}, round ${round + 1}, ${name}: ${JSON.stringify(r)}`)
        }
      }
    }
  })
} finally {
  await pg.stop()
}
for (const kind of KINDS) {
  console.log(`\n${kind}: ${N.toLocaleString('en')} numbers sent by one account while ${LISTS.length} other clients open their lists (${LISTS.join(', ')}; medians of ${ROUNDS}):`)
  console.table(Object.fromEntries(Object.entries(results[kind]).map(([name, rs]) => [name, {
    'send stored': ms(median(rs.map((r) => r.sendMs))),
    'other requests': median(rs.map((r) => r.requests)),
    'their p50': ms(median(rs.map((r) => r.p50))),
    'their p99': ms(median(rs.map((r) => r.p99))),
    'their max': ms(median(rs.map((r) => r.max))),
    ...Object.fromEntries(Object.keys(rs[0].p99s).map((l) => [`${l} p99`, ms(median(rs.map((r) => r.p99s[l])))])),
    'load after': rs.map((r) => r.load.toFixed(1)).join(' / '),
  }])))
}
console.log(`target: other users' p99 300 ms or less, max 1 s or less, during the send; load average now ${load()}`)
