import { describe, expect, it } from 'vitest'
import { GRID_SHORTCUTS, parseShortcut } from '@/commands'
import { LISTS } from './screens/registry'
import { SHELL_SHORTCUTS } from './shell.commands'

/** One spelling per key chord, so `alt+shift+p` and `shift+alt+P` compare equal. */
const norm = (s: string) => {
  const p = parseShortcut(s)
  return [p.mod && 'mod', p.ctrl && 'ctrl', p.meta && 'meta', p.alt && 'alt', p.shift && 'shift', p.key.toLowerCase()].filter(Boolean).join('+')
}

// The palette's own: mod+k opens it, ? opens the shortcut sheet.
const global: [string, string][] = [
  ['palette', 'mod+k'],
  ['shortcut sheet', '?'],
  ...Object.entries(SHELL_SHORTCUTS).map(([k, v]) => [`shell ${k}`, v] as [string, string]),
  ['grid focus search', GRID_SHORTCUTS.focusSearch],
  ['grid reset', GRID_SHORTCUTS.reset],
  ['grid export', GRID_SHORTCUTS.export],
]

describe('keyboard shortcuts', () => {
  it('the shell, the palette and the grid never bind one chord twice', () => {
    const seen = new Map<string, string>()
    for (const [name, chord] of global) {
      expect(seen.get(norm(chord)), `${name} and ${seen.get(norm(chord))} share ${chord}`).toBeUndefined()
      seen.set(norm(chord), name)
    }
  })

  it.each(LISTS.map((l) => [l.id, l] as const))('%s binds no chord the shell, palette or grid already uses', (_, list) => {
    const taken = new Map(global.map(([name, chord]) => [norm(chord), name]))
    const own = [...(list.rowActions ?? []), ...(list.toolbar ?? [])].filter((a) => a.shortcut)
    for (const a of own) {
      const chord = norm(a.shortcut!)
      expect(taken.get(chord), `${list.id} ${a.id} collides on ${a.shortcut}`).toBeUndefined()
      taken.set(chord, `${list.id} ${a.id}`)
    }
  })
})
