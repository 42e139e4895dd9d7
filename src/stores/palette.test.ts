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
    for (let i = 0; i < p.RECENT_MAX + 3; i++) p.recordRecent(`cmd:${i}`)
    p.recordRecent('cmd:5')
    const ids = p.getRecentCommandIds()
    expect(ids).toHaveLength(p.RECENT_MAX)
    expect(ids[0]).toBe('cmd:5')
    expect(ids.filter((x) => x === 'cmd:5')).toHaveLength(1)
    expect(ids).not.toContain('cmd:0')
  })

  it('restores recents from storage after a reload and ignores a corrupt value', async () => {
    ;(await load()).recordRecent('action:lock')
    vi.resetModules()
    expect((await load()).getRecentCommandIds()).toEqual(['action:lock'])
    localStorage.setItem('sms-cloud:palette-recent', '{not json')
    vi.resetModules()
    expect((await load()).getRecentCommandIds()).toEqual([])
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
