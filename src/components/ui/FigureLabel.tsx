import type { Figure } from '@/domain/figures'
import { useI18nContext } from '@/i18n/i18n-react'
import { Popover } from './Popover'

/**
 * A figure's name (src/domain/figures.ts) with what it counts: the same label and tooltip on every screen. The
 * tooltip opens from the small button after the label (keyboard: Tab, Enter; Esc closes) and shows on hover.
 * `text` replaces the label where a screen names the figure with its period ("昨日提交数").
 */
export function FigureLabel({ figure, text }: { figure: Figure | 'rate'; text?: string }) {
  const { LL } = useI18nContext()
  const f = LL.figures[figure]
  const label = text ?? f.label()
  return (
    <span className="inline-flex items-center gap-1" data-figure={figure}>
      <span title={f.tip()}>{label}</span>
      <Popover
        align="start"
        testId={`figure-tip-${figure}`}
        trigger={
          <button type="button" aria-label={LL.figures.about({ figure: label })}
            className="inline-flex h-4 w-4 items-center justify-center rounded-full border border-[var(--border)] text-[10px] leading-none text-[var(--muted)] hover:text-[var(--text)] focus-visible:outline-2 focus-visible:outline-[var(--primary)]">
            ?
          </button>
        }
      >
        <p className="max-w-xs text-xs">{f.tip()}</p>
      </Popover>
    </span>
  )
}
