import { beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from './memory-storage.test-util'

vi.stubGlobal('sessionStorage', memoryStorage())
const tabs = await import('./tabs')
const { HOME_PATH } = tabs

const t = (path: string) => ({ path, label: path, labelEn: path })
const paths = (list: readonly { path: string }[]) => list.map((x) => x.path)

describe('tab rules', () => {
  it('keeps home first even when another tab is opened before it', () => {
    expect(paths(tabs.withTab([], t('/a')))).toEqual([HOME_PATH, '/a'])
    expect(paths(tabs.withTab([t('/a'), t('/b')], t(HOME_PATH)))).toEqual([HOME_PATH, '/a', '/b'])
  })

  it('activates an open tab instead of adding it twice, refreshing its label', () => {
    const list = tabs.withTab([tabs.HOME_TAB, t('/a'), t('/b')], { path: '/a', label: 'A', labelEn: 'A' })
    expect(paths(list)).toEqual([HOME_PATH, '/a', '/b'])
    expect(list[1].label).toBe('A')
  })

  it('never closes home', () => {
    const s = { tabs: [tabs.HOME_TAB, t('/a')], active: HOME_PATH, recent: [] }
    expect(paths(tabs.withoutTab(s, HOME_PATH).tabs)).toEqual([HOME_PATH, '/a'])
  })

  it('moves to the right neighbour, else the left one, when the active tab closes', () => {
    const s = { tabs: [tabs.HOME_TAB, t('/a'), t('/b'), t('/c')], active: '/b', recent: [] }
    expect(tabs.withoutTab(s, '/b').active).toBe('/c')
    expect(tabs.withoutTab({ ...s, active: '/c' }, '/c').active).toBe('/b')
    expect(tabs.withoutTab(s, '/a').active).toBe('/b')
  })
})

describe('tab store', () => {
  beforeEach(() => tabs.clearTabs())

  it('close others keeps home and the chosen tab', () => {
    ;['/a', '/b', '/c'].forEach((p) => tabs.openTab(t(p)))
    expect(tabs.closeOtherTabs('/b')).toBe('/b')
    expect(paths(tabs.getTabsSnapshot().tabs)).toEqual([HOME_PATH, '/b'])
  })

  it('close all returns to home', () => {
    ;['/a', '/b'].forEach((p) => tabs.openTab(t(p)))
    expect(tabs.closeAllTabs()).toBe(HOME_PATH)
    expect(paths(tabs.getTabsSnapshot().tabs)).toEqual([HOME_PATH])
  })

  it('closing the active tab tells the caller where to go; closing another does not', () => {
    ;['/a', '/b'].forEach((p) => tabs.openTab(t(p)))
    expect(tabs.closeTab('/a')).toBeNull()
    expect(tabs.closeTab('/b')).toBe(HOME_PATH)
  })

  it('persists tabs in sessionStorage', () => {
    tabs.openTab(t('/a'))
    const saved = JSON.parse(sessionStorage.getItem('sms.tabs') ?? '{}')
    expect(paths(saved.tabs)).toEqual([HOME_PATH, '/a'])
    expect(saved.active).toBe('/a')
  })

  it('remembers recently used pages, newest first, without home', () => {
    ;['/a', '/b', HOME_PATH, '/a'].forEach((p) => tabs.openTab(t(p)))
    expect(paths(tabs.getTabsSnapshot().recent)).toEqual(['/a', '/b'])
  })
})

describe('many tabs', () => {
  beforeEach(() => tabs.clearTabs())

  it('closes the least recently used unpinned tab beyond the cap, never the active one or a pinned one', () => {
    ;['/a', '/b', '/c'].forEach((p) => tabs.openTab(t(p), 3))
    tabs.setTabPinned('/a', true)
    tabs.openTab(t('/b'), 3)
    tabs.openTab(t('/d'), 3)
    // /a is the oldest but pinned; /c is the least recently used of the rest.
    expect(paths(tabs.getTabsSnapshot().tabs)).toEqual([HOME_PATH, '/a', '/b', '/d'])
    expect(tabs.getTabsSnapshot().active).toBe('/d')
  })

  it('gives way when every other tab is pinned', () => {
    const list = [tabs.HOME_TAB, { ...t('/a'), pinned: true }, { ...t('/b'), pinned: true }, t('/c')]
    expect(paths(tabs.withCap(list, '/c', 1))).toEqual([HOME_PATH, '/a', '/b', '/c'])
  })

  it('a lower cap applies at once', () => {
    ;['/a', '/b', '/c', '/d'].forEach((p) => tabs.openTab(t(p)))
    tabs.capTabs(2)
    expect(paths(tabs.getTabsSnapshot().tabs)).toEqual([HOME_PATH, '/c', '/d'])
  })

  it('keeps the view of a tab when it is activated again, and close others keeps pinned tabs', () => {
    tabs.openTab(t('/a'))
    tabs.setTabSearch('/a', { mobile: '138', pageNumber: 3 })
    tabs.openTab(t('/b'))
    tabs.openTab(t('/a'))
    expect(tabs.getTab('/a')?.search).toEqual({ mobile: '138', pageNumber: 3 })
    tabs.setTabPinned('/b', true)
    tabs.openTab(t('/c'))
    expect(paths(tabs.getTabsSnapshot().tabs)).toEqual([HOME_PATH, '/a', '/b', '/c'])
    tabs.closeOtherTabs('/c')
    expect(paths(tabs.getTabsSnapshot().tabs)).toEqual([HOME_PATH, '/b', '/c'])
    tabs.closeAllTabs()
    expect(paths(tabs.getTabsSnapshot().tabs)).toEqual([HOME_PATH, '/b'])
  })

  it('next and previous wrap round; 9 is the last tab', () => {
    const s = { tabs: [tabs.HOME_TAB, t('/a'), t('/b')], active: '/b' }
    expect(tabs.neighbourTab(s, 1)).toBe(HOME_PATH)
    expect(tabs.neighbourTab(s, -1)).toBe('/a')
    expect(tabs.tabByNumber(s.tabs, 2)).toBe('/a')
    expect(tabs.tabByNumber(s.tabs, 9)).toBe('/b')
    expect(tabs.tabByNumber(s.tabs, 5)).toBeNull()
  })
})
