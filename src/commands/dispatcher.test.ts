import { describe, expect, it } from 'vitest'
import { findShortcutCommand, isEditableTarget } from './dispatcher'
import type { Command } from './registry'
import type { KeyEventLike } from './shortcuts'

const key = (k: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
})

describe('findShortcutCommand', () => {
  const cmd = (id: string, shortcut: string, extra: Partial<Command> = {}): Command => ({
    id, kind: 'action', label: () => id, group: () => 'g', shortcut, perform: () => {}, ...extra,
  })
  const palette = cmd('palette', 'mod+k', { shortcutInInputs: true })
  const sheet = cmd('sheet', '?')
  const list = [palette, sheet]

  it('runs a text-free shortcut only outside text fields', () => {
    expect(findShortcutCommand(key('?', { shiftKey: true }), list, false, false)).toBe(sheet)
    expect(findShortcutCommand(key('?', { shiftKey: true }), list, true, false)).toBeUndefined()
    expect(findShortcutCommand(key('k', { ctrlKey: true }), list, true, false)).toBe(palette)
  })
  it('never fires during IME composition', () => {
    expect(findShortcutCommand(key('k', { ctrlKey: true, isComposing: true }), list, false, false)).toBeUndefined()
    expect(findShortcutCommand(key('Process', { keyCode: 229 }), [cmd('p', 'process')], false, false)).toBeUndefined()
  })
  it('skips disabled and palette-only commands for a later match', () => {
    const off = cmd('off', 'alt+r', { when: () => false })
    const hidden = cmd('hidden', 'alt+r', { paletteOnly: true })
    const on = cmd('on', 'alt+r')
    expect(findShortcutCommand(key('r', { altKey: true }), [off, hidden, on], false, false)).toBe(on)
  })
  it('treats text inputs, not buttons or checkboxes, as editable', () => {
    expect(isEditableTarget({ tagName: 'INPUT', type: 'text' } as unknown as EventTarget)).toBe(true)
    expect(isEditableTarget({ tagName: 'INPUT', type: 'checkbox' } as unknown as EventTarget)).toBe(false)
    expect(isEditableTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true)
    expect(isEditableTarget({ tagName: 'BUTTON' } as unknown as EventTarget)).toBe(false)
  })
})
