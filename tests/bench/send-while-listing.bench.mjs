// Other users' requests while a 1M-number send is being stored on PGlite (issue 15: p99 <= 1 s). A file-backed
// PGlite in a temp dir (as the server runs it) with the demo data; one account sends BENCH_SEND_NUMBERS (default
// 1,000,000) numbers while BENCH_LISTERS (default 4) other users page their sent records through the app, each a
// request every BENCH_THINK_MS (default 250 ms) after its previous answer, as people at their screens do, until the
// send is stored. BENCH_SEND_KINDS (default "group,timed") names the sends measured, each through its real code:
// group (a same-content send), link (a short link per recipient), timed (a due timed batch of that size, scheduled
// before the measure starts, sent by the scheduler's runDueBatches), schedule (a timed send of that size being
// scheduled: its details written), edit (the content of such a scheduled batch edited: every detail rewritten). Printed: the send's time and the other requests'
// count, p50, p99 and max during it. Beside it, in the same run: the baseline, the same send stored in one
// transaction (SEND_CHUNKED_FROM=Infinity, the way before migration 036). Each side runs in a fresh process on a
// fresh database, alternating baseline, chunked, baseline, chunked; the medians are compared.
// BENCH_LISTS (default "time") names what the other users open, each by the two users who see the sender's records
// (its parent customer acme and the administrator), a lister per user and list: time (the sent records, newest
// first), mobile (sorted by mobile), status (sorted by status), waiting (filtered on "waiting for a report"), links
// (the short-link records), batches (the batch statistics, with its totals row), timed (the timed details).
// BENCH_BASE_ROOT (a checkout of an earlier commit, e.g. from `git archive`): both sides store in chunks, the
// baseline through that checkout's server code, so a change to the lists is measured beside the code before it.
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const N = Number(process.env.BENCH_SEND_NUMBERS ?? 1_000_000)
const LISTERS = Number(process.env.BENCH_LISTERS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250)
const KINDS = (process.env.BENCH_SEND_KINDS ?? 'group,timed').split(',').map((k) => k.trim()).filter(Boolean)
const CONTENT = '【示例商城】双十一会员专享，回T退订'
const ms = (v) => `${v.toFixed(0)} ms`
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/** The send to measure, its slow setup (scheduling a timed batch) done before: a function that stores it. */
const ROOT = process.env.BENCH_ROOT ?? '../..'
const LISTS = (process.env.BENCH_LISTS ?? 'time').split(',').map((k) => k.trim()).filter(Boolean)
const LIST_CALLS = {
  time: ['/api/mtRecord/list', {}],
  mobile: ['/api/mtRecord/list', { orderBy: 'decodeMobile', order: 'asc' }],
  status: ['/api/mtRecord/list', { orderBy: 'mt_status', order: 'desc' }],
  waiting: ['/api/mtRecord/list', { status: 500 }],
  links: ['/api/shortChainTool/list', {}],
  batches: ['/api/dataGathering/batchList', {}],
  timed: ['/api/timeMtMessage/list', {}],
}

async function prepare(kind, db, mobiles) {
  const numbers = { mobiles, invalid: 0, duplicates: 0 }
  const payload = { content: CONTENT, idempotency_key: randomUUID() }
  if (kind === 'group') {
    const { groupSend } = await import(`${ROOT}/server/send/group-send.ts`)
    return () => groupSend(db, 'acme02', payload, numbers)
  }
  if (kind === 'link') {
    const { linkSend } = await import(`${ROOT}/server/send/link-send.ts`)
    return () => linkSend(db, 'acme02', { ...payload, content: `${CONTENT} {link}`, long_url: 'https://shop.example.com/double11' }, numbers, 'https://s.example.com')
  }
  if (kind === 'timed') {
    const [{ groupSend }, { runDueBatches }] = await Promise.all([import(`${ROOT}/server/send/group-send.ts`), import(`${ROOT}/server/send/scheduler.ts`)])
    const timing = new Date(Date.now() + 3_600_000).toISOString()
    const { batch_id: id } = await groupSend(db, 'acme02', { ...payload, timing_time: timing }, numbers)
    await db.query("update time_batch set timing_time = now() - interval '1 minute' where time_batch = $1", [id])
    return async () => {
      const sent = await runDueBatches(db)
      if (!sent.includes(id)) throw new Error(`timed batch ${id} was not sent: ${sent}`)
    }
  }
  if (kind === 'schedule') {
    const { groupSend } = await import(`${ROOT}/server/send/group-send.ts`)
    return async () => {
      const res = await groupSend(db, 'acme02', { ...payload, timing_time: new Date(Date.now() + 3_600_000).toISOString() }, numbers)
      const { rows } = await db.query('select count(*)::int as n from time_mt_message where time_batch = $1', [res.batch_id])
      if (rows[0].n !== N) throw new Error(`scheduled ${rows[0].n} of ${N}`)
    }
  }
  if (kind === 'edit') {
    const [{ groupSend }, { editTimedContent }, { Where }] = await Promise.all([
      import(`${ROOT}/server/send/group-send.ts`), import(`${ROOT}/server/send/timed-edit.ts`), import(`${ROOT}/server/lists/index.ts`)])
    const { batch_id: id } = await groupSend(db, 'acme02', { ...payload, timing_time: new Date(Date.now() + 3_600_000).toISOString() }, numbers)
    return async () => {
      const w = new Where()
      w.and(`time_batch = ${w.bind(id)}`)
      if (!(await editTimedContent(db, w, `${CONTENT} (edited)`))) throw new Error(`timed batch ${id} was not edited`)
    }
  }
  throw new Error(`unknown BENCH_SEND_KINDS entry: ${kind}`)
}

