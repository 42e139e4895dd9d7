import { proxy, useSnapshot } from 'valtio'

/**
 * UI state of the command palette and the shortcut sheet. Recently used command ids survive reloads, kept per user
 * (like src/stores/user-prefs.ts): two people sharing one browser do not see each other's recent commands.
 */
const recentKey = (user: string) => `sms-cloud:palette-recent:${user}`
export const RECENT_MAX = 10

function loadRecent(user: string): string[] {
  if (!user) return []
  try {
    const raw = globalThis.localStorage?.getItem(recentKey(user))
    const parsed: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string').slice(0, RECENT_MAX) : []
  } catch {
    // Private mode or a hand-edited value: start with no recents rather than break the palette.
    return []
  }
}

function saveRecent(user: string, ids: string[]) {
  // Before the user is known (no one signed in) recents last only for this page.
  if (!user) return
  try {
    globalThis.localStorage?.setItem(recentKey(user), JSON.stringify(ids))
  } catch {
    // Storage full or blocked: recents then last only for this page, which is acceptable.
  }
}

const state = proxy({ open: false, sheetOpen: false, user: '', recent: [] as string[] })

/** Loads the signed-in user's recent commands; called when the user info arrives (src/stores/session.ts). */
export function loadPaletteUser(user: string): void {
  if (user === state.user) return
  state.user = user
  state.recent = loadRecent(user)
}

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
  saveRecent(state.user, state.recent)
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
