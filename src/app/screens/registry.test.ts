import { describe, expect, it } from 'vitest'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { SCREENS } from './registry'

const leafPaths = (list: readonly CatalogEntry[]): string[] =>
  list.flatMap((e) => (e.children?.length ? leafPaths(e.children) : [e.path]))

describe('screen registry', () => {
  it('binds every leaf path of every module menu to a real screen, PendingScreen only where the router has its own route', () => {
    const all = Object.values(MENU_CATALOG).flatMap(leafPaths)
    expect(all.length).toBeGreaterThan(30)
    expect([...SCREENS.keys()].sort()).toEqual([...all].sort())
    // The leaves src/app/router.tsx routes to screens of their own, never through the registry's MenuScreen.
    const ownRoutes = ['/wel/index', '/info/index', '/info/setting']
    const pending = all.filter((path) => SCREENS.get(path)?.pending)
    expect(pending).toEqual(ownRoutes)
  })

  it('does not treat a menu group as a screen', () => {
    expect(SCREENS.has('/home-sms/records')).toBe(false)
    expect(SCREENS.has('/account')).toBe(false)
  })
})
