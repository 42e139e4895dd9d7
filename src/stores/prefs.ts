import { proxy, useSnapshot } from 'valtio'
import {
  DEFAULT_LOCALE, LOCALES, START_THEME, THEMES, screenClass, type Locale, type Theme,
} from '@/domain/constants'
import { isHexColour, isPrimaryPalette, PRIMARY_PAIRED, readablePrimary, type PrimaryPalette } from '@/domain/colour-contrast'

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
  /** The colour the user chose (kept); '' for the theme's own. */
  color: storedColour(),
  /** The colour drawn as --primary: the chosen one fitted to the theme's surfaces; '' for the theme's own. */
  primary: '',
  /** The current theme's colours the primary is read against, for the picker to show each swatch as it will be used. */
  palette: null as PrimaryPalette | null,
  sidebarCollapsed: local()?.getItem(K.sidebar) === '1' || screenClass(width()) === 0,
  screen: screenClass(width()),
})

function storedColour() {
  const c = local()?.getItem(K.color) ?? ''
  return isHexColour(c) ? c.toLowerCase() : ''
}

/**
 * The theme's own colours (read with the chosen primary taken off), as the browser resolves them: the built CSS writes
 * them in its shortest form (#fff), so each is read back as rgb() through a probe.
 */
function readPalette(el: HTMLElement): PrimaryPalette | null {
  const probe = document.createElement('span')
  el.appendChild(probe)
  const p = Object.fromEntries(PRIMARY_PAIRED.map((k) => {
    probe.style.color = `var(--${k}, transparent)`
    const rgb = getComputedStyle(probe).color.match(/^rgb\((\d+), (\d+), (\d+)\)$/)
    return [k, rgb ? `#${rgb.slice(1).map((c) => Number(c).toString(16).padStart(2, '0')).join('')}` : '']
  }))
  probe.remove()
  return isPrimaryPalette(p) ? p : null
}

/**
 * A chosen colour is drawn fitted to the theme (readablePrimary), re-derived on every theme switch from the colour the
 * user chose. Before themes.css has loaded there is nothing to fit to, so the chosen colour stands until the next apply.
 */
function apply() {
  const el = html()
  if (!el) return
  el.dataset.theme = state.theme
  el.dataset.screen = String(state.screen)
  el.lang = state.locale
  el.style.removeProperty('--primary')
  state.palette = readPalette(el)
  state.primary = state.color && state.palette ? (readablePrimary(state.color, state.palette) ?? '') : state.color
  if (state.primary) el.style.setProperty('--primary', state.primary)
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

/** An empty colour returns to the theme's own primary; anything but #rrggbb is ignored. */
export function setColor(c: string) {
  if (c && !isHexColour(c)) return
  state.color = c.toLowerCase()
  if (c) local()?.setItem(K.color, state.color)
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
