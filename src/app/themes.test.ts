import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/*
 * WCAG AA for text in every theme, not only the white one the axe sweep measures: each colour text is drawn in,
 * against each surface it is drawn on, at 4.5:1 or more (WCAG 2.1's relative luminance and contrast ratio).
 */
const css = readFileSync(new URL('./themes.css', import.meta.url), 'utf8')
const themes = new Map(
  [...css.matchAll(/html\[data-theme='(\w+)'\] \{([^}]*)\}/g)].map(([, name, body]) => [
    name,
    Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map(([, k, v]) => [k, v])) as Record<string, string>,
  ]),
)

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/** Text colour → the backgrounds it is drawn on (the components' classes: text-[var(--muted)] on a surface, …). */
const PAIRS: [string, string][] = [
  ...['text', 'muted', 'primary', 'danger'].flatMap((fg) => ['surface', 'surface-2', 'bg'].map((bg): [string, string] => [fg, bg])),
  ['primary-contrast', 'primary'],
  ['topbar-text', 'topbar-bg'],
  ['sidebar-text', 'sidebar-bg'],
  ['sidebar-active', 'sidebar-bg'],
]

describe('themes', () => {
  it('are the eleven of the spec, each with every colour a pair names', () => {
    expect(themes.size).toBe(11)
    for (const [name, v] of themes) for (const [fg, bg] of PAIRS) expect([name, v[fg], v[bg]].every(Boolean), `${name} ${fg}/${bg}`).toBe(true)
  })

  it('keep every text colour at 4.5:1 or more on each background it is drawn on', () => {
    const low = [...themes].flatMap(([name, v]) =>
      PAIRS.filter(([fg, bg]) => contrast(v[fg], v[bg]) < 4.5).map(([fg, bg]) => `${name}: ${fg} ${v[fg]} on ${bg} ${v[bg]} is ${contrast(v[fg], v[bg]).toFixed(2)}:1`))
    expect(low).toEqual([])
  })
})
