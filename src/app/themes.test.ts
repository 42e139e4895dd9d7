import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contrastRatio as contrast, isPrimaryPalette, PRIMARY_PAIRED, PRIMARY_SWATCHES, readablePrimary, type PrimaryPalette } from '@/domain/colour-contrast'

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

/** Text colour → the backgrounds it is drawn on (the components' classes: text-[var(--muted)] on a surface, …). */
const PAIRS: [string, string][] = [
  ...['text', 'muted', 'danger'].flatMap((fg) => ['surface', 'surface-2', 'bg'].map((bg): [string, string] => [fg, bg])),
  // The primary's pairs are the ones a chosen colour is fitted to (src/domain/colour-contrast.ts).
  ...PRIMARY_PAIRED.map((other): [string, string] => ['primary', other]),
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

  // The colour picker sets --primary over the theme's: whatever is chosen, the colour drawn keeps the pairs above.
  it('turn every swatch, and colours far too light or too dark, into a primary that keeps every pair', () => {
    const low = [...themes].flatMap(([name, v]) => {
      const own = v.primary
      expect(isPrimaryPalette(v), name).toBe(true)
      if (!isPrimaryPalette(v)) return []
      return [...PRIMARY_SWATCHES, '#ffff00', '#ffee00', '#000000', '#ffffff', own].flatMap((chosen) => {
        const used = readablePrimary(chosen, v)
        if (!used) return [`${name}: ${chosen} has no readable shade`]
        return PRIMARY_PAIRED.filter((k) => contrast(used, v[k]) < 4.5).map((k) => `${name}: ${chosen} → ${used} on ${k} is ${contrast(used, v[k]).toFixed(2)}:1`)
      })
    })
    expect(low).toEqual([])
  })

  it("leave each theme's own primary as it is", () => {
    for (const [name, v] of themes) expect(readablePrimary(v.primary, v as PrimaryPalette), name).toBe(v.primary)
  })
})
