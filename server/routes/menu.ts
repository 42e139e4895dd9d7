import { Hono } from 'hono'
import { MODULE_PROD_TYPE, MODULES, type ModuleCode } from '../../src/domain/constants'
import { MODULE_CATALOG } from '../../src/domain/menu-catalog'
import { filterMenuByRoles, type MenuItem, type TopMenuItem } from '../../src/domain/menu'
import type { Deps } from '../deps'
import type { Db } from '../db'
import { ApiError, ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { hasProduct, roleOf, type SessionUser } from '../users/repo'

interface MenuRow {
  id: string
  parent_id: string | null
  module: string
  path: string
  label: string
  label_en: string
  icon: string
  roles: string[]
}

export function moduleAccess(user: SessionUser, code: ModuleCode): boolean {
  const prod = MODULE_PROD_TYPE[code]
  return prod === null || hasProduct(user, prod)
}

/** Rows come sorted, so children keep the catalog's order. */
export async function loadMenuTree(db: Db, module: ModuleCode, prodAccess: boolean): Promise<MenuItem[]> {
  const { rows } = await db.query<MenuRow>(
    'select id, parent_id, module, path, label, label_en, icon, roles from menu where module = $1 order by sort',
    [module],
  )
  const byId = new Map<string, MenuItem>()
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id, parentId: r.parent_id, label: r.label, labelEn: r.label_en, path: r.path, icon: r.icon,
      roles: r.roles, prodAccess, meta: { module: r.module }, children: [],
    })
  }
  const roots: MenuItem[] = []
  for (const item of byId.values()) {
    const parent = item.parentId ? byId.get(item.parentId) : undefined
    if (parent) parent.children.push(item)
    else roots.push(item)
  }
  return roots
}

export function menuRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  operation(r, '/user/getTopMenu', auth, (c) => {
    const user = c.get('user')
    const items: TopMenuItem[] = MODULES.map((code) => {
      const m = MODULE_CATALOG[code]
      return { code, label: m.label, labelEn: m.labelEn, icon: m.icon, path: m.home, prodAccess: moduleAccess(user, code) }
    })
    return ok(c, items)
  })

  operation(r, '/user/getMenu', auth, async (c, input) => {
    const { permCode } = await input()
    const user = c.get('user')
    if (!moduleAccess(user, permCode)) throw new ApiError(403, 'productNotActivated')
    const tree = await loadMenuTree(deps.db, permCode, true)
    return ok(c, filterMenuByRoles(tree, [roleOf(user)]))
  })

  return r
}
