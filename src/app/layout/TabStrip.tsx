import * as ContextMenu from '@radix-ui/react-context-menu'
import type { Locale } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { HOME_PATH, closeAllTabs, closeOtherTabs, closeTab, useTabs, type Tab } from '@/stores/tabs'
import { Icon, menuItemClass, menuPanelClass } from './icons'
import { menuLabel } from './menu-lookup'
import type { Go } from './shell-actions'
import { usePathname } from './use-shell-menus'

/** Open pages (spec section 2): home first and fixed; middle-click or × closes; the context menu closes in bulk. */
export function TabStrip({ go }: { go: Go }) {
  const { LL } = useI18nContext()
  const { tabs } = useTabs()
  const path = usePathname()

  const close = (p: string) => {
    const next = closeTab(p)
    if (next && p === path) go(next)
  }

  return (
    <div role="tablist" aria-label={LL.shell.tabs()} data-testid="tabs"
      className="flex h-9 shrink-0 items-end gap-1 overflow-x-auto border-b border-[var(--border)] bg-[var(--surface)] px-2">
      {tabs.map((tab) => (
        <ContextMenu.Root key={tab.path}>
          <ContextMenu.Trigger asChild>
            <TabButton tab={tab} active={tab.path === path} onOpen={() => go(tab.path)} onClose={() => close(tab.path)} />
          </ContextMenu.Trigger>
          <ContextMenu.Portal>
            <ContextMenu.Content className={menuPanelClass} data-testid="tab-menu">
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
  )
}

interface TabButtonProps extends React.HTMLAttributes<HTMLDivElement> {
  // React 19 passes the context-menu trigger's ref as a prop; it lands on the div through the spread.
  ref?: React.Ref<HTMLDivElement>
  tab: Tab
  active: boolean
  onOpen: () => void
  onClose: () => void
}

/** A div with a button inside, because the close × must be its own button and buttons cannot nest. */
function TabButton({ tab, active, onOpen, onClose, ...trigger }: TabButtonProps) {
  const { LL, locale } = useI18nContext()
  const closable = tab.path !== HOME_PATH
  return (
    <div
      {...trigger}
      data-testid={`tab-${tab.path}`}
      data-active={active || undefined}
      // Middle button: browsers use it for auto-scroll on mousedown, and it closes the tab on release.
      onMouseDown={(e) => e.button === 1 && e.preventDefault()}
      onAuxClick={(e) => e.button === 1 && closable && onClose()}
      className={`flex h-8 shrink-0 items-center rounded-t border border-b-0 text-sm
        ${active ? 'border-[var(--border)] bg-[var(--bg)] text-[var(--primary)]' : 'border-transparent text-[var(--muted)] hover:text-[var(--text)]'}`}
    >
      <button type="button" role="tab" aria-selected={active} onClick={onOpen} className="h-full px-3 whitespace-nowrap">
        {menuLabel(tab, locale as Locale)}
      </button>
      {closable && (
        <button type="button" aria-label={LL.shell.closeTab()} data-testid="tab-close" onClick={onClose}
          className="mr-1 rounded p-0.5 hover:bg-[var(--surface-2)]">
          <Icon name="close" size={12} />
        </button>
      )}
    </div>
  )
}
