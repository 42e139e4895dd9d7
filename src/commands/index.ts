export { getCommands, registerCommands, runCommand, useCommands, withShortcut, type Command } from './registry'
export { findShortcutCommand, isEditableTarget, isImeComposing, useShortcutDispatcher } from './dispatcher'
export {
  formatShortcut,
  GRID_SHORTCUTS,
  PAGE_SHORTCUTS,
  TAB_SHORTCUTS,
  isMacPlatform,
  matchesShortcut,
  parseShortcut,
  shortcutParts,
  type KeyEventLike,
  type ShortcutSpec,
} from './shortcuts'
export { claimEarlyKeys, releaseEarlyKeys } from './early-keys'
