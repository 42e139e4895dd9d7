// Where a chunked send's time goes on PGlite while others page their records (issue 15). Opens a file PGlite with
// the demo data, starts a BENCH_SEND_NUMBERS same-content send of acme02 stored in chunks, lets BENCH_LISTERS users
// page their sent records (as send-while-listing.bench.mjs does), and every BENCH_PROFILE_EVERY stored records
// prints: the chunk transactions' mean time since the last mark, each lister's requests (count, mean, max) since then,
// and EXPLAIN (ANALYZE, BUFFERS) of the statement each lister's last list request ran (execution time, rows read).
// Stops after BENCH_PROFILE_UNTIL records (default all).
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const N = Number(process.env.BENCH_SEND_NUMBERS ?? 1_000_000)
const EVERY = Number(process.env.BENCH_PROFILE_EVERY ?? 50_000)
const UNTIL = Number(process.env.BENCH_PROFILE_UNTIL ?? N)
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250)
const BODY = process.env.BENCH_LIST_BODY ?? JSON.stringify({ current: 1, size: 20 })
const [{ createApp }, { migrate, openDb }, { seedDemo }, { issueToken }, { groupSend }, { STORE_CHUNK }] = await Promise.all([
  import('../../server/app.ts'), import('../../server/db/index.ts'), import('../../server/seed/index.ts'),
  import('../../server/security/tokens.ts'), import('../../server/send/group-send.ts'), import('../../server/send/storing.ts'),
])
const dir = mkdtempSync(join(tmpdir(), 'sms-bench-profile-'))
const raw = await openDb({ dataDir: join(dir, 'pglite') })
await migrate(raw)
await seedDemo(raw, { historyRows: 20_000 })
await raw.query("update customer set balance = 100000000 where cus_id = 'acme02'")

// Which lister a statement belongs to: the app runs each request's statement through `db.query`; the bench sets
// `current` before each request (one request per lister at a time, but they interleave: tagged by token hash param).
const lastStatement = new Map()
let chunkMs = []
let stored = 0
let pausedMs = 0
let firstSeen = false
let started = performance.now()
const listerStats = new Map()
const tokenOwner = new Map()
const db = {
  ...raw,
  async query(text, params, opts) {
    const owner = params?.find?.((p) => tokenOwner.has(p))
    if (owner && /from mt_record/.test(text)) lastStatement.set(tokenOwner.get(owner), { text, params })
    return raw.query(text, params, opts)
  },
  async transaction(fn) {
    const t = performance.now()
    const out = await raw.transaction(fn)
    const took = performance.now() - t
    if (!firstSeen) {
      // The first transaction: the batch row, the debit, the key (nothing stored yet).
      firstSeen = true
      console.log(`first transaction ${took.toFixed(0)} ms, ${((t - started) / 1000).toFixed(1)} s after the send started`)
      return out
    }
    chunkMs.push(took)
    stored += STORE_CHUNK
    if (stored % EVERY === 0) await mark()
    if (stored >= UNTIL) throw new Error('profile done')
    return out
  },
}
const app = createApp({ db, config: { distDir: '/nonexistent', rateLimitScale: 1e6 } })
const { sha256 } = await import('../../server/security/tokens.ts')
const listers = ['globex', 'acme', 'acme01', 'admin']
const tokens = []
for (const u of listers) {
  const { rows } = await raw.query('select id from customer where cus_id = $1', [u])
  const { token } = await issueToken(raw, rows[0].id)
  tokens.push(token)
  tokenOwner.set(sha256(token), u)
  listerStats.set(u, [])
}

async function mark() {
  const t0 = performance.now()
  const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN)
  const lines = [`stored ${stored}: chunk tx mean ${mean(chunkMs).toFixed(1)} ms max ${Math.max(...chunkMs).toFixed(0)} (${chunkMs.length})`]
  for (const [u, xs] of listerStats) {
    lines.push(`  ${u}: ${xs.length} req, mean ${mean(xs).toFixed(0)} ms, max ${Math.max(...xs, 0).toFixed(0)} ms`)
    // A fresh request, so the statement explained is the one a request makes now (the range grows with each chunk).
    lastStatement.delete(u)
    await (await request(u)).arrayBuffer()
    const s = lastStatement.get(u)
    if (!s) continue
    const { rows } = await raw.query(`explain (analyze, buffers, format json) ${s.text}`, s.params)
    const plan = rows[0]['QUERY PLAN'][0]
    const nodes = []
    const walk = (n, d) => {
      if (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) > 2000 || d < 1)
        nodes.push(`${'    '.repeat(d)}${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''} rows=${n['Actual Rows']}x${n['Actual Loops']} removed=${n['Rows Removed by Filter'] ?? 0} t=${n['Actual Total Time']}`)
      for (const c of n.Plans ?? []) walk(c, d + 1)
    }
    walk(plan.Plan, 0)
    lines.push(`    explain: ${plan['Execution Time'].toFixed(1)} ms, shared hit ${plan.Plan['Shared Hit Blocks']} read ${plan.Plan['Shared Read Blocks']}`)
    lines.push(...nodes.map((l) => `      ${l}`))
  }
  console.log(lines.join('\n'))
  chunkMs = []
  for (const xs of listerStats.values()) xs.length = 0
  pausedMs += performance.now() - t0
}

const mobiles = Array.from({ length: N }, (_, i) => `1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}`)
let sending = true
const request = (u) => app.request('/api/mtRecord/list', {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[listers.indexOf(u)]}` }, body: BODY,
})
const lister = async (u) => {
  while (sending) {
    const t = performance.now()
    const res = await request(u)
    await res.arrayBuffer()
    listerStats.get(u).push(performance.now() - t)
    await new Promise((resolve) => setTimeout(resolve, THINK_MS))
  }
}
started = performance.now()
const loops = listers.map((u) => lister(u))
try {
  await groupSend(db, 'acme02', { content: '【示例商城】双十一会员专享，回T退订', idempotency_key: randomUUID() }, { mobiles, invalid: 0, duplicates: 0 })
} catch (e) {
  if (e.message !== 'profile done') console.error(e)
}
console.log(`send time ${((performance.now() - started - pausedMs) / 1000).toFixed(1)} s (marks excluded)`)
sending = false
await Promise.all(loops)
await raw.close()
rmSync(dir, { recursive: true, force: true })
process.exit(0)
