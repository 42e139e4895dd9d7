import { describe, expect, it } from 'vitest'
import { contrastRatio, isPrimaryPalette, PRIMARY_PAIRED, readablePrimary, type PrimaryPalette } from './colour-contrast'

// A light and a dark palette as the themes write them (white and dark of src/app/themes.css); every theme is pinned
// in src/app/themes.test.ts.
const light: PrimaryPalette = { surface: '#ffffff', 'surface-2': '#f2f3f5', bg: '#f7f8fa', 'primary-contrast': '#ffffff' }
const dark: PrimaryPalette = { surface: '#1f1f1f', 'surface-2': '#2a2a2a', bg: '#141414', 'primary-contrast': '#0b1220' }

const worst = (hex: string, p: PrimaryPalette) => Math.min(...PRIMARY_PAIRED.map((k) => contrastRatio(hex, p[k])))
const hue = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  return Math.atan2(Math.sqrt(3) * (g - b), 2 * r - g - b)
}

describe('contrastRatio', () => {
  it('is WCAG 2.1’s ratio: 21 for black on white, 1 for a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#1677ff', '#1677ff')).toBe(1)
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1)
    expect(contrastRatio('#ffffff', '#1677ff')).toBe(contrastRatio('#1677ff', '#ffffff'))
  })
})

describe('readablePrimary', () => {
  it('leaves a colour that already meets 4.5:1 on every pair as it is', () => {
    expect(readablePrimary('#0f5fdc', light)).toBe('#0f5fdc')
    expect(readablePrimary('#4C9AFF', dark)).toBe('#4c9aff')
  })

  it('darkens a light yellow in a light theme and keeps a dark one where it is readable', () => {
    for (const chosen of ['#ffff00', '#ffee00']) {
      const used = readablePrimary(chosen, light)!
      expect(worst(used, light), used).toBeGreaterThanOrEqual(4.5)
      expect(Math.abs(hue(used) - hue(chosen)), used).toBeLessThan(0.05)
    }
    expect(readablePrimary('#ffff00', dark)).toBe('#ffff00')
  })

  it('lightens black in a dark theme and leaves it in a light one', () => {
    const used = readablePrimary('#000000', dark)!
    expect(worst(used, dark)).toBeGreaterThanOrEqual(4.5)
    expect(used).toMatch(/^#([0-9a-f]{2})\1\1$/)
    expect(readablePrimary('#000000', light)).toBe('#000000')
  })

  it('moves lightness no further than needed: the colour used sits just past 4.5:1, not deep beyond it', () => {
    for (const [chosen, p] of [['#ffee00', light], ['#3fb984', light], ['#000000', dark], ['#1a237e', dark]] as const) {
      const used = readablePrimary(chosen, p)!
      expect(used).not.toBe(chosen)
      expect(worst(used, p)).toBeGreaterThanOrEqual(4.5)
      expect(worst(used, p), `${chosen} → ${used}`).toBeLessThan(4.7)
    }
  })

  it('refuses what is not #rrggbb, and a palette with surfaces on both sides of every shade', () => {
    for (const bad of ['', 'red', '#fff', '#12345g', 'url(x)', '#1677ff; color: red']) expect(readablePrimary(bad, light), bad).toBeNull()
    expect(readablePrimary('#808080', { ...light, bg: '#000000' })).toBeNull()
    expect(isPrimaryPalette({ surface: '#ffffff', 'surface-2': '#f2f3f5', bg: '' })).toBe(false)
    expect(isPrimaryPalette(light)).toBe(true)
  })
})
