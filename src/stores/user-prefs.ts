import { proxy, useSnapshot } from 'valtio'
import { DEFAULT_MAX_TABS, MAX_TABS_RANGE } from './tabs'

/*
 * Preferences one user sets while working: page size per list, the cap on open tabs, the signature each send page
 * starts a message with and the lists' row density. Kept in
 * localStorage under the user's id, so they survive reloads and two users of one browser do not share them.
 * Column layouts keep their own per-user keys (src/grid/column-state.ts); recent commands live in the palette store.
 */
export interface UserPrefs {
  pageSizes: Record<string, number>
  maxTabs: number
  /** Send page → the signature last chosen there. */
  signatures: Record<string, string>
  /** Row height of every list (src/grid/density.ts): compact rows by default, the dense grid the design promises. */
  density: Density
}

export const DENSITIES = ['compact', 'comfortable'] as const
export type Density = (typeof DENSITIES)[number]

const blank = (): UserPrefs => ({ pageSizes: {}, maxTabs: DEFAULT_MAX_TABS, signatures: {}, density: 'compact' })
const keyOf = (user: string) => `sms.prefs.${user}`
const local = () => globalThis.localStorage as Storage | undefined

export function clampMaxTabs(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_MAX_TABS
  return Math.min(MAX_TABS_RANGE[1], Math.max(MAX_TABS_RANGE[0], Math.round(n)))
}

/** Reads stored prefs defensively: a hand-edited or old value falls back field by field. */
export function parsePrefs(raw: string | null | undefined): UserPrefs {
  try {
    const v = JSON.parse(raw ?? 'null') as Partial<UserPrefs> | null
    const sizes: Record<string, number> = {}
    if (v?.pageSizes && typeof v.pageSizes === 'object') {
      for (const [k, n] of Object.entries(v.pageSizes)) if (Number.isInteger(n)) sizes[k] = n
    }
    const signatures: Record<string, string> = {}
    if (v?.signatures && typeof v.signatures === 'object') {
      for (const [k, s] of Object.entries(v.signatures)) if (typeof s === 'string') signatures[k] = s
    }
    const density = DENSITIES.find((d) => d === v?.density) ?? 'compact'
    return { pageSizes: sizes, maxTabs: typeof v?.maxTabs === 'number' ? clampMaxTabs(v.maxTabs) : DEFAULT_MAX_TABS, signatures, density }
  } catch {
    return blank()
  }
}

const state = proxy<{ user: string; prefs: UserPrefs }>({ user: '', prefs: blank() })

/** Loads the signed-in user's prefs; called when the user info arrives. */
export function loadUserPrefs(user: string) {
  if (user === state.user) return
  state.user = user
  state.prefs = parsePrefs(local()?.getItem(keyOf(user)))
}

function save() {
  if (!state.user) return
  try {
    local()?.setItem(keyOf(state.user), JSON.stringify(state.prefs))
  } catch {
    // Storage full or blocked: the preference holds until the reload.
  }
}

export function getPageSizePref(listId: string): number | undefined {
  return state.prefs.pageSizes[listId]
}

export function setPageSizePref(listId: string, size: number) {
  if (state.prefs.pageSizes[listId] === size) return
  state.prefs.pageSizes = { ...state.prefs.pageSizes, [listId]: size }
  save()
}

export const getSignaturePref = (page: string): string | undefined => state.prefs.signatures[page]

export function setSignaturePref(page: string, name: string) {
  if (state.prefs.signatures[page] === name) return
  state.prefs.signatures = { ...state.prefs.signatures, [page]: name }
  save()
}

export const getDensity = (): Density => state.prefs.density

export function setDensity(density: Density) {
  if (state.prefs.density === density) return
  state.prefs.density = density
  save()
}

export function getMaxTabs(): number {
  return state.prefs.maxTabs
}

export function setMaxTabs(n: number): number {
  state.prefs.maxTabs = clampMaxTabs(n)
  save()
  return state.prefs.maxTabs
}

export function useUserPrefs() {
  return useSnapshot(state).prefs as Readonly<UserPrefs>
}
