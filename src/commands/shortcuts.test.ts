import { describe, expect, it } from 'vitest'
import { formatShortcut, matchesShortcut, parseShortcut, type KeyEventLike } from './shortcuts'

const key = (k: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
})

describe('parseShortcut', () => {
  it('reads modifiers and the key in any case', () => {
    expect(parseShortcut('Ctrl+Shift+E')).toEqual({ mod: false, ctrl: true, meta: false, alt: false, shift: true, key: 'e' })
    expect(parseShortcut('mod+k')).toMatchObject({ mod: true, ctrl: false, key: 'k' })
  })
  it('keeps symbol keys and resolves aliases', () => {
    expect(parseShortcut('?').key).toBe('?')
    expect(parseShortcut('/').key).toBe('/')
    expect(parseShortcut('esc').key).toBe('escape')
    expect(parseShortcut('ctrl++')).toMatchObject({ ctrl: true, key: '+' })
  })
})

describe('matchesShortcut', () => {
  it('maps mod to Ctrl off macOS and to Cmd on macOS', () => {
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'mod+k', false)).toBe(true)
    expect(matchesShortcut(key('k', { metaKey: true }), 'mod+k', false)).toBe(false)
    expect(matchesShortcut(key('k', { metaKey: true }), 'mod+k', true)).toBe(true)
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'mod+k', true)).toBe(false)
  })
  it('requires exactly the named modifiers', () => {
    expect(matchesShortcut(key('k'), 'mod+k', false)).toBe(false)
    expect(matchesShortcut(key('K', { ctrlKey: true, shiftKey: true }), 'mod+k', false)).toBe(false)
    expect(matchesShortcut(key('E', { ctrlKey: true, shiftKey: true }), 'ctrl+shift+e', false)).toBe(true)
  })
  it('falls back to the physical key when Option changes the character', () => {
    expect(matchesShortcut(key('®', { altKey: true, code: 'KeyR' }), 'alt+r', true)).toBe(true)
    expect(matchesShortcut(key('®', { altKey: true, code: 'KeyT' }), 'alt+r', true)).toBe(false)
  })
  it('accepts the Shift that typing ? needs, unless Shift is named', () => {
    expect(matchesShortcut(key('?', { shiftKey: true }), '?', false)).toBe(true)
    expect(matchesShortcut(key('/'), '?', false)).toBe(false)
    expect(matchesShortcut(key('/'), '/', false)).toBe(true)
    expect(matchesShortcut(key('?', { ctrlKey: true, shiftKey: true }), '?', false)).toBe(false)
  })
  it('matches named keys case-insensitively', () => {
    expect(matchesShortcut(key('Escape'), 'escape', false)).toBe(true)
    expect(matchesShortcut(key('Escape', { shiftKey: true }), 'escape', false)).toBe(false)
  })
})

describe('formatShortcut', () => {
  it('writes Ctrl+K off macOS and ⌘K on macOS', () => {
    expect(formatShortcut('mod+k', false)).toBe('Ctrl+K')
    expect(formatShortcut('mod+k', true)).toBe('⌘K')
    expect(formatShortcut('ctrl+shift+e', false)).toBe('Ctrl+Shift+E')
    expect(formatShortcut('ctrl+shift+e', true)).toBe('⌃⇧E')
    expect(formatShortcut('alt+r', true)).toBe('⌥R')
    expect(formatShortcut('?', false)).toBe('?')
    expect(formatShortcut('escape', false)).toBe('Esc')
  })
})
