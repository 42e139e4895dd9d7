/**
 * Shortcut notation shared by the registry, the dispatcher and the shortcut sheet: `mod+k`, `alt+r`, `ctrl+shift+e`,
 * `?`, `/`, `escape`. `mod` is Ctrl, or Cmd on macOS, so one declaration serves both platforms.
 */
export interface ShortcutSpec {
  mod: boolean
  ctrl: boolean
  meta: boolean
  alt: boolean
  shift: boolean
  /** Lower-case `KeyboardEvent.key` value: `k`, `?`, `escape`, `arrowup`, ` `. */
  key: string
}

/** The parts of a KeyboardEvent the matcher reads, so tests can pass plain objects. */
export interface KeyEventLike {
  key: string
  code?: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  shiftKey: boolean
  isComposing?: boolean
  keyCode?: number
}

/** Keys later screens bind inside lists (the grid engine reads these; the shortcut sheet lists them). */
export const GRID_SHORTCUTS = {
  move: ['arrowup', 'arrowdown', 'arrowleft', 'arrowright'],
  openDetail: 'enter',
  /** The focused row on as many lines as its texts need, or back to one line. */
  expandRow: 'shift+enter',
  /** The focused row's actions menu; the Menu key (`contextmenu`) opens it too, through the cell's context menu. */
  rowMenu: 'shift+f10',
  rowMenuKey: 'contextmenu',
  focusSearch: '/',
  reset: 'alt+r',
  export: 'ctrl+shift+e',
} as const

/**
 * Page keys of every list: single keys outside text fields, as in mail and issue trackers, so a grid's
 * focused row pages on with one press. `[`/`]` previous/next, `{`/`}` (Shift) first/last.
 */
export const PAGE_SHORTCUTS = { prev: '[', next: ']', first: '{', last: '}' } as const

/**
 * Tab keys use Alt with keys the browser leaves to the page: Alt+PageDown/PageUp (Ctrl+PageDown and Ctrl+Tab are the
 * browser's own tab keys) and Alt+1…8, Alt+9 for the last tab, as browsers number their tabs.
 */
export const TAB_SHORTCUTS = { next: 'alt+pagedown', prev: 'alt+pageup', number: (n: number) => `alt+${n}` } as const

const ALIASES: Record<string, string> = { esc: 'escape', up: 'arrowup', down: 'arrowdown', left: 'arrowleft', right: 'arrowright', space: ' ', return: 'enter' }
const cache = new Map<string, ShortcutSpec>()

export function parseShortcut(notation: string): ShortcutSpec {
  const hit = cache.get(notation)
  if (hit) return hit
  // A trailing `+` names the plus key itself (`ctrl++`), so split only on the separators before the last part.
  const text = notation.trim().toLowerCase()
  const parts = text.endsWith('++') ? [...text.slice(0, -2).split('+'), '+'] : text === '+' ? ['+'] : text.split('+')
  const raw = parts.pop() ?? ''
  const mods = new Set(parts.map((p) => (p === 'cmd' || p === 'command' ? 'meta' : p === 'control' ? 'ctrl' : p === 'option' ? 'alt' : p)))
  const spec: ShortcutSpec = {
    mod: mods.has('mod'),
    ctrl: mods.has('ctrl'),
    meta: mods.has('meta'),
    alt: mods.has('alt'),
    shift: mods.has('shift'),
    key: ALIASES[raw] ?? raw,
  }
  cache.set(notation, spec)
  return spec
}

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } }
  return /mac|iphone|ipad|ipod/i.test(nav.userAgentData?.platform ?? nav.platform ?? nav.userAgent ?? '')
}

const isLetterOrDigit = (k: string) => /^[a-z0-9]$/.test(k)
const toSpec = (s: string | ShortcutSpec) => (typeof s === 'string' ? parseShortcut(s) : s)

export function matchesShortcut(event: KeyEventLike, shortcut: string | ShortcutSpec, mac = isMacPlatform()): boolean {
  const spec = toSpec(shortcut)
  const wantCtrl = spec.ctrl || (spec.mod && !mac)
  const wantMeta = spec.meta || (spec.mod && mac)
  if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== spec.alt) return false
  const key = event.key.toLowerCase()
  if (isLetterOrDigit(spec.key)) {
    if (event.shiftKey !== spec.shift) return false
    if (key === spec.key) return true
    // Option on macOS turns `r` into `®`, and non-Latin layouts give other letters: fall back to the physical key.
    const code = /^[a-z]$/.test(spec.key) ? `Key${spec.key.toUpperCase()}` : `Digit${spec.key}`
    return !isLetterOrDigit(key) && event.code === code
  }
  // Symbols such as `?` need Shift on most layouts, so Shift is only checked when the notation names it.
  if (spec.key.length === 1 && !spec.shift) return key === spec.key
  return event.shiftKey === spec.shift && key === spec.key
}

const KEY_LABELS: Record<string, string> = {
  escape: 'Esc',
  enter: 'Enter',
  ' ': 'Space',
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
  backspace: 'Backspace',
  delete: 'Del',
  tab: 'Tab',
  pagedown: 'PageDown',
  pageup: 'PageUp',
  contextmenu: 'Menu',
}
const keyLabel = (k: string) => KEY_LABELS[k] ?? (k.length === 1 ? k.toUpperCase() : k[0].toUpperCase() + k.slice(1))

/** Display parts in platform order: `['Ctrl', 'Shift', 'E']`, or `['⌃', '⇧', 'E']` on macOS. */
export function shortcutParts(shortcut: string | ShortcutSpec, mac = isMacPlatform()): string[] {
  const s = toSpec(shortcut)
  const ctrl = s.ctrl || (s.mod && !mac)
  const meta = s.meta || (s.mod && mac)
  const parts = mac
    ? [ctrl && '⌃', s.alt && '⌥', s.shift && '⇧', meta && '⌘']
    : [ctrl && 'Ctrl', meta && 'Win', s.alt && 'Alt', s.shift && 'Shift']
  return [...parts.filter((p): p is string => !!p), keyLabel(s.key)]
}

/** `Ctrl+K` elsewhere, `⌘K` on macOS (Apple's own menus write modifiers without separators). */
export function formatShortcut(shortcut: string | ShortcutSpec, mac = isMacPlatform()): string {
  return shortcutParts(shortcut, mac).join(mac ? '' : '+')
}
