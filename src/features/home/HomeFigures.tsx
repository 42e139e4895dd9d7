import { FigureLabel } from '@/components/ui/FigureLabel'
import type { Figure } from '@/domain/figures'
import type { HomeFigures as Figures } from '@/domain/home'
import { successRate } from '@/domain/lists/stats'
import { formatMoney } from '@/domain/money'
import { useI18nContext } from '@/i18n/i18n-react'
import { HOME_LINKS } from './home-links'
import { Card, HomeLinkTo } from './HomeParts'

const count = (n: number) => n.toLocaleString('en-US')

/** Today's and this month's figures of the caller's scope: submitted, delivery rate, failed and spend. */
export function HomeFigures({ day, today, month, scope, granted }: {
  day: string; today: Figures; month: Figures; scope: string; granted: ReadonlySet<string>
}) {
  const { LL } = useI18nContext()
  const t = LL.pages.home
  return (
    <Card id="home-figures-title" className="lg:col-span-3" testId="home-figures"
      title={<span className="flex flex-wrap items-baseline gap-x-3">{t.figures()}<span className="text-sm font-normal text-[var(--muted)]" data-testid="home-scope">{scope}</span>
        <HomeLinkTo link={HOME_LINKS.sendStats} granted={granted} className="ml-auto text-sm font-normal">{t.sendStats()} →</HomeLinkTo></span>}>
      <div className="grid gap-4 2xl:grid-cols-2">
        <Period id="today" title={t.today({ day })} f={today} />
        <Period id="month" title={t.month()} f={month} />
      </div>
    </Card>
  )
}

function Period({ id, title, f }: { id: 'today' | 'month'; title: string; f: Figures }) {
  const { LL, locale } = useI18nContext()
  const t = LL.pages.home
  const rate = successRate(f.success, f.sent)
  const stats: [string, Figure | 'rate', string, string?][] = [
    ['sent', 'submitted', count(f.received)],
    ['rate', 'rate', rate === null ? t.noRate() : `${rate.toFixed(2)}%`, t.rateDetail({ success: count(f.success), unknown: count(f.unknown) })],
    ['failure', 'failed', count(f.failure)],
    ['spend', 'spend', formatMoney(f.spend, locale, 'charge')],
  ]
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium text-[var(--muted)]">{title}</h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([key, figure, value, note]) => (
          <div key={key} className="rounded border border-[var(--border)] p-3" data-testid={`home-${id}-${key}`}>
            <dt className="text-xs text-[var(--muted)]"><FigureLabel figure={figure} /></dt>
            <dd className="mt-1 whitespace-nowrap text-xl font-semibold tabular-nums text-[var(--text)]" data-testid={`home-${id}-${key}-value`}>{value}</dd>
            {note && <dd className="mt-0.5 text-xs text-[var(--muted)]">{note}</dd>}
          </div>
        ))}
      </dl>
    </div>
  )
}
