import { useEffect, useState } from 'react'
import { formatShortcut } from '@/commands/shortcuts'
import { openPalette } from '@/features/palette'
import { useI18nContext } from '@/i18n/i18n-react'
import { useErrorLog } from '@/stores/error-log'
import { toggleSidebar } from '@/stores/prefs'
import { Icon, toolButtonClass } from './icons'
import { ModuleMenu } from './ModuleMenu'
import { NoticeBell } from './NoticeBell'
import { isFullscreen, toggleFullscreen, type Go } from './shell-actions'
import { openShellDialog } from './shell-ui'
import { ColorPicker, LanguageSwitch, ThemePicker } from './TopBarPickers'
import { UserMenu } from './UserMenu'

/** The top bar of spec section 2, left to right in the spec's order. */
export function TopBar({ go }: { go: Go }) {
  const { LL } = useI18nContext()
  const { count, badge } = useErrorLog()
  const fullscreen = useFullscreen()
  const tool = (label: string) => ({ className: toolButtonClass, 'aria-label': label, title: label, type: 'button' as const })

  return (
    <header data-testid="topbar" className="flex h-12 shrink-0 items-center gap-1 border-b border-[var(--border)] bg-[var(--topbar-bg)] px-2 text-[var(--topbar-text)]">
      <button {...tool(LL.shell.collapse())} data-testid="sidebar-toggle" onClick={() => toggleSidebar()}>
        <Icon name="menu" />
      </button>
      <ModuleMenu go={go} />
      <div className="flex-1" />
      {/* Its name holds the key it shows (a spoken name that matches the visible one), and says it is a shortcut. */}
      <button {...tool(LL.shell.searchHint())} aria-label={`${LL.shell.searchHint()} ${formatShortcut('mod+k')}`}
        data-testid="search-button" onClick={openPalette} aria-keyshortcuts="Control+K Meta+K">
        <Icon name="search" />
        <kbd className="hidden rounded border border-current/30 px-1 text-[11px] md:inline">{formatShortcut('mod+k')}</kbd>
      </button>
      <ColorPicker />
      <button {...tool(LL.shell.errorLog())} data-testid="errorlog-button" onClick={() => openShellDialog('errorLog')}>
        <Icon name="bug" />
        {count > 0 && (
          <span data-testid="errorlog-badge" className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-[var(--danger)] px-1 text-[10px] leading-4 text-[var(--danger-contrast)]">
            {badge}
          </span>
        )}
      </button>
      <button {...tool(LL.shell.lock())} data-testid="lock-button" onClick={() => openShellDialog('lock')}>
        <Icon name="lock" />
      </button>
      <ThemePicker />
      <LanguageSwitch />
      <NoticeBell go={go} />
      <button
        {...tool(fullscreen ? LL.shell.exitFullscreen() : LL.shell.fullscreen())}
        data-testid="fullscreen-button"
        className={`${toolButtonClass} max-md:hidden`}
        onClick={toggleFullscreen}
      >
        <Icon name={fullscreen ? 'shrink' : 'expand'} />
      </button>
      <UserMenu go={go} />
    </header>
  )
}

function useFullscreen(): boolean {
  const [on, setOn] = useState(isFullscreen)
  useEffect(() => {
    const sync = () => setOn(isFullscreen())
    document.addEventListener('fullscreenchange', sync)
    return () => document.removeEventListener('fullscreenchange', sync)
  }, [])
  return on
}
