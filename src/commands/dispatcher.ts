import { useEffect } from 'react'
import { claimEarlyKeys, releaseEarlyKeys } from './early-keys'
import { getCommands, subscribeCommands, type Command } from './registry'
import { isMacPlatform, matchesShortcut, type KeyEventLike } from './shortcuts'

// Input types that take no typed text: a bare `?` there should still reach the shortcuts.
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit'])

/** Whether keys typed now go into a text field, where single-key shortcuts such as `?` and `/` must not fire. */
export function isEditableTarget(target: EventTarget | null): boolean {
  const el = target as (HTMLElement & { type?: string }) | null
  if (!el || typeof el.tagName !== 'string') return false
  if (el.isContentEditable) return true
  const tag = el.tagName.toLowerCase()
  if (tag === 'input') return !NON_TEXT_INPUTS.has((el.type ?? 'text').toLowerCase())
  return tag === 'textarea' || tag === 'select'
}

/** Keys pressed while an IME is composing belong to the IME (Safari reports them only as keyCode 229). */
export function isImeComposing(event: Pick<KeyEventLike, 'isComposing' | 'keyCode'>): boolean {
  return !!event.isComposing || event.keyCode === 229
}

/** The first registered command the key event should run, or undefined. Pure, so it is tested without a DOM. */
export function findShortcutCommand(
  event: KeyEventLike,
  commands: readonly Command[],
  inEditable: boolean,
  mac = isMacPlatform(),
): Command | undefined {
  if (isImeComposing(event)) return undefined
  return commands.find(
    (c) =>
      !!c.shortcut &&
      !c.paletteOnly &&
      (!inEditable || !!c.shortcutInInputs) &&
      matchesShortcut(event, c.shortcut, mac) &&
      (!c.when || c.when()),
  )
}

/**
 * Binds every registered shortcut through one window listener. Capture phase, so a focused widget that stops
 * propagation (a grid cell, a Radix menu) cannot swallow the global keys. Mount once, in the signed-in shell.
 */
export function useShortcutDispatcher(): void {
  useEffect(() => {
    const mac = isMacPlatform()
    const onKeyDown = (event: KeyboardEvent) => {
      // Holding a key would toggle the palette on and off many times a second.
      if (event.repeat || event.defaultPrevented) return
      const command = findShortcutCommand(event, getCommands(), isEditableTarget(event.target), mac)
      if (!command) return
      event.preventDefault()
      event.stopPropagation()
      void command.perform()
    }
    window.addEventListener('keydown', onKeyDown, true)
    // Ctrl/⌘+K pressed before this listener existed (right after sign-in, while the shell loaded) was kept by the
    // page's first script: it opens the palette as soon as its command has registered, however late its code arrives
    // (no time limit: on a busy line the shell's chunks come seconds apart). Typing from before is dropped.
    claimEarlyKeys('text')
    let pending = claimEarlyKeys('palette').length > 0
    const replay = () => {
      if (!pending) return
      const command = findShortcutCommand({ key: 'k', ctrlKey: !mac, metaKey: mac, altKey: false, shiftKey: false }, getCommands(), false, mac)
      if (!command) return
      pending = false
      void command.perform()
    }
    const stopWatching = subscribeCommands(replay)
    const timer = setTimeout(replay)
    return () => {
      clearTimeout(timer)
      stopWatching()
      window.removeEventListener('keydown', onKeyDown, true)
      releaseEarlyKeys('palette')
    }
  }, [])
}