async function runOne(kind) {
  const [{ createApp }, { migrate, openDb }, { seedDemo }, { issueToken }] = await Promise.all([
    import(`${ROOT}/server/app.ts`), import(`${ROOT}/server/db/index.ts`), import(`${ROOT}/server/seed/index.ts`),
    import(`${ROOT}/server/security/tokens.ts`),
  ])
  const dir = mkdtempSync(join(tmpdir(), 'sms-bench-storing-'))
  try {
    const db = await openDb({ dataDir: join(dir, 'pglite') })
    await migrate(db)
    await seedDemo(db, { historyRows: 20_000 })
    await db.query("update customer set balance = 100000000 where cus_id = 'acme02'")
    const app = createApp({ db, config: { distDir: '/nonexistent', rateLimitScale: 1e6 } })
    const listers = ['globex', 'acme', 'acme01', 'admin']
    const tokens = []
    for (const u of listers) {
      const { rows } = await db.query('select id from customer where cus_id = $1', [u])
      tokens.push((await issueToken(db, rows[0].id)).token)
    }
    const mobiles = Array.from({ length: N }, (_, i) => `1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}`)
    const store = await prepare(kind, db, mobiles)
    const latencies = []
    const byList = Object.fromEntries(LISTS.map((l) => [l, []]))
    let sending = true
    const lister = async (token, list) => {
      const [path, search] = LIST_CALLS[list] ?? [null]
      if (!path) throw new Error(`unknown BENCH_LISTS entry: ${list}`)
      while (sending) {
        const t = performance.now()
        const res = await app.request(path, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...search }),
        })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
        const took = performance.now() - t // started during the send, however long it then waited
        latencies.push(took)
        byList[list].push(took)
        await new Promise((resolve) => setTimeout(resolve, THINK_MS))
      }
    }
    const started = performance.now()
    // Unnamed lists: LISTERS users in turn page their sent records; named: acme and admin open each.
    const loops = process.env.BENCH_LISTS
      ? LISTS.flatMap((l) => [lister(tokens[1], l), lister(tokens[3], l)])
      : Array.from({ length: LISTERS }, (_, i) => lister(tokens[i % tokens.length], 'time'))
    await store()
    const sendMs = performance.now() - started
    sending = false
    await Promise.all(loops)
    await db.close()
    latencies.sort((a, b) => a - b)
    const p99s = Object.fromEntries(Object.entries(byList).map(([l, xs]) => [l, Math.round(pct(xs.sort((a, b) => a - b), 99))]))
    return { sendMs, requests: latencies.length, p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies.at(-1) ?? NaN, p99s }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[2] === '--run') {
  console.log(JSON.stringify(await runOne(process.argv[3])))
  process.exit(0)
}

const self = fileURLToPath(import.meta.url)
const { STORE_CHUNK } = await import(`${ROOT}/server/send/storing.ts`).catch(() => ({ STORE_CHUNK: Number(process.env.SEND_STORE_CHUNK) || 2000 }))
const BASE = process.env.BENCH_BASE_ROOT
const sides = BASE
  ? { [`before (${BASE}), chunks`]: { from: '', root: BASE }, 'this tree, chunks': { from: '', root: '../..' } }
  : { 'one transaction (baseline)': { from: 'Infinity' }, [`chunks of ${STORE_CHUNK.toLocaleString('en')}`]: { from: '' } }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
for (const kind of KINDS) {
  const results = Object.fromEntries(Object.keys(sides).map((k) => [k, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { from, root }] of Object.entries(sides)) {
      const out = spawnSync(process.execPath, ['--import', 'tsx', self, '--run', kind], {
        env: { ...process.env, SEND_CHUNKED_FROM: from, ...(root ? { BENCH_ROOT: root } : {}) }, encoding: 'utf8', maxBuffer: 1 << 24,
      })
      const line = out.stdout.trim().split('\n').at(-1)
      if (out.status !== 0 || !line?.startsWith('{')) {
        console.error(out.stderr || out.stdout)
        process.exit(1)
      }
      results[name].push(JSON.parse(line))
      console.log(`${kind}, round ${round + 1}, ${name}: ${line}`)
    }
  }
  console.log(`\n${kind}: ${N.toLocaleString('en')} numbers sent by one account while ${LISTERS} other users page their sent records (medians of ${ROUNDS}):`)
  console.table(Object.fromEntries(Object.entries(results).map(([name, rs]) => [name, {
    'send stored': ms(median(rs.map((r) => r.sendMs))),
    'other requests': median(rs.map((r) => r.requests)),
    'their p50': ms(median(rs.map((r) => r.p50))),
    'their p99': ms(median(rs.map((r) => r.p99))),
    'their max': ms(median(rs.map((r) => r.max))),
    ...Object.fromEntries(Object.keys(rs[0].p99s).map((l) => [`${l} p99`, ms(median(rs.map((r) => r.p99s[l])))])),
  }])))
}
