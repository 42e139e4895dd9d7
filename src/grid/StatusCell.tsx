import type { CustomCellRendererProps } from 'ag-grid-react'
import type { Tone } from './define-list'

/** Colours per tone, each a theme variable (src/app/themes.css keeps it readable on every surface of its theme). */
const TONES: Record<Tone, string> = {
  ok: 'var(--success)',
  warn: 'var(--warning)',
  bad: 'var(--danger)',
  muted: 'var(--muted)',
  info: 'var(--primary)',
}

/** A status label: the translated word in its tone's colour, with a dot so colour is not the only cue. */
export function StatusCell(p: CustomCellRendererProps) {
  const v = p.value as { key: string; tone: Tone } | null | undefined
  if (!v) return null
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-1.5" style={{ color: TONES[v.tone] ?? 'inherit' }} data-status={v.key}>
      <span aria-hidden className="inline-block size-1.5 shrink-0 rounded-full" style={{ background: 'currentColor' }} />
      {/* A word longer than the column ends in "…" (the cell's tooltip has it whole) instead of being cut mid-letter. */}
      <span className="truncate">{p.valueFormatted ?? v.key}</span>
    </span>
  )
}
