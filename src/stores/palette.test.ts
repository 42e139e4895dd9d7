import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from './memory-storage.test-util'

// The store reads storage when first imported, so each test imports a fresh copy after stubbing it.
const load = () => import('./palette')

describe('palette store', () => {
  beforeEach(() => {
    vi.resetModules()
    vi.stubGlobal('localStorage', memoryStorage())
  })
  afterEach(() => vi.unstubAllGlobals())

  it('keeps recently used ids most recent first, without duplicates, at most RECENT_MAX', async () => {
    const p = await load()
    p.loadPaletteUser('u1')
    for (let i = 0; i < p.RECENT_MAX + 3; i++) p.recordRecent(`cmd:${i}`)
    p.recordRecent('cmd:5')
    const ids = p.getRecentCommandIds()
    expect(ids).toHaveLength(p.RECENT_MAX)
    expect(ids[0]).toBe('cmd:5')
    expect(ids.filter((x) => x === 'cmd:5')).toHaveLength(1)
    expect(ids).not.toContain('cmd:0')
  })

  it("restores the user's recents from storage after a reload and ignores a corrupt value", async () => {
    const first = await load()
    first.loadPaletteUser('u1')
    first.recordRecent('action:lock')
    vi.resetModules()
    const again = await load()
    expect(again.getRecentCommandIds()).toEqual([])
    again.loadPaletteUser('u1')
    expect(again.getRecentCommandIds()).toEqual(['action:lock'])
    localStorage.setItem('sms-cloud:palette-recent:u1', '{not json')
    vi.resetModules()
    const corrupt = await load()
    corrupt.loadPaletteUser('u1')
    expect(corrupt.getRecentCommandIds()).toEqual([])
  })

  it('keeps recents per user: another user of the same browser does not see them, and gets their own back', async () => {
    const p = await load()
    p.loadPaletteUser('acme')
    p.recordRecent('action:lock')
    p.loadPaletteUser('globex')
    expect(p.getRecentCommandIds()).toEqual([])
    p.recordRecent('nav:/sms-cloud/home-sms/templates')
    p.loadPaletteUser('acme')
    expect(p.getRecentCommandIds()).toEqual(['action:lock'])
    p.loadPaletteUser('globex')
    expect(p.getRecentCommandIds()).toEqual(['nav:/sms-cloud/home-sms/templates'])
  })

  it('shows at most one of the palette and the shortcut sheet', async () => {
    const p = await load()
    p.openPalette()
    p.openShortcutSheet()
    expect(p.getPaletteState()).toEqual({ open: false, sheetOpen: true })
    p.togglePalette()
    expect(p.getPaletteState()).toEqual({ open: true, sheetOpen: false })
    p.togglePalette()
    expect(p.getPaletteState()).toEqual({ open: false, sheetOpen: false })
  })
})
