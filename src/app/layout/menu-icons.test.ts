import { Circle } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { MENU_CATALOG, MODULE_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { menuIcon } from './menu-icons'

const walk = (entries: readonly CatalogEntry[]): CatalogEntry[] => entries.flatMap((e) => [e, ...walk(e.children ?? [])])

describe('menu icons', () => {
  it('every icon name the server delivers has its own drawing', () => {
    const names = new Set([...Object.values(MENU_CATALOG).flatMap(walk).map((e) => e.icon), ...Object.values(MODULE_CATALOG).map((m) => m.icon)])
    const missing = [...names].filter((n) => menuIcon(n) === Circle)
    expect(missing).toEqual([])
    expect(names.size).toBeGreaterThan(20)
  })

  it('an unknown name gets the plain default instead of nothing', () => {
    expect(menuIcon('no-such-icon')).toBe(Circle)
  })
})
