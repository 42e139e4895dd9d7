import { readdirSync, readFileSync } from 'node:fs'
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

/** `fg` drawn at `alpha` over `bg`, as the browser composites a Tailwind tint such as bg-[var(--danger)]/10. */
function tint(fg: string, alpha: number, bg: string): string {
  const ch = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)
  return `#${[0, 1, 2].map((i) => Math.round(ch(fg, i) * alpha + ch(bg, i) * (1 - alpha)).toString(16).padStart(2, '0')).join('')}`
}

/**
 * Text colour → the background it is drawn on, from the components' classes: text-[var(--muted)] on a surface, a
 * status word (src/grid/StatusCell.tsx) in success or warning, a danger button or count badge in danger-contrast on
 * danger, a sign-in form's message on its own colour's tint, the active sidebar entry on its tint of the sidebar.
 */
const SURFACES = ['surface', 'surface-2', 'bg'] as const
interface Pair { fg: string; bg: string; alpha?: number }
const PAIRS: Pair[] = [
  ...['text', 'muted', 'danger', 'success', 'warning'].flatMap((fg) => SURFACES.map((bg) => ({ fg, bg }))),
  // The primary's pairs are the ones a chosen colour is fitted to (src/domain/colour-contrast.ts).
  ...PRIMARY_PAIRED.map((other) => ({ fg: 'primary', bg: other })),
  { fg: 'danger-contrast', bg: 'danger' },
  { fg: 'danger', bg: 'surface', alpha: 0.1 },
  { fg: 'success', bg: 'surface', alpha: 0.1 },
  { fg: 'topbar-text', bg: 'topbar-bg' },
  { fg: 'sidebar-text', bg: 'sidebar-bg' },
  { fg: 'sidebar-active', bg: 'sidebar-bg' },
  { fg: 'sidebar-active', bg: 'sidebar-bg', alpha: 0.15 },
]
/** The background a pair's text sits on: the theme's colour, or the text's own colour tinted over it. */
const under = (v: Record<string, string>, p: Pair) => (p.alpha ? tint(v[p.fg], p.alpha, v[p.bg]) : v[p.bg])
const named = (p: Pair) => (p.alpha ? `${p.fg} on ${p.fg}/${p.alpha * 100}% over ${p.bg}` : `${p.fg} on ${p.bg}`)

describe('themes', () => {
  it('are the eleven of the spec, each with every colour a pair names', () => {
    expect(themes.size).toBe(11)
    for (const [name, v] of themes) for (const p of PAIRS) expect([v[p.fg], v[p.bg]].every(Boolean), `${name} ${named(p)}`).toBe(true)
  })

  it('keep every text colour at 4.5:1 or more on each background it is drawn on', () => {
    const low = [...themes].flatMap(([name, v]) =>
      PAIRS.filter((p) => contrast(v[p.fg], under(v, p)) < 4.5).map((p) => `${name}: ${named(p)} (${v[p.fg]} on ${under(v, p)}) is ${contrast(v[p.fg], under(v, p)).toFixed(2)}:1`))
    expect(low).toEqual([])
  })

  // Non-text (WCAG 1.4.11, 3:1): the current module's underline and the focus ring in the top bar (its accent, else
  // the primary), the focus ring in the sidebar (its active colour), the focus ring on the surfaces (the primary).
  it('keep focus rings and the current module mark at 3:1 or more on the bar they sit on', () => {
    const low = [...themes].flatMap(([name, v]) =>
      ([[v['topbar-accent'] ?? v.primary, 'topbar-bg'], [v['sidebar-active'], 'sidebar-bg'], ...SURFACES.map((bg) => [v.primary, bg])] as const)
        .filter(([fg, bg]) => contrast(fg, v[bg]) < 3)
        .map(([fg, bg]) => `${name}: ${fg} on ${bg} ${v[bg]} is ${contrast(fg, v[bg]).toFixed(2)}:1`))
    expect(low).toEqual([])
  })

  // Hover: a primary or danger button moves towards its text colour's inverse (src/styles.css, the share read from
  // there), the top bar's entries darken by 10% black (ModuleMenu, icons), the sidebar's by 5% of their own text.
  it('keep every text at 4.5:1 or more under the pointer, for the chosen colours too', () => {
    const styles = readFileSync(new URL('../styles.css', import.meta.url), 'utf8')
    const share = (v: string) => {
      const m = new RegExp(`--${v}-hover: color-mix\\(in srgb, var\\(--${v}\\) (\\d+)%, rgb\\(from var\\(--${v}-contrast\\) calc\\(255 - r\\) calc\\(255 - g\\) calc\\(255 - b\\)\\)\\)`).exec(styles)
      expect(m, `--${v}-hover in styles.css`).not.toBeNull()
      return 1 - Number(m![1]) / 100
    }
    const inverse = (hex: string) => `#${[1, 3, 5].map((i) => (255 - parseInt(hex.slice(i, i + 2), 16)).toString(16).padStart(2, '0')).join('')}`
    const hovered = (bg: string, text: string, v: string) => tint(inverse(text), share(v), bg)
    const low = [...themes].flatMap(([name, v]) => {
      const primaries = [v.primary, ...PRIMARY_SWATCHES.map((c) => readablePrimary(c, v as PrimaryPalette) ?? v.primary)]
      const checks: [string, string, string][] = [
        ...primaries.map((p): [string, string, string] => [`primary ${p}`, v['primary-contrast'], hovered(p, v['primary-contrast'], 'primary')]),
        ['danger', v['danger-contrast'], hovered(v.danger, v['danger-contrast'], 'danger')],
        ['top bar', v['topbar-text'], tint('#000000', 0.1, v['topbar-bg'])],
        ['sidebar', v['sidebar-text'], tint(v['sidebar-text'], 0.05, v['sidebar-bg'])],
      ]
      return checks.filter(([, fg, bg]) => contrast(fg, bg) < 4.5).map(([what, fg, bg]) => `${name}: ${what} hovered, ${fg} on ${bg} is ${contrast(fg, bg).toFixed(2)}:1`)
    })
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

  // A fixed white or black on a theme's colour is readable in some themes only (white on the dark themes' light red
  // was 2.8:1): text on a themed background takes that background's own contrast variable. Nor is text faded: a
  // primary fitted to 4.5:1 falls below it at any opacity (the send button's Ctrl+Enter at 90% was 4.26:1 in iView), under
  // the pointer too. Disabled controls alone are faded (WCAG exempts inactive components).
  it('are the only source of the colours the console draws text in, and text is never faded', () => {
    const src = new URL('../', import.meta.url)
    const fixed = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .flatMap((f) => [...readFileSync(new URL(f, src), 'utf8').matchAll(/\btext-(white|black|(?:red|green|amber|yellow|blue|gray|slate|emerald|orange|rose|zinc|neutral)-\d+)\b|(?<![\w:-])(?:(?:hover|focus|active|group-hover):)?opacity-(?!0\b)\d+/g)].map((m) => `${f}: ${m[0]}`))
    expect(fixed).toEqual([])
  })
})
