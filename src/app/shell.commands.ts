import type { QueryClient } from '@tanstack/react-query'
import { menuQuery, topMenuQuery } from '@/api/user'
import { registerCommands, type Command } from '@/commands/registry'
import { LOCALES, THEMES, type Locale } from '@/domain/constants'
import { walkMenu } from '@/domain/menu'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { shortLinkCommands } from '@/features/short-links'
import { templateCommands } from '@/features/templates'
import { materialCommands } from '@/features/materials'
import { signatureCommands } from '@/features/signatures'
import { apiKeyCommands } from '@/features/api-keys'
import { optOutCommands } from '@/features/opt-outs'
import { batchCommands } from '@/features/batch'
import { getLastBatch } from '@/stores/last-batch'
import { setLocale, setTheme, toggleSidebar } from '@/stores/prefs'
import { HOME_PATH, closeAllTabs, closeOtherTabs, closeTab, getActiveTab, openTab } from '@/stores/tabs'
import { requestArrivalFocus } from './layout/arrival-focus'
import { isLeaf, menuLabel } from './layout/menu-lookup'
import { confirmLogout, openFeedback, toggleFullscreen, type Go } from './layout/shell-actions'
import { openShellDialog } from './layout/shell-ui'

export interface ShellContext {
  LL: TranslationFunctions
  /** The other language's words, so either language finds a command. */
  otherLL: TranslationFunctions
  locale: Locale
  go: Go
  queryClient: QueryClient
}

/*
 * Shortcuts use Alt so they never shadow the browser's own Ctrl keys (new tab, close tab, address bar) and stay
 * clear of the grid's alt+r and ctrl+shift+e. Themes and language have none: a stray key should not reload the page.
 */
export const SHELL_SHORTCUTS = {
  lock: 'alt+l', logout: 'alt+shift+q', sidebar: 'alt+b', fullscreen: 'alt+enter',
  closeTab: 'alt+w', closeOthers: 'alt+o', closeAll: 'alt+shift+w', errorLog: 'alt+e',
} as const

function lastBatchLabel(t: TranslationFunctions) {
  const last = getLastBatch()
  const batchId = last?.batchId ?? ''
  return last?.timed ? t.send.viewLastTimed({ batchId }) : t.send.viewLastBatch({ batchId })
}

function actionCommands({ LL, otherLL, locale, go }: ShellContext): Command[] {
  const group = () => LL.shell.actions()
  const act = (id: string, label: (t: TranslationFunctions) => string, perform: () => void, shortcut?: string): Command => ({
    id: `action:${id}`, kind: 'action', group, shortcut, perform,
    label: () => label(LL), keywords: () => [label(otherLL)],
  })
  const other = LOCALES.find((l) => l !== locale) ?? 'en'
  const goNext = (next: string | null) => next && go(next)
  return [
    act('lock', (t) => t.shell.lockCommand(), () => openShellDialog('lock'), SHELL_SHORTCUTS.lock),
    act('logout', (t) => t.shell.logoutCommand(), () => void confirmLogout(LL, go), SHELL_SHORTCUTS.logout),
    act('sidebar', (t) => t.shell.toggleSidebar(), () => toggleSidebar(), SHELL_SHORTCUTS.sidebar),
    act('fullscreen', (t) => t.shell.toggleFullscreen(), toggleFullscreen, SHELL_SHORTCUTS.fullscreen),
    { ...act('close-tab', (t) => t.shell.closeCurrent(), () => goNext(closeTab(getActiveTab())), SHELL_SHORTCUTS.closeTab),
      when: () => getActiveTab() !== HOME_PATH },
    act('close-other-tabs', (t) => t.shell.closeOtherTabs(), () => go(closeOtherTabs()), SHELL_SHORTCUTS.closeOthers),
    act('close-all-tabs', (t) => t.shell.closeAllTabs(), () => go(closeAllTabs()), SHELL_SHORTCUTS.closeAll),
    act('error-log', (t) => t.shell.openErrorLog(), () => openShellDialog('errorLog'), SHELL_SHORTCUTS.errorLog),
    act('feedback', (t) => t.shell.openFeedback(), () => void openFeedback(LL)),
    // After a send, from anywhere: its sent records, or its timed batch.
    { ...act('last-batch', (t) => lastBatchLabel(t), () => goNext(getLastBatch()?.path ?? null)), when: () => getLastBatch() !== null },
    act('language', (t) => t.shell.switchLanguage({ name: t.common.languages[other]() }), () => setLocale(other)),
    ...THEMES.map((theme) =>
      act(`theme:${theme}`, (t) => t.shell.themeCommand({ name: t.shell.themes[theme]() }), () => setTheme(theme))),
    ...shortLinkCommands({ LL, otherLL, go }),
    ...templateCommands({ LL, otherLL, go }),
    ...materialCommands({ LL, otherLL }),
    ...signatureCommands({ LL, otherLL }),
    ...apiKeyCommands({ LL, otherLL }),
    ...optOutCommands({ LL, otherLL }),
    ...batchCommands({ LL, otherLL, go }),
  ]
}

/** One route command per menu leaf of every granted module, grouped by module. */
async function routeCommands({ locale, go, queryClient }: ShellContext): Promise<Command[]> {
  const other: Locale = locale === 'en' ? 'zh-CN' : 'en'
  const top = (await queryClient.fetchQuery(topMenuQuery())).filter((m) => m.prodAccess)
  const menus = await Promise.allSettled(top.map((m) => queryClient.fetchQuery(menuQuery(m.code))))
  return top.flatMap((module, i) => {
    const result = menus[i]
    if (result.status !== 'fulfilled') return []
    return [...walkMenu(result.value)].filter(isLeaf).map((item): Command => ({
      id: `route:${item.path}`,
      kind: 'route',
      label: () => menuLabel(item, locale),
      keywords: () => [menuLabel(item, other), menuLabel(module, other)],
      group: () => menuLabel(module, locale),
      perform: () => {
        openTab({ path: item.path, label: item.label, labelEn: item.labelEn })
        requestArrivalFocus()
        go(item.path)
      },
    }))
  })
}

/** Registers the shell's commands while the layout is mounted; the returned function removes them all. */
export function registerShellCommands(ctx: ShellContext): () => void {
  const removeActions = registerCommands(actionCommands(ctx))
  let removeRoutes = () => {}
  let live = true
  routeCommands(ctx).then(
    (list) => {
      if (live) removeRoutes = registerCommands(list)
    },
    // A failed menu load has already been reported by the HTTP client; the actions still work.
    () => undefined,
  )
  return () => {
    live = false
    removeActions()
    removeRoutes()
  }
}
