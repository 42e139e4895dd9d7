import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../src/domain/api'
import { OPERATIONS } from '../src/domain/operations'
import { setup, type Harness } from './test/harness'
import { fuzzOperation, fuzzTarget, type Doc, type FuzzTarget } from './test/fuzz-kit'

/*
 * The short API fuzz of `npm test` (the long one: tests/bench/fuzz.bench.mjs). A fixed seed, so a failure replays
 * the same way; FUZZ_SEED and FUZZ_RUNS override it and the runs per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611)
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
/** Heap (after a full collection) the whole run may leave behind: no call may keep memory for good. */
const HEAP_GROWTH_LIMIT = 32 * 1024 * 1024

// A full collection before each reading, or the figure is whatever garbage is waiting (vitest gives no --expose-gc).
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
/** Collected three times with a pause between: request bodies are freed by finalizers, which run after a collection. */
const heapAfterGc = async () => {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((r) => setTimeout(r, 20))
  }
  return process.memoryUsage().heapUsed
}

describe(`the API fuzzed (seed ${SEED}, ${RUNS} runs per operation)`, () => {
  let h: Harness
  let t: FuzzTarget
  let doc: Doc
  let heapBefore = 0
  beforeAll(async () => {
    h = await setup({ historyRows: 300 })
    doc = (await (await h.app.request(`${API_PREFIX}/openapi.json`)).json()) as Doc
    t = await fuzzTarget(h.app, h.db, h.tokenFor)
    // One case of each operation first: what loads once (fast-check's tables of Unicode, the xlsx writer …) is no leak.
    for (const op of OPERATIONS) await fuzzOperation(t, doc, op, { numRuns: 1, seed: SEED + 1 })
    heapBefore = await heapAfterGc()
  })
  afterAll(() => h.close())

  it.each(OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    '%s: no 5xx, bounded replies, well-formed refusals, the schema kept',
    async (_, op) => {
      const stats = await fuzzOperation(t, doc, op, { numRuns: RUNS, seed: SEED })
      expect(stats.failure, `seed ${SEED}`).toBeUndefined()
    },
  )

  it('keeps the heap bounded over the whole run', async () => {
    expect((await heapAfterGc()) - heapBefore).toBeLessThan(HEAP_GROWTH_LIMIT)
  })
})
