import { proxy, useSnapshot } from 'valtio'

/**
 * An open page in the tab strip. Both labels are kept so a language switch needs no menu lookup; the module's
 * labels tell apart the three "发送记录" tabs. `search` is the tab's last URL search (filters, sort, page), so
 * coming back to the tab shows the view it was left in.
 */
export interface Tab {
  path: string
  label: string
  labelEn: string
  module?: string
  moduleEn?: string
  search?: Record<string, unknown>
  pinned?: boolean
  /** Activation order: the lowest unpinned one is closed first when the cap is reached. */
  seen?: number
}

export const HOME_PATH = '/wel/index'
export const HOME_TAB: Tab = { path: HOME_PATH, label: '首页', labelEn: 'Home', pinned: true }
const RECENT_MAX = 8
const KEY = 'sms.tabs'
/** Default cap on open tabs besides home; the user changes it in the preferences (tab limit command). */
export const DEFAULT_MAX_TABS = 12
export const MAX_TABS_RANGE = [3, 50] as const

export interface TabsState {
  tabs: Tab[]
  active: string
  /** Most recently activated paths first, for the home screen. */
  recent: Tab[]
}

const lastSeen = (tabs: readonly Tab[]) => tabs.reduce((m, t) => Math.max(m, t.seen ?? 0), 0)

/** Home is always first and present; everything else keeps its opening order. An open tab keeps its view and pin. */
export function withTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const rest = tabs.filter((t) => t.path !== HOME_PATH)
  const i = rest.findIndex((t) => t.path === tab.path)
  const seen = lastSeen(tabs) + 1
  if (tab.path === HOME_PATH) return [{ ...HOME_TAB, seen }, ...rest]
  if (i >= 0) rest[i] = { ...rest[i], ...tab, pinned: tab.pinned ?? rest[i].pinned, search: tab.search ?? rest[i].search, seen }
  else rest.push({ ...tab, seen })
  const home = tabs.find((t) => t.path === HOME_PATH) ?? HOME_TAB
  return [home, ...rest]
}

/**
 * Closes the least recently activated unpinned tabs until at most `max` tabs besides home are open. The active tab
 * is never closed; when every other tab is pinned the cap gives way.
 */
export function withCap(tabs: readonly Tab[], active: string, max: number): Tab[] {
  let out = [...tabs]
  while (out.length - 1 > max) {
    const victims = out.filter((t) => t.path !== HOME_PATH && !t.pinned && t.path !== active)
    if (!victims.length) break
    const oldest = victims.reduce((a, b) => ((a.seen ?? 0) <= (b.seen ?? 0) ? a : b))
    out = out.filter((t) => t !== oldest)
  }
  return out
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

/** Close others keeps home, the chosen tab and the pinned ones. */
export function onlyTab(s: TabsState, keep: string): Pick<TabsState, 'tabs' | 'active'> {
  const tabs = s.tabs.filter((t) => t.path === HOME_PATH || t.pinned || t.path === keep)
  return { tabs, active: tabs.some((t) => t.path === keep) ? keep : HOME_PATH }
}

export function pushRecent(recent: readonly Tab[], tab: Tab): Tab[] {
  if (tab.path === HOME_PATH) return [...recent]
  const { search: _s, seen: _n, pinned: _p, ...plain } = tab
  return [plain, ...recent.filter((t) => t.path !== tab.path)].slice(0, RECENT_MAX)
}

/** The tab `step` places after the active one, wrapping round (next/previous tab keys). */
export function neighbourTab(s: Pick<TabsState, 'tabs' | 'active'>, step: number): string {
  const i = Math.max(0, s.tabs.findIndex((t) => t.path === s.active))
  const n = s.tabs.length
  return s.tabs[(((i + step) % n) + n) % n].path
}

/** Tab by number, counted from 1 as the strip shows them; 9 is the last tab, as in browsers. */
export function tabByNumber(tabs: readonly Tab[], n: number): string | null {
  if (n === 9) return tabs[tabs.length - 1]?.path ?? null
  return tabs[n - 1]?.path ?? null
}

const blank = (): TabsState => ({ tabs: [HOME_TAB], active: HOME_PATH, recent: [] })

function load(): TabsState {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY)
    const s = raw ? (JSON.parse(raw) as TabsState) : blank()
    return { ...s, tabs: s.tabs.some((t) => t.path === HOME_PATH) ? s.tabs : withTab(s.tabs, HOME_TAB) }
  } catch {
    return blank()
  }
}

const state = proxy<TabsState>(load())

function commit(next: Partial<TabsState>) {
  Object.assign(state, next)
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(state))
  } catch {
    // Storage full or blocked: the strip still works for this page.
  }
}

/** Opens or activates a tab; called on every route change, so a direct URL gets its tab too. */
export function openTab(tab: Tab, max = DEFAULT_MAX_TABS) {
  const tabs = withCap(withTab(state.tabs, tab), tab.path, max)
  commit({ tabs, active: tab.path, recent: pushRecent(state.recent, tab) })
}

/** Remembers the view (URL search) an open tab shows, so switching back restores it. */
export function setTabSearch(path: string, search: Record<string, unknown>) {
  const i = state.tabs.findIndex((t) => t.path === path)
  if (i < 0 || JSON.stringify(state.tabs[i].search ?? {}) === JSON.stringify(search)) return
  commit({ tabs: state.tabs.map((t, j) => (j === i ? { ...t, search } : t)) })
}

export function getTab(path: string): Tab | undefined {
  return state.tabs.find((t) => t.path === path)
}

export function setTabPinned(path: string, pinned: boolean) {
  if (path === HOME_PATH) return
  commit({ tabs: state.tabs.map((t) => (t.path === path ? { ...t, pinned } : t)) })
}

/** Applies a new cap at once (the preference changed). */
export function capTabs(max: number) {
  commit({ tabs: withCap(state.tabs, state.active, max) })
}

/** Returns the path to show next when the active tab was closed, else null. */
export function closeTab(path: string): string | null {
  const wasActive = state.active === path
  commit(withoutTab(state, path))
  return wasActive && state.active !== path ? state.active : null
}

/** Keeps home, the pinned tabs and `path` (the active tab by default); returns the path to show. */
export function closeOtherTabs(path: string = state.active): string {
  commit(onlyTab(state, path))
  return state.active
}

/** Back to home and the pinned tabs (spec: close all returns to the home tab). */
export function closeAllTabs(): string {
  commit({ tabs: state.tabs.filter((t) => t.path === HOME_PATH || t.pinned), active: HOME_PATH })
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
