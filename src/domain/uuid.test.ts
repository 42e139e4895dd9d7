import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { uuidV4 } from './uuid'

describe('uuidV4', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('makes version-4 UUIDs the idempotency-key schemas accept, also where crypto.randomUUID is missing (plain HTTP)', () => {
    const { getRandomValues } = crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) })
    expect(typeof crypto.randomUUID).toBe('undefined')
    const ids = Array.from({ length: 200 }, uuidV4)
    for (const id of ids) {
      expect(z.string().uuid().safeParse(id).success).toBe(true)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect(new Set(ids).size).toBe(ids.length)
  })
})
