import type { CustomCellRendererProps } from 'ag-grid-react'
import type { Tone } from './define-list'

/** Colours per tone; light-dark() follows the color-scheme the dark themes set. */
const TONES: Record<Tone, string> = {
  ok: 'light-dark(#15803d, #4ade80)',
  warn: 'light-dark(#b45309, #fbbf24)',
  bad: 'var(--danger)',
  muted: 'var(--muted)',
  info: 'var(--primary)',
}

/** A status label: the translated word in its tone's colour, with a dot so colour is not the only cue. */
export function StatusCell(p: CustomCellRendererProps) {
  const v = p.value as { key: string; tone: Tone } | null | undefined
  if (!v) return null
  return (
    <span className="flex h-full min-w-0 items-center gap-1.5" style={{ color: TONES[v.tone] ?? 'inherit' }} data-status={v.key}>
      <span aria-hidden className="inline-block size-1.5 shrink-0 rounded-full" style={{ background: 'currentColor' }} />
      {/* A word longer than the column ends in "…" (the cell's tooltip has it whole) instead of being cut mid-letter. */}
      <span className="truncate">{p.valueFormatted ?? v.key}</span>
    </span>
  )
}
