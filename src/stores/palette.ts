import { proxy, useSnapshot } from 'valtio'

/** UI state of the command palette and the shortcut sheet; recently used command ids survive reloads. */
const RECENT_KEY = 'sms-cloud:palette-recent'
export const RECENT_MAX = 10

function loadRecent(): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(RECENT_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string').slice(0, RECENT_MAX) : []
  } catch {
    // Private mode or a hand-edited value: start with no recents rather than break the palette.
    return []
  }
}

function saveRecent(ids: string[]) {
  try {
    globalThis.localStorage?.setItem(RECENT_KEY, JSON.stringify(ids))
  } catch {
    // Storage full or blocked: recents then last only for this page, which is acceptable.
  }
}

const state = proxy({ open: false, sheetOpen: false, recent: loadRecent() })

export function openPalette(): void {
  state.sheetOpen = false
  state.open = true
}

export function closePalette(): void {
  state.open = false
}

export function togglePalette(): void {
  if (state.open) closePalette()
  else openPalette()
}

/** For Radix `onOpenChange`, which reports Esc and outside clicks. */
export function setPaletteOpen(open: boolean): void {
  if (open) openPalette()
  else closePalette()
}

export function openShortcutSheet(): void {
  state.open = false
  state.sheetOpen = true
}

export function closeShortcutSheet(): void {
  state.sheetOpen = false
}

export function setShortcutSheetOpen(open: boolean): void {
  if (open) openShortcutSheet()
  else closeShortcutSheet()
}

/** Moves the id to the front of the recently used list. */
export function recordRecent(id: string): void {
  state.recent = [id, ...state.recent.filter((x) => x !== id)].slice(0, RECENT_MAX)
  saveRecent(state.recent)
}

/** Open flags outside React (the shell's Esc handling and tests). */
export function getPaletteState(): { open: boolean; sheetOpen: boolean } {
  return { open: state.open, sheetOpen: state.sheetOpen }
}

export function getRecentCommandIds(): readonly string[] {
  return state.recent
}

export function usePaletteOpen(): boolean {
  return useSnapshot(state).open
}

export function useShortcutSheetOpen(): boolean {
  return useSnapshot(state).sheetOpen
}

export function useRecentCommandIds(): readonly string[] {
  return useSnapshot(state).recent
}
