import { useQuery } from '@tanstack/react-query'
import { dashboardKeys, indexInfoQuery, replyCountQuery } from '@/api/dashboard'
import { queryClient } from '@/api/query-client'
import { Button } from '@/components/ui/Button'
import { FigureLabel } from '@/components/ui/FigureLabel'
import type { Figure } from '@/domain/figures'
import { Spinner } from '@/components/ui/Spinner'
import { useI18nContext } from '@/i18n/i18n-react'
import { TrendChart } from '@/components/charts/TrendChart'
import { ROLE_COLORS, type SeriesRole } from '@/components/charts/trend'

interface Props {
  title: string
  prodType: number
}

/** A count card named by its figure (src/domain/figures.ts); outcome counts carry their outcome's colour, as in the charts. */
function Stat({ label, figure, value, role, testId }: { label: string; figure?: Figure; value: number; role?: SeriesRole; testId?: string }) {
  return (
    <div className="rounded border border-[var(--border)] bg-[var(--surface)] p-4" data-testid={testId}>
      <div className="text-xs text-[var(--muted)]">{figure ? <FigureLabel figure={figure} text={label} /> : label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums text-[var(--text)]" style={role ? { color: ROLE_COLORS[role] } : undefined}>
        {value.toLocaleString('en-US')}
      </div>
    </div>
  )
}

const card = 'rounded border border-[var(--border)] bg-[var(--surface)] p-4'

/**
 * A product's overview (spec section 3, Dashboard info): submitted per period (the figure the statistics' rows
 * count for the same days), today's outcomes, the 30-day trend of submitted and the rates of those sent.
 */
export function DashboardScreen({ title, prodType }: Props) {
  const { LL } = useI18nContext()
  const t = LL.dashboard
  const info = useQuery(indexInfoQuery(prodType))
  const replies = useQuery(replyCountQuery(prodType))
  if (info.isPending) return <div className="flex justify-center p-10"><Spinner /></div>
  if (info.isError) {
    return (
      <div role="alert" className="m-6 rounded border border-[var(--border)] bg-[var(--surface)] p-6 text-sm">
        <p className="mb-3 text-[var(--danger)]">{t.loadFailed()}</p>
        <Button variant="secondary" onClick={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() })}>{LL.grid.retry()}</Button>
      </div>
    )
  }
  const d = info.data
  // A day with nothing sent has no ratio: a gap in the line, not a fall to 0 %.
  const noSends = (ratios: readonly number[]) => ratios.map((r, i) => (d.info.sentCountAxis[i] ? r : null))
  const named = (period: string, figure: Figure) => t.periodFigure({ period, figure: LL.figures[figure].label() })
  const stats: [string, Figure, number, SeriesRole?][] =
    d.kind === 'normal'
      ? [[t.prevMonth(), 'submitted', d.info.prevMonthAllCount], [t.curMonth(), 'submitted', d.info.curMonthAllCount],
         [t.yesterday(), 'submitted', d.info.yesterdayAllCount], [t.today(), 'submitted', d.info.todayAllCount]]
      : [[t.month(), 'submitted', d.info.monthAllCount], [t.yesterday(), 'submitted', d.info.yesterdayAllCount], [t.today(), 'submitted', d.info.todayAllCount],
         [t.today(), 'delivered', d.info.todaySuccessCount, 'success'], [t.today(), 'failed', d.info.todayFailureCount, 'failure'],
         [t.today(), 'unknown', d.info.todayUnknownCount, 'unknown']]
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard" aria-label={title}>
      <div className="grid gap-3 [grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))]">
        {stats.map(([period, figure, value, role]) => {
          const label = named(period, figure)
          return <Stat key={label} label={label} figure={figure} value={value} role={role} />
        })}
        {replies.data && <Stat label={t.todayReplies()} value={replies.data.todayReplyCount} testId="dashboard-replies" />}
      </div>
      <div className="grid gap-3 xl:grid-cols-2">
      <section className={card}>
        <h3 className="mb-2 text-sm font-medium text-[var(--text)]">{t.sentTrend()}</h3>
        <TrendChart label={t.sentTrend()} axis={d.info.timeAxis} series={[{ id: LL.figures.submitted.label(), role: 'sent', values: d.info.receiveCountAxis }]} />
      </section>
      <section className={card}>
        <h3 className="mb-2 text-sm font-medium text-[var(--text)]">{t.ratioTrend()}</h3>
        <TrendChart
          percent
          label={t.ratioTrend()}
          axis={d.info.timeAxis}
          series={[
            { id: t.success(), role: 'success', values: noSends(d.info.successRatioAxis) },
            { id: t.failure(), role: 'failure', values: noSends(d.info.failureRatioAxis) },
            { id: t.unknown(), role: 'unknown', values: noSends(d.info.unknownRatioAxis) },
          ]}
        />
      </section>
      </div>
    </div>
  )
}
