import type { Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { downloadResponse } from './download'

// No signed-in user on this context: the download takes no slot, so no database is needed.
const context = { get: () => undefined, req: { path: '/test', header: () => undefined } } as unknown as Context

/** Batches that resolve without a pass through the event loop, as PGlite's queries do (WebAssembly, one thread). */
function instantBatches(n: number) {
  const seen = { taken: 0 }
  async function* batches() {
    for (let i = 0; i < n; i++) {
      seen.taken += 1
      yield Array.from({ length: 50 }, (_, j) => ({ i: i * 50 + j }))
    }
  }
  return { seen, batches: batches() }
}

describe('download response', () => {
  it.each(['csv', 'xlsx'] as const)('%s: lets other work run between batches instead of holding the event loop to the end', async (format) => {
    const { seen, batches } = instantBatches(200)
    const res = await downloadResponse(context, {
      format, filename: 'f', columns: [{ header: { 'zh-CN': '序号', en: 'No' }, value: (r: { i: number }) => r.i }], batches,
    }, 'en')
    let takenWhenOtherRan = -1
    // Another request arriving meanwhile: an I/O callback, which runs only when the event loop gets a turn.
    setImmediate(() => { takenWhenOtherRan = seen.taken })
    let bytes = 0
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
    expect(bytes).toBeGreaterThan(0)
    expect(seen.taken).toBe(200)
    expect(takenWhenOtherRan).toBeGreaterThanOrEqual(0)
    expect(takenWhenOtherRan).toBeLessThan(100)
  })
})
