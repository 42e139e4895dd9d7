import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'

/** Each streamDownload call waits here until the test settles it. */
const pending: { path: string; resolve: (name: string) => void; reject: (e: unknown) => void; signal?: AbortSignal }[] = []

vi.mock('@/api/stream-download', () => ({
  streamDownload: (path: string, _body: unknown, name: string, opts: { signal?: AbortSignal }) =>
    new Promise<string>((resolve, reject) => {
      pending.push({ path, resolve: () => resolve(name), reject, signal: opts.signal })
      opts.signal?.addEventListener('abort', () => reject(new ApiError(0, '', null, 'aborted')))
    }),
}))

const dl = await import('./downloads')
const snapshot = () => dl.downloadsSnapshot()
const statuses = () => snapshot().map((j) => j.status)
const settle = () => new Promise((r) => setTimeout(r, 0))
const start = (n: number) => dl.startDownload(`list${n}`, 'xlsx', { endpoint: `/e${n}`, body: {}, fallbackName: `list${n}.xlsx` })

describe('background downloads', () => {
  beforeEach(async () => {
    for (const j of [...snapshot()].reverse()) dl.cancelDownload(j.id)
    await settle()
    dl.clearFinished()
    pending.length = 0
  })

  it('streams three at once (the server cap per account) and queues the fourth until a slot frees', async () => {
    const ids = [1, 2, 3, 4].map(start)
    expect(statuses()).toEqual(['running', 'running', 'running', 'queued'])
    expect(pending.map((p) => p.path)).toEqual(['/e1', '/e2', '/e3'])
    pending[1]!.resolve('x')
    await settle()
    expect(statuses()).toEqual(['running', 'done', 'running', 'running'])
    expect(pending.map((p) => p.path)).toEqual(['/e1', '/e2', '/e3', '/e4'])
    expect(snapshot().find((j) => j.id === ids[1])!.fileName).toBe('list2.xlsx')
  })

  it('cancels a queued file without ever requesting it, and a running one by aborting its stream', async () => {
    const ids = [1, 2, 3, 4].map(start)
    dl.cancelDownload(ids[3]!)
    dl.cancelDownload(ids[0]!)
    await settle()
    expect(pending[0]!.signal!.aborted).toBe(true)
    expect(statuses()).toEqual(['cancelled', 'running', 'running', 'cancelled'])
    expect(pending).toHaveLength(3)
  })

  it('a 429 (slots held by another tab) puts the file back in the queue instead of failing it', async () => {
    vi.useFakeTimers()
    try {
      start(1)
      pending[0]!.reject(new ApiError(429, 'busy', null))
      await vi.advanceTimersByTimeAsync(0)
      expect(statuses()).toEqual(['queued'])
      await vi.advanceTimersByTimeAsync(3000)
      expect(statuses()).toEqual(['running'])
      expect(pending).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a refused file is failed with the server message, and clearFinished keeps only what still runs', async () => {
    start(1)
    start(2)
    pending[0]!.reject(new ApiError(400, 'too wide', null))
    await settle()
    expect(snapshot()[0]).toMatchObject({ status: 'failed', error: 'too wide' })
    dl.clearFinished()
    expect(statuses()).toEqual(['running'])
  })
})
