import type { Command } from '@/commands/registry'
import { scoreCommand } from './match'

/** One row of the palette, with the label and group already resolved in the current language. */
export interface PaletteEntry {
  command: Command
  label: string
  group: string
}

export interface PaletteSection {
  key: string
  heading: string
  entries: PaletteEntry[]
}

export interface SectionHeadings {
  recent: string
  actions: string
  results: string
}

// Enough to lift a recently used entry over an equally good match, not over a clearly better one.
const RECENT_BOOST = 10
// What acts on the focused thing (the focused row's actions) goes before a page of the same words: "充值" with a
// customer's row focused charges it rather than opening the recharge records.
const FOCUSED_BOOST = 5
// A longer list is never read; the query should be refined instead.
const MAX_RESULTS = 60

/**
 * Orders the palette. Empty query: recently used first, then routes grouped by module in registration order,
 * then actions. With a query: one list by match score, recently used entries boosted, after what the commands that
 * read the query (`forQuery`) make of it.
 */
export function paletteSections(
  commands: readonly Command[],
  query: string,
  recentIds: readonly string[],
  headings: SectionHeadings,
): PaletteSection[] {
  const offered = commands.filter((c) => !c.shortcutOnly && (!c.when || c.when()))
  const entries: PaletteEntry[] = offered
    .filter((c) => !c.forQuery)
    .map((command) => ({ command, label: command.label(), group: command.group() }))
  const recentRank = new Map(recentIds.map((id, i) => [id, i]))

  if (query.trim()) {
    const made = offered.flatMap((c) => c.forQuery?.(query.trim()) ?? [])
      .map((command) => ({ command, label: command.label(), group: command.group() }))
    const scored = entries
      .map((e, i) => {
        const score = scoreCommand(query, { label: e.label, keywords: e.command.keywords?.(), group: e.group })
        const boost = (recentRank.has(e.command.id) ? RECENT_BOOST : 0) + (e.command.onFocused ? FOCUSED_BOOST : 0)
        return { e, i, score: score > 0 ? score + boost : score }
      })
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, MAX_RESULTS)
    const results = [...made, ...scored.map((s) => s.e)]
    return results.length ? [{ key: 'results', heading: headings.results, entries: results }] : []
  }

  const recent = entries
    .filter((e) => recentRank.has(e.command.id))
    .sort((a, b) => recentRank.get(a.command.id)! - recentRank.get(b.command.id)!)
  const rest = entries.filter((e) => !recentRank.has(e.command.id))
  const sections: PaletteSection[] = []
  if (recent.length) sections.push({ key: 'recent', heading: headings.recent, entries: recent })
  const routeGroups = new Map<string, PaletteEntry[]>()
  for (const e of rest.filter((x) => x.command.kind === 'route')) {
    routeGroups.set(e.group, [...(routeGroups.get(e.group) ?? []), e])
  }
  for (const [group, list] of routeGroups) sections.push({ key: `route:${group}`, heading: group, entries: list })
  const actions = rest.filter((e) => e.command.kind === 'action')
  if (actions.length) sections.push({ key: 'actions', heading: headings.actions, entries: actions })
  return sections
}
