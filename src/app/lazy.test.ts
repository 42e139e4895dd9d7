import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './lazy'

afterEach(() => vi.useRealTimers())

describe('withChunkTimeout', () => {
  it('rejects with ChunkLoadError when the part has not arrived after 120 s', async () => {
    vi.useFakeTimers()
    const load = withChunkTimeout(() => new Promise<never>(() => {}))
    const result = load().catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(await result).toBeInstanceOf(ChunkLoadError)
  })

  it('turns a browser import failure into ChunkLoadError and passes other errors through', async () => {
    const failed = withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')))
    await expect(failed()).rejects.toBeInstanceOf(ChunkLoadError)
    const broken = withChunkTimeout(() => Promise.reject(new RangeError('bug')))
    await expect(broken()).rejects.toBeInstanceOf(RangeError)
  })

  it('resolves with the module when it arrives in time', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ a: 1 }))()).resolves.toEqual({ a: 1 })
  })
})

describe('isChunkLoadError', () => {
  it('recognises Safari and Firefox wording', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new Error('other'))).toBe(false)
  })
})
