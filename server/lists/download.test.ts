import type { Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { downloadResponse } from './download'

// No signed-in user on this context: the download takes no slot. `db` stands for PGlite's busy signal only.
const contextWith = (db?: { busy: () => boolean }) =>
  ({ get: (k: string) => (k === 'db' ? db : undefined), req: { path: '/test', header: () => undefined } }) as unknown as Context
const context = contextWith()
const column = [{ header: { 'zh-CN': '序号', en: 'No' }, value: (r: { i: number }) => r.i }]
const drain = async (res: Response) => {
  let bytes = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
  return bytes
}

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
    const res = await downloadResponse(context, { format, filename: 'f', columns: column, batches }, 'en')
    let takenWhenOtherRan = -1
    // Another request arriving meanwhile: an I/O callback, which runs only when the event loop gets a turn.
    setImmediate(() => { takenWhenOtherRan = seen.taken })
    expect(await drain(res)).toBeGreaterThan(0)
    expect(seen.taken).toBe(200)
    expect(takenWhenOtherRan).toBeGreaterThanOrEqual(0)
    expect(takenWhenOtherRan).toBeLessThan(100)
  })

  it('reads no batch while PGlite is busy with other statements, and goes on when it falls idle', async () => {
    let busy = true
    const busyAtTake: boolean[] = []
    async function* batches() {
      for (let i = 0; i < 3; i++) {
        busyAtTake.push(busy)
        yield [{ i }]
      }
    }
    setTimeout(() => { busy = false }, 30)
    const res = await downloadResponse(contextWith({ busy: () => busy }), { format: 'csv', filename: 'f', columns: column, batches: batches() }, 'en')
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await new Response(res.body).arrayBuffer()))).toBe('\uFEFFNo\r\n0\r\n1\r\n2\r\n')
    expect(busyAtTake).toEqual([false, false, false])
  })

  it('still finishes when the database never falls idle (each batch waits a bounded time)', async () => {
    const { seen, batches } = instantBatches(3)
    const res = await downloadResponse(contextWith({ busy: () => true }), { format: 'csv', filename: 'f', columns: column, batches }, 'en')
    expect(await drain(res)).toBeGreaterThan(0)
    expect(seen.taken).toBe(3)
  })
})
