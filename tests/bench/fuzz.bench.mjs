// The long API fuzz: every operation of /api/openapi.json, FUZZ_RUNS generated cases each (default 200; the short
// version in `npm test` runs 12), as admin, acme, acme01 and anonymously, in-process against a fresh database on the
// embedded PostgreSQL (lib/throwaway-pg.mjs) with a small demo history. The checks are server/test/fuzz-kit.ts's: no
// 5xx, bounded replies, well-formed refusals, the zod schema kept. The seed is random unless FUZZ_SEED is set, and printed, so a failure replays with
// `FUZZ_SEED=<seed> npm run bench fuzz`. Baseline in the same run: as many calls of each operation with an empty body,
// so the fuzzer's own cost is told apart from the server's. Prints operations × runs, failures, time and heap growth.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createApp } from '../../server/app.ts'
import { Carrier } from '../../server/carrier.ts'
import { migrate } from '../../server/db/index.ts'
import { benchDb } from './lib/throwaway-pg.mjs'
import { issueToken } from '../../server/security/tokens.ts'
import { seedDemo } from '../../server/seed/index.ts'
import { fuzzOperation, fuzzTarget, runCase } from '../../server/test/fuzz-kit.ts'
import { OPERATIONS } from '../../src/domain/operations.ts'

const RUNS = Number(process.env.FUZZ_RUNS ?? 200)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const ONLY = process.env.FUZZ_ONLY // a substring of the paths to fuzz

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc')
// Collected three times with a pause between: request bodies are freed by finalizers, which run after a collection.
const heapMb = async () => {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((r) => setTimeout(r, 20))
  }
  return process.memoryUsage().heapUsed / 2 ** 20
}

const db = await benchDb()
await migrate(db)
await seedDemo(db, { historyRows: 2000 })
const app = createApp({ db, carrier: new Carrier(), config: { captchaFixed: 'T3ST', distDir: '/nonexistent-dist' } })
const signIn = async (user) => (await issueToken(db, (await db.query('select id from customer where cus_id = $1', [user])).rows[0].id)).token
const target = await fuzzTarget(app, db, signIn)
const doc = await (await app.request('/api/openapi.json')).json()
const ops = OPERATIONS.filter((op) => !ONLY || op.path.includes(ONLY))

console.log(`seed ${SEED}, ${ops.length} operations × ${RUNS} runs`)
for (const op of ops) await fuzzOperation(target, doc, op, { numRuns: 1, seed: SEED + 1 }) // warm-up: lazy loads
const heapBefore = await heapMb()

const t0 = performance.now()
const failures = []
let calls = 0
for (const op of ops) {
  const s = await fuzzOperation(target, doc, op, { numRuns: RUNS, seed: SEED })
  calls += s.runs
  const statuses = Object.entries(s.statuses).map(([k, n]) => `${k}×${n}`).join(' ')
  console.log(`${s.failure ? '✗' : '✓'} ${s.operation.padEnd(52)} ${statuses}`)
  if (s.failure) failures.push(s.failure)
}
const fuzzMs = performance.now() - t0
const heapAfter = await heapMb()

const t1 = performance.now()
for (const op of ops) {
  for (let i = 0; i < RUNS; i++) await runCase(target, op, { account: 'acme', body: { value: {} }, files: {} })
}
const baselineMs = performance.now() - t1

console.log(`\n${ops.length} operations × ${RUNS} runs = ${calls} calls, ${failures.length} failures`)
console.log(`fuzz: ${(fuzzMs / 1000).toFixed(1)} s (${(fuzzMs / calls).toFixed(1)} ms a call)`)
console.log(`baseline, the same number of calls with an empty body as acme: ${(baselineMs / 1000).toFixed(1)} s (${(baselineMs / (ops.length * RUNS)).toFixed(1)} ms a call)`)
console.log(`heap: ${heapBefore.toFixed(0)} MB before, ${heapAfter.toFixed(0)} MB after (${(heapAfter - heapBefore).toFixed(0)} MB)`)
for (const f of failures) console.log(`\n${f}`)
await db.close()
if (failures.length) process.exit(1)
