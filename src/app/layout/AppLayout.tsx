import { Outlet, useRouterState } from '@tanstack/react-router'
import { Suspense, useEffect } from 'react'
import { useShortcutDispatcher } from '@/commands/dispatcher'
import { PageSpinner } from '@/components/ui/Spinner'
import { CommandPalette, ShortcutSheet } from '@/features/palette'
import { DownloadTray } from '@/grid/DownloadTray'
import { preloadListEngine } from '@/grid/lazy-screen'
import { useI18nContext } from '@/i18n/i18n-react'
import { installErrorCapture } from '@/stores/error-log'
import { rememberReturn, useLocked } from '@/stores/lock'
import { useArrivalFocus } from './arrival-focus'
import { Footer } from './Footer'
import { PageBoundary } from './PageBoundary'
import { PageHeader } from './PageHeader'
import { ShellDialogs } from './ShellDialogs'
import { Sidebar } from './Sidebar'
import { TabStrip } from './TabStrip'
import { TopBar } from './TopBar'
import { useShellCommands } from './use-shell-commands'
import { useTabCommands } from './use-tab-commands'
import { useGo, useGrantedMenus, usePathname } from './use-shell-menus'
import { useTabSync } from './use-tab-sync'

/**
 * Runs `work` once the browser has nothing else to do (the page drawn, its first calls answered), at the latest
 * after 3 s; returns the effect's clean-up. Safari has no requestIdleCallback: a plain time-out stands in.
 */
function whenIdle(work: () => void) {
  return () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(work, { timeout: 3000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(work, 1500)
    return () => clearTimeout(id)
  }
}

/** The signed-in shell of spec section 2: top bar, sidebar, tab strip, the page, footer, and the shell's dialogs. */
export function AppLayout() {
  const { LL } = useI18nContext()
  const go = useGo()
  const path = usePathname()
  const { menus } = useGrantedMenus()

  useEffect(installErrorCapture, [])
  useShortcutDispatcher()
  useShellCommands(go)
  useTabSync(path, menus)
  useTabCommands(go)
  useArrivalFocus(path)
  useEffect(whenIdle(preloadListEngine), [])

  // The lock may come from this tab's dialog or from another tab (storage event): either way nothing of the page
  // stays on screen or in the DOM, and this tab remembers where to come back to.
  const locked = useLocked()
  const href = useRouterState({ select: (s) => s.location.href })
  useEffect(() => {
    if (!locked) return
    rememberReturn(href)
    go('/lock')
  }, [locked])
  if (locked) return null

  return (
    <div className="flex h-dvh flex-col bg-[var(--bg)] text-[var(--text)]">
      <a href="#main" data-testid="skip-link"
        className="sr-only z-50 rounded bg-[var(--primary)] px-3 py-2 text-sm text-[var(--primary-contrast)] focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        onClick={(e) => {
          e.preventDefault()
          document.getElementById('main')?.focus()
        }}>
        {LL.nav.skipToContent()}
      </a>
      <TopBar go={go} />
      <div className="flex min-h-0 flex-1">
        <Sidebar go={go} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TabStrip go={go} />
          <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-auto p-4 outline-none">
            <PageHeader menus={menus} path={path} />
            <PageBoundary>
              <Suspense fallback={<PageSpinner label={LL.shell.loading()} />}>
                <Outlet />
              </Suspense>
            </PageBoundary>
          </main>
          <Footer />
        </div>
      </div>
      <ShellDialogs />
      <DownloadTray />
      <CommandPalette />
      <ShortcutSheet />
    </div>
  )
}
