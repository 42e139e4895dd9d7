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
async function prepare(kind, db, mobiles) {
  const numbers = { mobiles, invalid: 0, duplicates: 0 }
  const payload = { content: CONTENT, idempotency_key: randomUUID() }
  if (kind === 'group') {
    const { groupSend } = await import('../../server/send/group-send.ts')
    return () => groupSend(db, 'acme02', payload, numbers)
  }
  if (kind === 'link') {
    const { linkSend } = await import('../../server/send/link-send.ts')
    return () => linkSend(db, 'acme02', { ...payload, content: `${CONTENT} {link}`, long_url: 'https://shop.example.com/double11' }, numbers, 'https://s.example.com')
  }
  if (kind === 'timed') {
    const [{ groupSend }, { runDueBatches }] = await Promise.all([import('../../server/send/group-send.ts'), import('../../server/send/scheduler.ts')])
    const timing = new Date(Date.now() + 3_600_000).toISOString()
    const { batch_id: id } = await groupSend(db, 'acme02', { ...payload, timing_time: timing }, numbers)
    await db.query("update time_batch set timing_time = now() - interval '1 minute' where time_batch = $1", [id])
    return async () => {
      const sent = await runDueBatches(db)
      if (!sent.includes(id)) throw new Error(`timed batch ${id} was not sent: ${sent}`)
    }
  }
  if (kind === 'schedule') {
    const { groupSend } = await import('../../server/send/group-send.ts')
    return async () => {
      const res = await groupSend(db, 'acme02', { ...payload, timing_time: new Date(Date.now() + 3_600_000).toISOString() }, numbers)
      const { rows } = await db.query('select count(*)::int as n from time_mt_message where time_batch = $1', [res.batch_id])
      if (rows[0].n !== N) throw new Error(`scheduled ${rows[0].n} of ${N}`)
    }
  }
  if (kind === 'edit') {
    const [{ groupSend }, { editTimedContent }, { Where }] = await Promise.all([
      import('../../server/send/group-send.ts'), import('../../server/send/timed-edit.ts'), import('../../server/lists/index.ts')])
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
    import('../../server/app.ts'), import('../../server/db/index.ts'), import('../../server/seed/index.ts'),
    import('../../server/security/tokens.ts'),
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
    let sending = true
    const lister = async (token) => {
      while (sending) {
        const t = performance.now()
        const res = await app.request('/api/mtRecord/list', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ current: 1, size: 20 }),
        })
        await res.arrayBuffer()
        latencies.push(performance.now() - t) // started during the send, however long it then waited
        await new Promise((resolve) => setTimeout(resolve, THINK_MS))
      }
    }
    const started = performance.now()
    const loops = Array.from({ length: LISTERS }, (_, i) => lister(tokens[i % tokens.length]))
    await store()
    const sendMs = performance.now() - started
    sending = false
    await Promise.all(loops)
    await db.close()
    latencies.sort((a, b) => a - b)
    return { sendMs, requests: latencies.length, p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies.at(-1) ?? NaN }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[2] === '--run') {
  console.log(JSON.stringify(await runOne(process.argv[3])))
  process.exit(0)
}

const self = fileURLToPath(import.meta.url)
const { STORE_CHUNK } = await import('../../server/send/storing.ts').catch(() => ({ STORE_CHUNK: Number(process.env.SEND_STORE_CHUNK) || 2000 }))
const sides = { 'one transaction (baseline)': 'Infinity', [`chunks of ${STORE_CHUNK.toLocaleString('en')}`]: '' }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
for (const kind of KINDS) {
  const results = Object.fromEntries(Object.keys(sides).map((k) => [k, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, from] of Object.entries(sides)) {
      const out = spawnSync(process.execPath, ['--import', 'tsx', self, '--run', kind], {
        env: { ...process.env, SEND_CHUNKED_FROM: from }, encoding: 'utf8', maxBuffer: 1 << 24,
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
  }])))
}
