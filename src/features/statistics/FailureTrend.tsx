import { useQuery } from '@tanstack/react-query'
import { failureTrendQuery } from '@/api/dashboard'
import { TrendChart } from '@/components/charts/TrendChart'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * Above the failure analysis: the failure rate (failed of those sent) per day of its window, for the same product,
 * operator and account; today dashed, "so far"; a day with nothing sent has no rate (a gap).
 */
export function FailureTrend({ search }: { search: Record<string, unknown> }) {
  const { LL } = useI18nContext()
  const t = LL.dashboard
  const trend = useQuery(failureTrendQuery(search))
  if (trend.isError) return <p className="px-3 pt-2 text-xs text-[var(--muted)]" role="status">{t.statsLoadFailed()}</p>
  if (!trend.data) return <div className="h-[218px]" aria-busy="true" />
  const d = trend.data
  const words = d.partial ? { point: LL.figures.soFar(), note: t.statsPartialNote({ period: d.partial }) } : undefined
  return (
    <section className="mx-3 mt-3 rounded border border-[var(--border)] bg-[var(--surface)] p-3" data-testid="stats-trend">
      <h3 className="mb-1 text-sm font-medium text-[var(--text)]">{t.failureTrend()}</h3>
      <TrendChart
        axis={d.axis} partial={d.partial} partialWords={words} height={150} percent label={t.failureTrend()}
        series={[{ id: t.failure(), role: 'failure', values: d.failure.map((f, i) => (d.sent[i] > 0 ? (f * 100) / d.sent[i] : null)) }]}
      />
    </section>
  )
}

export default FailureTrend
