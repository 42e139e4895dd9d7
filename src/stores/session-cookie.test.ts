import { afterEach, describe, expect, it, vi } from 'vitest'

/** A document whose cookie setter records what the store writes. */
function fakeBrowser(protocol: string) {
  const written: string[] = []
  const storage = new Map<string, string>()
  vi.stubGlobal('document', {
    get cookie() {
      return ''
    },
    set cookie(v: string) {
      written.push(v)
    },
  })
  vi.stubGlobal('location', { protocol })
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v), removeItem: (k: string) => storage.delete(k) })
  return written
}

async function writeToken(protocol: string) {
  const written = fakeBrowser(protocol)
  vi.resetModules()
  const { setToken } = await import('./session')
  setToken('tok-1', 3600)
  return written.find((c) => c.startsWith('Authorization='))
}

describe('token cookie', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is Secure when the console is served over https', async () => {
    expect(await writeToken('https:')).toMatch(/; SameSite=Lax; Secure$/)
  })

  it('is not Secure on plain http, where the browser would drop it', async () => {
    const cookie = await writeToken('http:')
    expect(cookie).toContain('Authorization=tok-1')
    expect(cookie).not.toContain('Secure')
  })
})
