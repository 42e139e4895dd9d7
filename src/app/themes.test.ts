import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contrastRatio as contrast, isPrimaryPalette, PRIMARY_PAIRED, PRIMARY_SWATCHES, readablePrimary, type PrimaryPalette } from '@/domain/colour-contrast'
import { ROLE_COLORS } from '@/components/charts/trend'

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

/** The JSX text of each <input>, <select> and <textarea> element's opening tag (a `>` inside braces is code, not its end). */
function fieldElements(text: string): string[] {
  return [...text.matchAll(/<(input|select|textarea)\b/g)].map((m) => {
    let depth = 0
    for (let i = m.index; i < text.length; i++) {
      if (text[i] === '{') depth++
      else if (text[i] === '}') depth--
      else if (text[i] === '>' && depth === 0) return text.slice(m.index, i + 1)
    }
    return text.slice(m.index)
  })
}

type Check = [what: string, fg: string | undefined, bg: string | undefined, min: number]

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

  // Non-text (WCAG 1.4.11, 3:1): a form field's edge (inputs, selects, text areas, check boxes, the account selector,
  // a list's search fields) on every surface a field sits on; each line of the dashboard's charts (the variables
  // trend.ts draws them in) on the chart's card; the avatar disc (the top bar's accent) on the bar, and its initial,
  // text cut out in the bar's colour, at 4.5:1 on the disc.
  it('keep field edges, chart lines and the avatar at 3:1 or more on what they sit on', () => {
    const lines = Object.entries(ROLE_COLORS).map(([role, c]) => [role, /^var\(--([\w-]+)\)$/.exec(c)?.[1] ?? c] as const)
    const low = [...themes].flatMap(([name, v]) => {
      const disc = v['topbar-accent'] ?? v.primary
      const checks: Check[] = [
        ...SURFACES.map((bg): Check => [`field-border on ${bg}`, v['field-border'], v[bg], 3]),
        ...lines.map(([role, k]): Check => [`${role} line (--${k}) on surface`, v[k], v.surface, 3]),
        ['avatar disc on topbar-bg', disc, v['topbar-bg'], 3],
        ['avatar initial (topbar-bg) on its disc', v['topbar-bg'], disc, 4.5],
      ]
      return checks.filter(([, fg, bg, min]) => !fg || !bg || contrast(fg, bg) < min)
        .map(([what, fg, bg, min]) => `${name}: ${what} (${fg} on ${bg}) is ${fg && bg ? contrast(fg, bg).toFixed(2) : 'missing'}, under ${min}:1`)
    })
    expect(low).toEqual([])
  })

  // The pairs above hold only if the fields use the variable: every input, select and text area in the source (with
  // the class constants and props it takes from its file by name) draws its edge in --field-border, never in the
  // dividers' --border. Hidden inputs (a file chooser behind a button, a calendar behind a text field) have no edge.
  it("give every form field in the source the field border, not the dividers'", () => {
    const src = new URL('../', import.meta.url)
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx$/.test(f) && !/\.test\.tsx$/.test(f))
    const found = files.flatMap((f) => {
      const text = readFileSync(new URL(f, src), 'utf8')
      // A constant's text runs to the next blank line (a class string, or the props object a field spreads).
      const consts = new Map([...text.matchAll(/const (\w+) = /g)].map((m) => [m[1], text.slice(m.index).split(/\n\s*\n/)[0]]))
      return fieldElements(text).map((el) => ({ where: `${f}: ${el.slice(0, 60).replace(/\s+/g, ' ')}`, el, drawn: [el, ...[...el.matchAll(/className=\{(\w+)\}|\$\{(\w+)\}|\{\.\.\.(\w+)/g)].map((m) => consts.get(m[1] ?? m[2] ?? m[3] ?? '') ?? '')].join('\n') }))
    })
    const fields = found.filter(({ el }) => !/type="(checkbox|radio|file|color)"|\b(hidden|sr-only|opacity-0)\b/.test(el))
    expect(fields.length).toBeGreaterThan(25)
    expect(fields.filter(({ drawn }) => !drawn.includes('border-[var(--field-border)]') || drawn.includes('border-[var(--border)]')).map((x) => x.where)).toEqual([])
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
