import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { lists as accountLists } from '@/features/accounts'
import { lists as addressBookLists } from '@/features/address-book'
import { lists as apiKeyLists } from '@/features/api-keys'
import { lists as auditLists } from '@/features/audit'
import { lists as crudLists } from '@/features/crud'
import { dashboards } from '@/features/dashboard'
import { lists as numberCheckLists } from '@/features/number-check'
import { lists as materialLists } from '@/features/materials'
import { lists as pushLists } from '@/features/push'
import { lists as rechargeLists } from '@/features/recharge'
import { lists as signatureLists } from '@/features/signatures'
import { lists as optOutLists } from '@/features/opt-outs'
import { lists as recordLists } from '@/features/records'
import { lists as statisticsLists } from '@/features/statistics'
import { lists as templateLists } from '@/features/templates'
import { lists as timedLists } from '@/features/timed'
import { listScreen, preloadListEngine, type ListDefinition } from '@/grid'
import { prefetchListPage } from '@/grid/use-list-state'
import { withChunkTimeout } from '../lazy'
import type { ScreenProps } from './screen-props'

export interface ScreenEntry {
  entry: CatalogEntry
  Screen: LazyExoticComponent<ComponentType<ScreenProps>>
  /** No real screen is bound: Screen is PendingScreen (the paths with their own routes, which never show it). */
  pending: boolean
}

const Pending = lazy(withChunkTimeout(() => import('./PendingScreen')))

/*
 * Real screens arrive with later issues; each one replaces its pending entry here, keyed by menu path, e.g.
 * '/home-sms/mt-records': lazy(withChunkTimeout(() => import('@/features/records/MtRecordsScreen'))).
 * Paths with their own routes (/wel/index, /info/*) never reach the registry's screen, only its lookup.
 */
/** Every list declaration of the product areas, in menu order; the list registry the browser test walks. */
export const LISTS: readonly ListDefinition[] = [
  ...recordLists, ...statisticsLists, ...timedLists, ...templateLists, ...signatureLists, ...materialLists, ...numberCheckLists, ...rechargeLists,
  ...addressBookLists, ...optOutLists, ...accountLists, ...crudLists, ...pushLists, ...auditLists, ...apiKeyLists,
]

const Dashboard = lazy(withChunkTimeout(() => import('@/features/dashboard/DashboardRoute')))

const REAL_SCREENS: Partial<Record<string, LazyExoticComponent<ComponentType<ScreenProps>>>> = Object.fromEntries([
  ...LISTS.map((def) => [def.path, listScreen(def, withChunkTimeout)] as const),
  ...dashboards.map((d) => [d.path, Dashboard] as const),
  ['/home-sms/group-send', lazy(withChunkTimeout(() => import('@/features/send/GroupSendScreen')))] as const,
  ['/home-sms/p2p-send', lazy(withChunkTimeout(() => import('@/features/send/p2p/P2pSendScreen')))] as const,
  ['/intl-sms/send', lazy(withChunkTimeout(() => import('@/features/send/intl/IntlSendScreen')))] as const,
  ['/video-sms/send', lazy(withChunkTimeout(() => import('@/features/send/video/VideoSendScreen')))] as const,
  ['/csp-sms/send', lazy(withChunkTimeout(() => import('@/features/send/csp/CspSendScreen')))] as const,
  ['/home-sms/link-send', lazy(withChunkTimeout(() => import('@/features/send/link/LinkSendScreen')))] as const,
  ['/short-link/tools', lazy(withChunkTimeout(() => import('@/features/short-links/ShortLinkToolsScreen')))] as const,
  ['/number-check/online', lazy(withChunkTimeout(() => import('@/features/number-check/OnlineCheckScreen')))] as const,
])

function leaves(list: readonly CatalogEntry[]): CatalogEntry[] {
  return list.flatMap((e) => (e.children?.length ? leaves(e.children) : [e]))
}

/** Every leaf path of the menu catalog, bound to its screen. A menu path missing here leads to /404. */
export const SCREENS: ReadonlyMap<string, ScreenEntry> = new Map(
  Object.values(MENU_CATALOG)
    .flatMap(leaves)
    .map((entry) => [entry.path, { entry, Screen: REAL_SCREENS[entry.path] ?? Pending, pending: !REAL_SCREENS[entry.path] }]),
)

const LIST_AT: ReadonlyMap<string, ListDefinition> = new Map(LISTS.map((def) => [def.path, def]))

/**
 * What a menu screen needs before React gets to it, started by its route: for a list, the engine's chunk and the
 * first page, side by side, instead of the page after the chunk after the shell's first render.
 */
export function preloadScreen(path: string, search: Record<string, unknown>): void {
  const def = LIST_AT.get(path)
  if (!def) return
  preloadListEngine()
  prefetchListPage(def, search)
}
