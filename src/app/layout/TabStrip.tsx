import * as ContextMenu from '@radix-ui/react-context-menu'
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { ChevronDown, Pin } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { Locale } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { HOME_PATH, closeAllTabs, closeOtherTabs, closeTab, setTabPinned, useTabs, type Tab } from '@/stores/tabs'
import { Icon, menuItemClass, menuPanelClass } from './icons'
import { menuLabel } from './menu-lookup'
import type { Go } from './shell-actions'
import { usePathname } from './use-shell-menus'

/** "发送记录 · 5G消息": the module tells apart pages of the same name. */
export function tabTitle(tab: Tab, locale: Locale): string {
  const module = locale === 'en' ? tab.moduleEn || tab.module : tab.module
  return module ? `${menuLabel(tab, locale)} · ${module}` : menuLabel(tab, locale)
}

/**
 * Open pages (spec section 2): home first and fixed; middle-click or × closes; the context menu pins and closes in
 * bulk. The strip scrolls to keep the active tab in view, and the list at its end names every open tab.
 */
export function TabStrip({ go }: { go: Go }) {
  const { LL, locale } = useI18nContext()
  const { tabs } = useTabs()
  const path = usePathname()
  const strip = useRef<HTMLDivElement>(null)

  // Scrolls the strip only (scrollIntoView would move the page too, and Chrome then starts Tab from the tab). On any
  // change of the tabs (one opened at the cap closes another: same count), after the frame has laid them out, and again
  // whenever the strip or a tab changes size (a new tab's title comes with its page, the window narrows).
  useEffect(() => {
    const box = strip.current
    if (!box) return
    const keepActiveInView = () => {
      const tab = box.querySelector<HTMLElement>('[data-active]')
      if (!tab) return
      const b = box.getBoundingClientRect()
      const t = tab.getBoundingClientRect()
      if (t.left < b.left) box.scrollLeft -= b.left - t.left + 8
      else if (t.right > b.right) box.scrollLeft += t.right - b.right + 8
    }
    const frame = requestAnimationFrame(keepActiveInView)
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepActiveInView)
    resized?.observe(box)
    for (const tab of box.children) resized?.observe(tab)
    return () => {
      cancelAnimationFrame(frame)
      resized?.disconnect()
    }
  }, [path, tabs])

  const close = (p: string) => {
    const next = closeTab(p)
    if (next && p === path) go(next)
  }

  return (
    <div className="flex h-9 shrink-0 items-end border-b border-[var(--border)] bg-[var(--surface)]">
      <div ref={strip} role="tablist" aria-label={LL.shell.tabs()} data-testid="tabs"
        className="flex h-9 min-w-0 flex-1 items-end gap-1 overflow-x-auto px-2 [scrollbar-width:thin]">
        {tabs.map((tab, i) => (
          <ContextMenu.Root key={tab.path}>
            <ContextMenu.Trigger asChild>
              <TabButton tab={tab} number={i + 1} active={tab.path === path} onOpen={() => go(tab.path)} onClose={() => close(tab.path)} />
            </ContextMenu.Trigger>
            <ContextMenu.Portal>
              <ContextMenu.Content className={menuPanelClass} data-testid="tab-menu">
                {tab.path !== HOME_PATH && (
                  <ContextMenu.Item className={menuItemClass} data-testid="tab-pin" onSelect={() => setTabPinned(tab.path, !tab.pinned)}>
                    {tab.pinned ? LL.nav.unpinTab() : LL.nav.pinTab()}
                  </ContextMenu.Item>
                )}
                <ContextMenu.Item className={menuItemClass} data-testid="tab-close-others" onSelect={() => go(closeOtherTabs(tab.path))}>
                  {LL.shell.closeOthers()}
                </ContextMenu.Item>
                <ContextMenu.Item className={menuItemClass} data-testid="tab-close-all" onSelect={() => go(closeAllTabs())}>
                  {LL.shell.closeAll()}
                </ContextMenu.Item>
              </ContextMenu.Content>
            </ContextMenu.Portal>
          </ContextMenu.Root>
        ))}
      </div>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger data-testid="tab-list" aria-label={LL.nav.allTabs({ count: tabs.length })}
          title={LL.nav.allTabs({ count: tabs.length })}
          className="mx-1 mb-0.5 inline-flex h-7 items-center gap-0.5 rounded px-1.5 text-xs text-[var(--muted)] hover:bg-[var(--surface-2)]">
          {tabs.length}
          <ChevronDown aria-hidden size={14} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={`${menuPanelClass} max-h-[70vh] overflow-y-auto`} data-testid="tab-list-menu">
            {tabs.map((tab, i) => (
              <DropdownMenu.Item key={tab.path} className={menuItemClass} onSelect={() => go(tab.path)}
                data-active={tab.path === path || undefined}>
                <span className="w-4 text-right text-xs text-[var(--muted)]">{i < 9 ? i + 1 : ''}</span>
                <span className={tab.path === path ? 'font-medium text-[var(--primary)]' : ''}>{tabTitle(tab, locale as Locale)}</span>
                {tab.pinned && tab.path !== HOME_PATH && <Pin aria-label={LL.nav.pinned()} size={12} className="ml-auto" />}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  )
}

interface TabButtonProps extends React.HTMLAttributes<HTMLDivElement> {
  // React 19 passes the context-menu trigger's ref as a prop; it lands on the div through the spread.
  ref?: React.Ref<HTMLDivElement>
  tab: Tab
  number: number
  active: boolean
  onOpen: () => void
  onClose: () => void
}

/**
 * A tab and its close ×. A tablist may hold only tabs, and a tab no other control, so the × is for the pointer alone
 * (hidden from assistive technology, out of the Tab order): from the keyboard, Delete on a tab closes it (the ARIA
 * tabs pattern's deletable tabs), as Alt+W closes the current one.
 */
function TabButton({ tab, number, active, onOpen, onClose, ...trigger }: TabButtonProps) {
  const { LL, locale } = useI18nContext()
  const closable = tab.path !== HOME_PATH
  return (
    <div
      {...trigger}
      data-testid={`tab-${tab.path}`}
      data-active={active || undefined}
      data-pinned={(closable && tab.pinned) || undefined}
      // Middle button: browsers use it for auto-scroll on mousedown, and it closes the tab on release.
      onMouseDown={(e) => e.button === 1 && e.preventDefault()}
      onAuxClick={(e) => e.button === 1 && closable && !tab.pinned && onClose()}
      className={`flex h-8 shrink-0 items-center rounded-t border border-b-0 text-sm
        ${active ? 'border-[var(--border)] bg-[var(--bg)] text-[var(--primary)]' : 'border-transparent text-[var(--muted)] hover:text-[var(--text)]'}`}
    >
      <button type="button" role="tab" aria-selected={active} onClick={onOpen} className="flex h-full items-center gap-1 px-3 whitespace-nowrap"
        onKeyDown={(e) => {
          if (e.key !== 'Delete' || !closable || tab.pinned) return
          e.preventDefault()
          // The focus goes on to the next tab (the previous one at the end) rather than falling to the page.
          const box = e.currentTarget.parentElement
          const neighbour = (box?.nextElementSibling ?? box?.previousElementSibling)?.querySelector<HTMLElement>('[role="tab"]')
          onClose()
          neighbour?.focus()
        }}
        aria-keyshortcuts={closable && !tab.pinned ? 'Delete' : undefined}
        title={`${tabTitle(tab, locale as Locale)}${number <= 8 ? ` (Alt+${number})` : ''}`}>
        {closable && tab.pinned && <Pin aria-label={LL.nav.pinned()} size={11} />}
        {menuLabel(tab, locale as Locale)}
      </button>
      {closable && !tab.pinned && (
        <span aria-hidden title={`${LL.shell.closeTab()} (Delete)`} data-testid="tab-close" onClick={onClose}
          className="mr-1 cursor-pointer rounded p-0.5 hover:bg-[var(--surface-2)]">
          <Icon name="close" size={12} />
        </span>
      )}
    </div>
  )
}
