import { OPERATORS, type OperatorCounts } from '@/domain/operators'
import { useI18nContext } from '@/i18n/i18n-react'

/** Valid numbers per operator under a list's counts; operators with none are left out. */
export function OperatorBreakdown({ counts }: { counts: OperatorCounts | undefined }) {
  const { LL } = useI18nContext()
  const t = LL.alerts.operators
  if (!counts) return null
  const shown = ([...OPERATORS, 'other'] as const).filter((k) => counts[k] > 0)
  if (shown.length === 0) return null
  return (
    <div className="mt-1 text-sm text-[var(--muted)]" data-testid="operator-counts">
      <span className="mr-3 text-xs">{t.title()}</span>
      <ul className="inline-flex flex-wrap gap-x-4 gap-y-1">
        {shown.map((k) => (
          <li key={k} data-testid={`operator-count-${k}`}>{t[k]()} <span className="font-medium text-[var(--text)] tabular-nums">{counts[k]}</span></li>
        ))}
      </ul>
    </div>
  )
}
