import { describe, expect, it } from 'vitest'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { SCREENS } from './registry'

const leafPaths = (list: readonly CatalogEntry[]): string[] =>
  list.flatMap((e) => (e.children?.length ? leafPaths(e.children) : [e.path]))

describe('screen registry', () => {
  it('binds every leaf path of every module menu to a screen', () => {
    const all = Object.values(MENU_CATALOG).flatMap(leafPaths)
    expect(all.length).toBeGreaterThan(30)
    for (const path of all) expect(SCREENS.get(path)?.Screen, path).toBeDefined()
  })

  it('does not treat a menu group as a screen', () => {
    expect(SCREENS.has('/home-sms/records')).toBe(false)
    expect(SCREENS.has('/account')).toBe(false)
  })
})
