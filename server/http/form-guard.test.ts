import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/domain/operations'
import { setup, type Harness } from '../test/harness'
import { heapGrowthDuring } from '../test/memory'

/** A multipart body of `mb` megabytes made as it is read, with no Content-Length (as a chunked upload arrives). */
function endlessForm(mb: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1 << 20).fill(0x61)
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= mb) controller.close()
      else controller.enqueue(chunk)
    },
  })
}

describe('multipart forms outside the calls that take files', () => {
  let h: Harness
  let token: string
  beforeAll(async () => {
    h = await setup({ historyRows: 100 })
    token = (await h.tokensFor('acme')).acme
  })
  afterAll(() => h.close())

  const post = (path: string, mb: number) =>
    h.app.request(`/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: endlessForm(mb),
      duplex: 'half',
    } as RequestInit)

  it('are refused unread with 415 on a JSON call (before, it answered as if no body had been sent)', async () => {
    const { result, growthMb } = await heapGrowthDuring(async () => post('/mtRecord/list', 200))
    expect(result.status).toBe(415)
    expect(growthMb).toBeLessThan(50)
  })

  it('still reach every call that takes files, under its own limit', async () => {
    const forms = OPERATIONS.filter((o) => o.request.kind === 'multipart')
    expect(forms.length).toBeGreaterThan(5)
    for (const o of forms) {
      const res = await post(o.path, 1)
      expect([400, 401, 403, 404, 409, 413, 422], `${o.path} answered ${res.status}`).toContain(res.status)
    }
  })
})
