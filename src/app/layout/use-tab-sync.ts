import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { Locale } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { openTab, setTabSearch, type Tab } from '@/stores/tabs'
import { getMaxTabs } from '@/stores/user-prefs'
import { embeddedUrl } from '../screens/iframe-url'
import { findMenuItem, menuLabel, type ModuleMenus } from './menu-lookup'
import { useTopMenu } from './use-shell-menus'

/** The browser tab's title: screen, module, product ("发送记录 · 5G消息 · SMS云平台"), so history entries differ. */
export function pageTitle(parts: readonly (string | undefined)[]): string {
  return parts.filter((p, i, all) => p && all.indexOf(p) === i).join(' · ')
}

/**
 * Every route change opens or activates its tab, whether it came from the sidebar, the palette or a typed URL, and
 * every change of the URL's search is kept on the tab, so switching back restores filters, sort and page.
 * Paths in no menu get no tab, except valid embedded pages, which are labelled by their host.
 */
export function useTabSync(path: string, menus: ModuleMenus) {
  const { LL, locale } = useI18nContext()
  const search = useRouterState({ select: (s) => s.location.search }) as Record<string, unknown>
  const modules = useTopMenu()
  const hit = findMenuItem(menus, path)
  const module = hit ? modules.find((m) => m.code === hit.module) : undefined
  const label = hit ? menuLabel(hit.item, locale as Locale) : undefined
  const moduleLabel = module ? menuLabel(module, locale as Locale) : undefined

  useEffect(() => {
    let tab: Tab | null = null
    if (hit) tab = { path, label: hit.item.label, labelEn: hit.item.labelEn, module: module?.label, moduleEn: module?.labelEn }
    else {
      const url = embeddedUrl(path)
      if (url) {
        const host = new URL(url).host
        tab = { path, label: host, labelEn: host }
      }
    }
    if (tab) openTab(tab, getMaxTabs())
    // hit and module are derived from path and menus; their identities change every render.
  }, [path, menus, module?.label])

  useEffect(() => {
    setTabSearch(path, search)
  }, [path, search])

  useEffect(() => {
    document.title = pageTitle([label ?? (embeddedUrl(path) ? new URL(embeddedUrl(path)!).host : undefined), moduleLabel, LL.common.appName()])
  }, [label, moduleLabel, path, LL])
}
