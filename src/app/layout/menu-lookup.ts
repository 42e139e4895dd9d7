import { MODULES, type Locale, type ModuleCode } from '@/domain/constants'
import { walkMenu, type MenuItem } from '@/domain/menu'

/** The granted modules' menus, as the shell has loaded them so far. */
export type ModuleMenus = Partial<Record<ModuleCode, readonly MenuItem[]>>

export const isLeaf = (i: MenuItem) => i.children.length === 0

export function findMenuItem(menus: ModuleMenus, path: string): { module: ModuleCode; item: MenuItem } | null {
  for (const module of MODULES) {
    for (const item of walkMenu(menus[module] ?? [])) {
      if (isLeaf(item) && item.path === path) return { module, item }
    }
  }
  return null
}

/**
 * The menu item a path belongs to: its own leaf, else the leaf it sits under (a template's editor or detail under
 * its list, /csp-sms/templates/new under /csp-sms/templates), the longest such path. `own` says which.
 */
export function menuOwner(menus: ModuleMenus, path: string): { module: ModuleCode; item: MenuItem; own: boolean } | null {
  const exact = findMenuItem(menus, path)
  if (exact) return { ...exact, own: true }
  let best: { module: ModuleCode; item: MenuItem; own: boolean } | null = null
  for (const module of MODULES) {
    for (const item of walkMenu(menus[module] ?? [])) {
      if (isLeaf(item) && path.startsWith(`${item.path}/`) && (!best || item.path.length > best.item.path.length)) best = { module, item, own: false }
    }
  }
  return best
}

/** The module whose menu holds the path (or the screen it sits under); /wel/index, /info/* and anything unknown belong to userCenter. */
export function moduleOfPath(menus: ModuleMenus, path: string): ModuleCode {
  return menuOwner(menus, path)?.module ?? 'userCenter'
}

export const menuLabel = (i: { label: string; labelEn: string }, locale: Locale) =>
  locale === 'en' ? i.labelEn || i.label : i.label

/** The chain of group ids above a path, so the sidebar can open the groups that lead to the active item. */
export function ancestorsOf(items: readonly MenuItem[], path: string, trail: string[] = []): string[] | null {
  for (const item of items) {
    if (item.path === path && isLeaf(item)) return trail
    const hit = ancestorsOf(item.children, path, [...trail, item.id])
    if (hit) return hit
  }
  return null
}

/** The path inside the app: the router reports it without /sms-cloud, but keep this robust to both. */
export function appPath(pathname: string, base = '/sms-cloud'): string {
  const p = pathname.startsWith(base) ? pathname.slice(base.length) : pathname
  return p === '' ? '/' : p
}

/**
 * The labels from the module down to the screen (module > groups > screen), or null for a path no menu holds. A page
 * under a screen (an editor under its list) gets the screen's trail; the page names itself.
 */
export function breadcrumbOf(
  menus: ModuleMenus,
  modules: readonly { code: string; label: string; labelEn: string }[],
  path: string,
  locale: Locale,
): string[] | null {
  const hit = menuOwner(menus, path)
  if (!hit) return null
  path = hit.item.path
  const items = menus[hit.module] ?? []
  const groups = (ancestorsOf(items, path) ?? []).map((id) => [...walkMenu(items)].find((i) => i.id === id))
  const module = modules.find((m) => m.code === hit.module)
  return [...(module ? [menuLabel(module, locale)] : []), ...groups.flatMap((g) => (g ? [menuLabel(g, locale)] : [])), menuLabel(hit.item, locale)]
}
