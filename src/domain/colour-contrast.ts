/*
 * WCAG 2.1 contrast (relative luminance and contrast ratio) and the primary colour a user's chosen colour becomes in a
 * theme. The theme's own colours are kept in src/app/themes.css; the picker reads them and hands them in here.
 */

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5

/** The picker's preset accents (the brand blue first); each is drawn as readablePrimary makes it in the theme. */
export const PRIMARY_SWATCHES = ['#1677ff', '#409eff', '#13a89e', '#3fb984', '#b8862b', '#f56c6c', '#5c6bc0', '#ff6b9a'] as const

/** Only #rrggbb: what the native colour input gives and the only form the console stores. */
export const isHexColour = (s: string): boolean => /^#[0-9a-f]{6}$/i.test(s)

type Rgb = [number, number, number]
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as Rgb
const hexOf = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c * 255).toString(16).padStart(2, '0')).join('')}`

export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * The theme colours the primary is read against (themes.test.ts pins each pair): as text on the three surfaces, and
 * as the background under primary-contrast text (buttons, the active tab).
 */
export const PRIMARY_PAIRED = ['surface', 'surface-2', 'bg', 'primary-contrast'] as const
export type PrimaryPalette = Record<(typeof PRIMARY_PAIRED)[number], string>

export const isPrimaryPalette = (p: Partial<Record<string, string>>): p is PrimaryPalette =>
  PRIMARY_PAIRED.every((k) => isHexColour(p[k] ?? ''))

const readable = (hex: string, palette: PrimaryPalette) =>
  PRIMARY_PAIRED.every((k) => contrastRatio(hex, palette[k]) >= MIN_TEXT_CONTRAST)

function hslOf([r, g, b]: Rgb): Rgb {
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  if (d === 0) return [0, 0, l]
  const s = d / (1 - Math.abs(2 * l - 1))
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return [h * 60, s, l]
}

function rgbOfHsl([h, s, l]: Rgb): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1))
  const m = l - c / 2
  const [r, g, b]: Rgb = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x]
  return [r + m, g + m, b + m]
}

/**
 * The colour the console draws as primary when the user chose `chosen`: unchanged when every pair already meets
 * 4.5:1, otherwise the same hue and saturation at the nearest HSL lightness that does (darker in light themes,
 * lighter in dark ones; at a fixed hue and saturation luminance only grows with lightness, so one side fits).
 * Null when no lightness fits (a theme whose surfaces sit on both sides of the primary) or the input is malformed.
 */
export function readablePrimary(chosen: string, palette: PrimaryPalette): string | null {
  if (!isHexColour(chosen)) return null
  const hex = chosen.toLowerCase()
  if (readable(hex, palette)) return hex
  const [h, s, l] = hslOf(rgbOf(hex))
  for (let step = 1; step <= 1000; step++) {
    for (const next of [l - step / 1000, l + step / 1000]) {
      if (next < 0 || next > 1) continue
      const candidate = hexOf(rgbOfHsl([h, s, next]))
      if (readable(candidate, palette)) return candidate
    }
  }
  return null
}
