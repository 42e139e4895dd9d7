import { useQuery } from '@tanstack/react-query'
import { dashboardKeys, indexInfoQuery, replyCountQuery } from '@/api/dashboard'
import { queryClient } from '@/api/query-client'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { useI18nContext } from '@/i18n/i18n-react'
import { TrendChart } from './TrendChart'
import { ROLE_COLORS, type SeriesRole } from './trend'

interface Props {
  title: string
  prodType: number
}

/** A count card; outcome counts carry their outcome's colour, the same as in the charts. */
function Stat({ label, value, role, testId }: { label: string; value: number; role?: SeriesRole; testId?: string }) {
  return (
    <div className="rounded border border-[var(--border)] bg-[var(--surface)] p-4" data-testid={testId}>
      <div className="text-xs text-[var(--muted)]">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums text-[var(--text)]" style={role ? { color: ROLE_COLORS[role] } : undefined}>
        {value.toLocaleString('en-US')}
      </div>
    </div>
  )
}

const card = 'rounded border border-[var(--border)] bg-[var(--surface)] p-4'

/** A product's overview (spec section 3, Dashboard info): counts, the 30-day trend and, for non-ordinary, ratios. */
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
  const stats: [string, number, SeriesRole?][] =
    d.kind === 'normal'
      ? [[t.prevMonth(), d.info.prevMonthAllCount], [t.curMonth(), d.info.curMonthAllCount], [t.yesterday(), d.info.yesterdayAllCount], [t.today(), d.info.todayAllCount]]
      : [[t.month(), d.info.monthAllCount], [t.yesterday(), d.info.yesterdayAllCount], [t.today(), d.info.todayAllCount],
         [t.todaySuccess(), d.info.todaySuccessCount, 'success'], [t.todayFailure(), d.info.todayFailureCount, 'failure'], [t.todayUnknown(), d.info.todayUnknownCount, 'unknown']]
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard" aria-label={title}>
      <div className="grid gap-3 [grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))]">
        {stats.map(([label, value, role]) => <Stat key={label} label={label} value={value} role={role} />)}
        {replies.data && <Stat label={t.todayReplies()} value={replies.data.todayReplyCount} testId="dashboard-replies" />}
      </div>
      <div className={`grid gap-3 ${d.kind === 'sms' ? 'xl:grid-cols-2' : ''}`}>
      <section className={card}>
        <h3 className="mb-2 text-sm font-medium text-[var(--text)]">{t.sentTrend()}</h3>
        <TrendChart label={t.sentTrend()} axis={d.info.timeAxis} series={[{ id: t.sent(), role: 'sent', values: d.info.sentCountAxis }]} />
      </section>
      {d.kind === 'sms' && (
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
      )}
      </div>
    </div>
  )
}
