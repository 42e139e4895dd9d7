import { describe, expect, it } from 'vitest'
import { serverEnv } from './server-env.mjs'

describe('scripts/server-env', () => {
  it('runs the server with a fixed 4 MB glibc mmap threshold, unless the caller chose one', () => {
    expect(serverEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', MALLOC_MMAP_THRESHOLD_: '4194304' })
    expect(serverEnv({ MALLOC_MMAP_THRESHOLD_: '131072' }).MALLOC_MMAP_THRESHOLD_).toBe('131072')
  })
})
