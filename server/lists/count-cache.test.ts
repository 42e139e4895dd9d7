import { describe, expect, it } from 'vitest'
import { CountCache } from './count-cache'

describe('CountCache', () => {
  it('answers a remembered total until it is ttl old, then counts again', () => {
    let now = 1_000
    const cache = new CountCache(5_000, 10, () => now)
    cache.set('acme|status=700', 42)
    expect(cache.get('acme|status=700')).toBe(42)
    expect(cache.get('globex|status=700')).toBeUndefined()
    now += 4_999
    expect(cache.get('acme|status=700')).toBe(42)
    now += 1
    expect(cache.get('acme|status=700')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('keeps at most max entries, dropping the oldest, and remembers nothing with ttl 0', () => {
    const cache = new CountCache(60_000, 2)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3])
    const off = new CountCache(0)
    off.set('a', 1)
    expect(off.get('a')).toBeUndefined()
  })
})
