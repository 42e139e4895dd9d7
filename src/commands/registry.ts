import { useSyncExternalStore } from 'react'
import { formatShortcut } from './shortcuts'

/**
 * One registry feeds the palette, the keyboard shortcuts, the shortcut sheet and the menus
 * (learned from Excalidraw's action registry). Features and the shell register commands as data.
 */
export interface Command {
  /** Stable id, also the key of the palette's recently-used list, e.g. `route:/home-sms/mt-records`, `action:lock`. */
  id: string
  kind: 'route' | 'action'
  /** Label in the current language. */
  label: () => string
  /** Extra words to match: the label in the other language, synonyms. Pinyin is derived from Chinese labels. */
  keywords?: () => string[]
  /** Group shown in the palette (module name for routes, area for actions). */
  group: () => string
  /** Shortcut in `mod+k`, `alt+r`, `shift+?`, `ctrl+shift+e` notation; `mod` is Ctrl, or Cmd on macOS. */
  shortcut?: string
  /** Whether the shortcut also fires while typing in a text field (default false). */
  shortcutInInputs?: boolean
  /** Hidden from palette and shortcuts when this returns false. */
  when?: () => boolean
  /** Shown in the palette only (not bound as a global shortcut) when true. */
  paletteOnly?: boolean
  /** Acts on what has the focus now (a focused row's action): ranked before a page matched as well. */
  onFocused?: boolean
  /** Bound as a shortcut and listed on the shortcut sheet, but not offered in the palette (e.g. "open the palette"). */
  shortcutOnly?: boolean
  perform: () => void | Promise<void>
  /**
   * A command made from what is typed (an id to open: "B26120200000123" offers "打开批次 B26120200000123"), or null
   * when the query is not one. A command with it is never listed itself; the palette puts what it makes first.
   */
  forQuery?: (query: string) => Command | null
}

let commands: Command[] = []
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** Registers commands; returns the function that unregisters them (for a screen's own actions). */
export function registerCommands(list: Command[]): () => void {
  const ids = new Set(list.map((c) => c.id))
  commands = [...commands.filter((c) => !ids.has(c.id)), ...list]
  emit()
  return () => {
    commands = commands.filter((c) => !list.includes(c))
    emit()
  }
}

export function getCommands(): readonly Command[] {
  return commands
}

export function runCommand(id: string): boolean {
  const c = commands.find((x) => x.id === id)
  if (!c || (c.when && !c.when())) return false
  void c.perform()
  return true
}

/** Calls `l` whenever commands are registered or unregistered; returns the function that stops it. */
export function subscribeCommands(l: () => void): () => void {
  listeners.add(l)
  return () => void listeners.delete(l)
}

export function useCommands(): readonly Command[] {
  return useSyncExternalStore(subscribeCommands, getCommands, getCommands)
}

/**
 * A button's tooltip with its command's key, "导出当前列表 (Ctrl+Shift+E)", read from the registry so the button, the
 * palette and the shortcut sheet name the same key. Just the label when the command has none (or is not registered).
 */
export function withShortcut(commands: readonly Command[], id: string, label: string): string {
  const key = commands.find((c) => c.id === id)?.shortcut
  return key ? `${label} (${formatShortcut(key)})` : label
}
