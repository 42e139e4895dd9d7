import { useEffect, useState } from 'react'
import type { Locale } from '@/domain/constants'
import type { MenuItem } from '@/domain/menu'
import { useI18nContext } from '@/i18n/i18n-react'
import { toggleSidebar, usePrefs } from '@/stores/prefs'
import { Icon } from './icons'
import { MenuIcon } from './menu-icons'
import { ancestorsOf, isLeaf, menuLabel, menuOwner } from './menu-lookup'
import type { Go } from './shell-actions'
import { useActiveModule, useGrantedMenus, usePathname } from './use-shell-menus'

/**
 * The active module's menu (spec section 2): nested groups fold, the current page (or the list a page sits under) is
 * marked, and it folds to icons.
 */
export function Sidebar({ go }: { go: Go }) {
  const { LL } = useI18nContext()
  const { sidebarCollapsed: collapsed } = usePrefs()
  const module = useActiveModule()
  const { menus, failed } = useGrantedMenus()
  const items = menus[module] ?? []
  // A page under a screen (an editor, a detail, an add page) marks that screen, as its breadcrumb names it.
  const path = menuOwner(menus, usePathname())?.item.path
  const [open, setOpen] = useState<Set<string>>(new Set())

  // Opening the groups above the current page keeps a deep link or a palette jump visible in the menu.
  const trail = (path ? (ancestorsOf(items, path) ?? []) : []).join()
  useEffect(() => {
    if (trail) setOpen((s) => new Set([...s, ...trail.split(',')]))
  }, [trail])

  const toggle = (item: MenuItem) => {
    if (collapsed) toggleSidebar(false)
    setOpen((s) => {
      const next = new Set(s)
      if (next.has(item.id) && !collapsed) next.delete(item.id)
      else next.add(item.id)
      return next
    })
  }

  const render = (list: readonly MenuItem[], depth: number) =>
    list.map((item) => (
      <li key={item.id}>
        <SidebarEntry item={item} depth={depth} collapsed={collapsed} active={item.path === path}
          expanded={open.has(item.id)} onClick={() => (isLeaf(item) ? go(item.path) : toggle(item))} />
        {!isLeaf(item) && open.has(item.id) && !collapsed && <ul>{render(item.children, depth + 1)}</ul>}
      </li>
    ))

  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed || undefined}
      className={`shrink-0 overflow-y-auto border-r border-[var(--border)] bg-[var(--sidebar-bg)] text-[var(--sidebar-text)]
        transition-[width] ${collapsed ? 'w-14' : 'w-56'}`}
    >
      <nav aria-label={LL.shell.modules()}>
        <ul className="py-2">{render(items, 0)}</ul>
        {failed && !items.length && <p className="px-4 py-2 text-xs">{LL.shell.menuFailed()}</p>}
      </nav>
    </aside>
  )
}

interface EntryProps {
  item: MenuItem
  depth: number
  collapsed: boolean
  active: boolean
  expanded: boolean
  onClick: () => void
}

function SidebarEntry({ item, depth, collapsed, active, expanded, onClick }: EntryProps) {
  const { locale } = useI18nContext()
  const label = menuLabel(item, locale as Locale)
  const leaf = isLeaf(item)
  return (
    <button
      type="button"
      onClick={onClick}
      title={collapsed ? label : undefined}
      aria-current={active ? 'page' : undefined}
      aria-expanded={leaf ? undefined : expanded}
      data-path={item.path}
      style={{ paddingLeft: collapsed ? undefined : 16 + depth * 14 }}
      className={`flex w-full items-center gap-2 py-2 pr-3 text-left text-sm hover:bg-current/5
        ${collapsed ? 'justify-center px-0' : ''}
        ${active ? 'bg-[var(--sidebar-active)]/15 font-semibold text-[var(--sidebar-active)] shadow-[inset_3px_0_0_var(--sidebar-active)]' : ''}`}
    >
      <span aria-hidden className="flex h-6 w-6 shrink-0 items-center justify-center">
        <MenuIcon name={item.icon} />
      </span>
      {!collapsed && <span className="min-w-0 flex-1 truncate">{label}</span>}
      {!collapsed && !leaf && <Icon name="chevron" size={14} className={`transition-transform ${expanded ? 'rotate-90' : ''}`} />}
    </button>
  )
}
