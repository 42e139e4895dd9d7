// First page of the activity log (/audit/list) over a long trail, through the real endpoint (in-process app.request)
// on the embedded PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL when set). Each view is measured twice in the
// same run on the same database: first with a trail of BASE entries (the baseline), then with BENCH_AUDIT_ENTRIES
// (default 10,000,000): an administrator's whole trail and its filters, an enterprise's (its own and its
// sub-accounts'), a sub-account's, and the capped total each answers with. The entries are spread over 300 days and
// 2,000 enterprises of three accounts each; the demo's acme and acme01 hold one in 500 of them.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { createApp } from '../../server/app.ts'
import { migrate, openDb } from '../../server/db/index.ts'
import { seedDemo } from '../../server/seed/index.ts'
import { issueToken } from '../../server/security/tokens.ts'
import { medianOf } from './lib/timing.mjs'
import { benchPostgres } from './lib/throwaway-pg.mjs'

const TOTAL = Number(process.env.BENCH_AUDIT_ENTRIES ?? 10_000_000)
const BASE = Math.min(100_000, TOTAL)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const CHUNK = 1_000_000
const ACTIONS = ['signIn', 'signInRefused', 'templateAdded', 'balanceWarnChanged', 'pushUrlChanged', 'sendSubmitted', 'recordsDownloaded']

const CASES = [
  ['administrator, everything', 'admin', {}],
  ['administrator, one action (1 in 7)', 'admin', { action: 'pushUrlChanged' }],
  ['administrator, one account', 'admin', { cus_id: 'acme01' }],
  ['administrator, one target id', 'admin', { target_id: 'T77' }],
  ['administrator, one actor', 'admin', { actor: 'acme' }],
  ['administrator, last 7 days', 'admin', { start_time: 'D7' }],
  ['enterprise acme (its own and its sub-accounts\')', 'acme', {}],
  ['enterprise acme, one action', 'acme', { action: 'templateAdded' }],
  ['sub-account acme01', 'acme01', {}],
]

/** Entries [from, to) of the trail: spread over 300 days back from now, newest last. */
async function addEntries(db, from, to) {
  for (let a = from; a < to; a += CHUNK) {
    const b = Math.min(to, a + CHUNK)
    await db.query(
      `insert into audit_entry (created_at, cus_id, enterprise_id, actor_id, actor_type, via, client_ip, user_agent, request_id, action,
         target_type, target_id, changes)
       select now() - ((($2::bigint - i) * 300 * 86400 / $2::bigint) || ' seconds')::interval,
         acct, ent, acct, 2, 'console', '10.' || (i % 250) || '.' || (i % 199) || '.7', 'Mozilla/5.0 (bench)', md5(i::text),
         ($3::text[])[1 + (i % 7)], 'template', 'T' || (i % 5000),
         jsonb_build_array(jsonb_build_object('field', 'threshold', 'before', i % 1000, 'after', (i + 1) % 1000))
       from (select i, case when i % 500 = 0 then 'acme' when i % 500 = 1 then 'acme01' else 'e' || (i % 2000) || '_' || (i % 3) end as acct,
               case when i % 500 in (0, 1) then 'acme' else 'e' || (i % 2000) end as ent
             from generate_series($1::bigint, $4::bigint - 1) i) x`,
      [a, TOTAL, ACTIONS, b])
  }
  await db.exec('vacuum analyze audit_entry')
}

const timeIt = (fn) => medianOf(fn, RUNS)

const pg = await benchPostgres({ asServed: true })
const db = await openDb({ databaseUrl: pg.url, schema: `bench_${randomBytes(4).toString('hex')}` })
try {
  await migrate(db)
  await seedDemo(db, { historyRows: 0 })
  const app = createApp({ db, config: { distDir: '/nonexistent' } })
  const tokens = {}
  for (const u of ['admin', 'acme', 'acme01']) {
    const { rows } = await db.query('select id from customer where cus_id = $1', [u])
    tokens[u] = (await issueToken(db, rows[0].id)).token
  }
  const d7 = new Date(Date.now() - 7 * 86400e3 + 8 * 3600e3).toISOString().slice(0, 10)
  const call = (user, body) => async () => {
    const filled = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'D7' ? d7 : v]))
    const res = await app.request('/api/audit/list', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[user]}` },
      body: JSON.stringify({ pageNumber: 1, pageSize: 20, ...filled }),
    })
    const json = await res.json()
    if (json.code !== 200) throw new Error(`/audit/list: ${json.msg}`)
    return json.data
  }
  const measure = async () => {
    const out = []
    for (const [name, user, body] of CASES) {
      const data = await call(user, body)()
      out.push({ name, ms: await timeIt(call(user, body)), rows: data.records.length, total: `${data.total.toLocaleString('en')}${data.more ? '+' : ''}` })
    }
    return out
  }
  console.log(`activity log, first page of 20 (median of ${RUNS}), ${pg.label}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  let t0 = performance.now()
  await addEntries(db, 0, BASE)
  console.log(`${BASE.toLocaleString('en')} entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  const base = await measure()
  t0 = performance.now()
  await addEntries(db, BASE, TOTAL)
  console.log(`${TOTAL.toLocaleString('en')} entries in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  const full = await measure()
  const { rows: [size] } = await db.query(`select pg_total_relation_size('audit_entry')::bigint as n`)
  console.log(`audit_entry with its indexes: ${(Number(size.n) / 2 ** 30).toFixed(2)} GB`)
  console.table(full.map((r, i) => ({
    view: r.name, [`${BASE / 1000}k entries (ms)`]: base[i].ms.toFixed(1), [`${TOTAL / 1e6}M entries (ms)`]: r.ms.toFixed(1), rows: r.rows, total: r.total,
  })))
} finally {
  await db.close()
  await pg.stop()
}
