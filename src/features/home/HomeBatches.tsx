import { batchProgress, type HomeBatch } from '@/domain/home'
import { formatDateTime } from '@/domain/date-time'
import { useI18nContext } from '@/i18n/i18n-react'
import { batchPageLink, HOME_LINKS } from './home-links'
import { Card, HomeLinkTo } from './HomeParts'

/** The newest batches of the scope with how far each has got; each opens its batch page. */
export function HomeBatches({ batches, showAccount, granted }: {
  batches: HomeBatch[]; showAccount: boolean; granted: ReadonlySet<string>
}) {
  const { LL } = useI18nContext()
  const t = LL.pages.home
  const th = 'px-2 py-1.5 text-left text-xs font-medium text-[var(--muted)]'
  return (
    <Card id="home-batches-title" className="lg:col-span-2" testId="home-batches"
      title={<span className="flex items-baseline">{t.batches()}
        <HomeLinkTo link={HOME_LINKS.batchStats} granted={granted} className="ml-auto text-sm font-normal">{t.allBatches()} →</HomeLinkTo></span>}>
      {batches.length === 0 ? <p className="text-sm text-[var(--muted)]">{t.noBatches()}</p> : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-[var(--border)]">
                <th scope="col" className={th}>{t.batchId()}</th>
                {showAccount && <th scope="col" className={th}>{t.account()}</th>}
                <th scope="col" className={th}>{t.content()}</th>
                <th scope="col" className={`${th} text-right`}>{LL.figures.submitted.label()}</th>
                <th scope="col" className={th}>{t.progress()}</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => {
                const pct = batchProgress(b)
                return (
                  <tr key={b.batch_id} className="border-b border-[var(--border)] last:border-0" data-testid="home-batch">
                    <td className="px-2 py-1.5 whitespace-nowrap">
                      <HomeLinkTo link={batchPageLink(b)} granted={granted} testId="home-batch-link">{b.batch_id}</HomeLinkTo>
                      <div className="text-xs text-[var(--muted)] tabular-nums">{formatDateTime(b.create_time)}</div>
                    </td>
                    {showAccount && <td className="px-2 py-1.5">{b.cus_id}</td>}
                    <td className="max-w-64 truncate px-2 py-1.5" title={b.content}>{b.content}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{b.receive_count.toLocaleString('en-US')}</td>
                    <td className="px-2 py-1.5">
                      <div className="flex items-center gap-2">
                        <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}
                          aria-label={t.progressOf({ batch: b.batch_id, pct })}
                          className="h-2 w-20 overflow-hidden rounded bg-[var(--surface-2)] ring-1 ring-[var(--border)]">
                          <div className="h-full bg-[var(--primary)]" style={{ width: `${pct}%` }} />
                        </div>
                        <span className="text-xs tabular-nums">{pct}%</span>
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}
