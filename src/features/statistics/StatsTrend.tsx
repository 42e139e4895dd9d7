import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { batchTrendQuery, trendQuery } from '@/api/dashboard'
import { TrendChart } from '@/components/charts/TrendChart'
import { successRate, type Trend } from '@/domain/lists/stats'
import { useI18nContext } from '@/i18n/i18n-react'

const card = 'rounded border border-[var(--border)] bg-[var(--surface)] p-3'

/** Axis labels: a day without its year, a month and a year as they are. */
const tick = (x: string) => (x.length === 10 ? x.slice(5) : x)

/**
 * Above a statistics list: the volume (submitted, sent to the carrier) and the delivery rate of every period of the
 * list's window, from the same rollups and filters as its rows (/dataGathering/trend). The period under way (today,
 * this month, this year) is drawn dashed, "so far"; a period with nothing sent has no rate (a gap, not 0 %).
 */
export function StatsTrend({ search }: { search: Record<string, unknown> }) {
  return <TrendCards trend={useQuery(trendQuery(search))} />
}

/** Above the batch statistics: the same two charts, of the batches its rows list (per day they were created). */
export function BatchTrend({ search }: { search: Record<string, unknown> }) {
  return <TrendCards trend={useQuery(batchTrendQuery(search))} />
}

function TrendCards({ trend }: { trend: UseQueryResult<Trend> }) {
  const { LL } = useI18nContext()
  const t = LL.dashboard
  if (trend.isError) return <p className="px-3 pt-2 text-xs text-[var(--muted)]" role="status">{t.statsLoadFailed()}</p>
  if (!trend.data) return <div className="h-[218px]" aria-busy="true" />
  const d = trend.data
  const words = d.partial ? { point: LL.figures.soFar(), note: t.statsPartialNote({ period: d.partial }) } : undefined
  const shared = { axis: d.axis, partial: d.partial, partialWords: words, tickFormat: tick, height: 150 }
  return (
    <div className="grid gap-3 px-3 pt-3 xl:grid-cols-2" data-testid="stats-trend">
      <section className={card}>
        <h3 className="mb-1 text-sm font-medium text-[var(--text)]">{t.statsVolume()}</h3>
        <TrendChart
          {...shared}
          label={t.statsVolume()}
          series={[
            { id: LL.figures.submitted.label(), role: 'sent', values: d.receive },
            { id: LL.figures.sent.label(), role: 'unknown', values: d.sent },
          ]}
        />
      </section>
      <section className={card}>
        <h3 className="mb-1 text-sm font-medium text-[var(--text)]">{t.statsRate()}</h3>
        <TrendChart
          {...shared}
          percent
          label={t.statsRate()}
          series={[{ id: LL.figures.rate.label(), role: 'success', values: d.success.map((s, i) => successRate(s, d.sent[i])) }]}
        />
      </section>
    </div>
  )
}

export default StatsTrend
