import { proxy, useSnapshot } from 'valtio'
import {
  DEFAULT_LOCALE, LOCALES, START_THEME, THEMES, screenClass, type Locale, type Theme,
} from '@/domain/constants'

/*
 * Display preferences. Locale, colour and the sidebar survive reloads (localStorage); the theme does not,
 * because the spec forces the white theme on every start. The screen class mirrors the window width.
 */
const K = { locale: 'sms.locale', color: 'sms.color', sidebar: 'sms.sidebarCollapsed' } as const

const local = () => globalThis.localStorage as Storage | undefined
const html = () => (typeof document === 'undefined' ? undefined : document.documentElement)
const width = () => (typeof window === 'undefined' ? 1280 : window.innerWidth)

export function getLocale(): Locale {
  const l = local()?.getItem(K.locale)
  return (LOCALES as readonly string[]).includes(l ?? '') ? (l as Locale) : DEFAULT_LOCALE
}

const state = proxy({
  locale: getLocale(),
  theme: START_THEME as Theme,
  color: local()?.getItem(K.color) ?? '',
  sidebarCollapsed: local()?.getItem(K.sidebar) === '1' || screenClass(width()) === 0,
  screen: screenClass(width()),
})

function apply() {
  const el = html()
  if (!el) return
  el.dataset.theme = state.theme
  el.dataset.screen = String(state.screen)
  el.lang = state.locale
  if (state.color) el.style.setProperty('--primary', state.color)
  else el.style.removeProperty('--primary')
}

/** Typesafe-i18n loads one locale at start, so a switch persists and reloads (spec section 2). */
export function setLocale(l: Locale) {
  local()?.setItem(K.locale, l)
  location.reload()
}

export function setTheme(t: Theme) {
  if (!THEMES.includes(t)) return
  state.theme = t
  apply()
}

/** An empty colour returns to the theme's own primary. */
export function setColor(c: string) {
  state.color = c
  if (c) local()?.setItem(K.color, c)
  else local()?.removeItem(K.color)
  apply()
}

export function toggleSidebar(collapsed = !state.sidebarCollapsed) {
  state.sidebarCollapsed = collapsed
  local()?.setItem(K.sidebar, collapsed ? '1' : '0')
}

/** Crossing into the phone class folds the sidebar away; growing again leaves the user's choice alone. */
export function trackScreen(w: number) {
  const next = screenClass(w)
  if (next === state.screen) return
  if (next === 0) state.sidebarCollapsed = true
  state.screen = next
  apply()
}

if (typeof window !== 'undefined') {
  apply()
  window.addEventListener('resize', () => trackScreen(window.innerWidth))
}

export function usePrefs() {
  return useSnapshot(state)
}
