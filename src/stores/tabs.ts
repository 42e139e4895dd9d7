import { proxy, useSnapshot } from 'valtio'

/** An open page in the tab strip. Both labels are kept so a language switch needs no menu lookup. */
export interface Tab {
  path: string
  label: string
  labelEn: string
}

export const HOME_PATH = '/wel/index'
export const HOME_TAB: Tab = { path: HOME_PATH, label: '首页', labelEn: 'Home' }
const RECENT_MAX = 8
const KEY = 'sms.tabs'

export interface TabsState {
  tabs: Tab[]
  active: string
  /** Most recently activated paths first, for the home screen. */
  recent: Tab[]
}

/** Home is always first and present; everything else keeps its opening order. */
export function withTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const rest = tabs.filter((t) => t.path !== HOME_PATH)
  const i = rest.findIndex((t) => t.path === tab.path)
  if (tab.path === HOME_PATH) return [HOME_TAB, ...rest]
  if (i >= 0) rest[i] = tab
  else rest.push(tab)
  return [HOME_TAB, ...rest]
}

/** Closing picks the right-hand neighbour, else the left one, like most tab strips. Home cannot close. */
export function withoutTab(s: TabsState, path: string): Pick<TabsState, 'tabs' | 'active'> {
  if (path === HOME_PATH) return { tabs: s.tabs, active: s.active }
  const i = s.tabs.findIndex((t) => t.path === path)
  if (i < 0) return { tabs: s.tabs, active: s.active }
  const tabs = s.tabs.filter((t) => t.path !== path)
  const active = s.active === path ? (tabs[i] ?? tabs[i - 1] ?? HOME_TAB).path : s.active
  return { tabs, active }
}

export function onlyTab(s: TabsState, keep: string): Pick<TabsState, 'tabs' | 'active'> {
  const kept = s.tabs.find((t) => t.path === keep && keep !== HOME_PATH)
  return { tabs: kept ? [HOME_TAB, kept] : [HOME_TAB], active: kept ? kept.path : HOME_PATH }
}

export function pushRecent(recent: readonly Tab[], tab: Tab): Tab[] {
  if (tab.path === HOME_PATH) return [...recent]
  return [tab, ...recent.filter((t) => t.path !== tab.path)].slice(0, RECENT_MAX)
}

const blank = (): TabsState => ({ tabs: [HOME_TAB], active: HOME_PATH, recent: [] })

function load(): TabsState {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY)
    const s = raw ? (JSON.parse(raw) as TabsState) : blank()
    return { ...s, tabs: withTab(s.tabs, HOME_TAB) }
  } catch {
    return blank()
  }
}

const state = proxy<TabsState>(load())

function commit(next: Partial<TabsState>) {
  Object.assign(state, next)
  globalThis.sessionStorage?.setItem(KEY, JSON.stringify(state))
}

/** Opens or activates a tab; called on every route change, so a direct URL gets its tab too. */
export function openTab(tab: Tab) {
  commit({ tabs: withTab(state.tabs, tab), active: tab.path, recent: pushRecent(state.recent, tab) })
}

/** Returns the path to show next when the active tab was closed, else null. */
export function closeTab(path: string): string | null {
  const wasActive = state.active === path
  commit(withoutTab(state, path))
  return wasActive && state.active !== path ? state.active : null
}

/** Keeps home and `path` (the active tab by default); returns the path to show. */
export function closeOtherTabs(path: string = state.active): string {
  commit(onlyTab(state, path))
  return state.active
}

/** Back to home only (spec: close all returns to the home tab). */
export function closeAllTabs(): string {
  commit({ tabs: [HOME_TAB], active: HOME_PATH })
  return HOME_PATH
}

/** Log-in and log-out clear the tags (spec section 4). */
export function clearTabs() {
  commit(blank())
}

export function getActiveTab(): string {
  return state.active
}

/** A plain copy for code outside React (commands, tests). */
export function getTabsSnapshot(): TabsState {
  return JSON.parse(JSON.stringify(state)) as TabsState
}

export function useTabs() {
  return useSnapshot(state) as Readonly<TabsState>
}
