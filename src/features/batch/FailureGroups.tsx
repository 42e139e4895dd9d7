import { Link } from '@tanstack/react-router'
import { BATCH_MODULE, type BatchDetail, type FailureGroups as Groups } from '@/domain/batch'
import { carrierCodeKey } from '@/domain/carrier-codes'
import { platformDay } from '@/domain/date-time'
import { MT_STATUS_FAILURE } from '@/domain/lists/records'
import { useI18nContext } from '@/i18n/i18n-react'

const th = 'px-2 py-1.5 text-left text-xs font-medium text-[var(--muted)]'
const td = 'px-2 py-1.5'

/**
 * A batch's failures by carrier code (what it means, permanent or transient) and by operator, with each group's share
 * of the failures; each leads to the batch's sent records filtered to it (the records list keeps its search in the URL).
 */
export function FailureGroups({ detail, groups }: { detail: BatchDetail; groups: Groups | undefined }) {
  const { LL } = useI18nContext()
  const t = LL.batch
  const total = groups?.codes.reduce((n, g) => n + g.count, 0) ?? 0
  const share = (n: number) => (total ? `${((n / total) * 100).toFixed(1)}%` : '—')
  const records = `/${BATCH_MODULE[detail.prod_type] ?? 'home-sms'}/mt-records`
  const search = (extra: Record<string, string>) => ({
    batch_id: detail.batch_id, status: String(MT_STATUS_FAILURE), start_time: platformDay(detail.create_time), end_time: platformDay(detail.now), ...extra,
  })
  const link = (extra: Record<string, string>, what: string, count: number) => (
    <Link to={records as never} search={search(extra) as never} className="text-[var(--primary)] underline-offset-2 hover:underline"
      aria-label={t.viewRecordsOf({ what, count })} data-testid="failure-records">{t.viewRecords()}</Link>
  )
  return (
    <section aria-labelledby="batch-failures" data-testid="batch-failures" className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4">
      <h2 id="batch-failures" className="mb-3 font-semibold">{t.failures()}</h2>
      {!groups ? <p className="text-sm text-[var(--muted)]">{t.loading()}</p> : total === 0 ? <p className="text-sm text-[var(--muted)]">{t.noFailures()}</p> : (
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <table className="w-full text-sm" data-testid="failures-by-code">
            <caption className="mb-1 text-left text-xs text-[var(--muted)]">{t.byCode()}</caption>
            <thead><tr className="border-b border-[var(--border)]">
              <th scope="col" className={th}>{t.code()}</th><th scope="col" className={th}>{t.meaning()}</th><th scope="col" className={th}>{t.kindLabel()}</th>
              <th scope="col" className={`${th} text-right`}>{t.count()}</th><th scope="col" className={`${th} text-right`}>{t.share()}</th><th scope="col" className={th} />
            </tr></thead>
            <tbody>
              {groups.codes.map((g) => {
                const key = carrierCodeKey(g.code)
                return (
                  <tr key={g.code} className="border-b border-[var(--border)] last:border-0" data-testid="failure-code" data-code={g.code}>
                    <td className={`${td} font-mono whitespace-nowrap`}>{g.code || '—'}</td>
                    <td className={td}>{key ? <><div>{LL.carrier[key]()}</div><div className="text-xs text-[var(--muted)]">{LL.carrier.meaning[key]()}</div></> : '—'}</td>
                    <td className={`${td} whitespace-nowrap`} data-testid="failure-kind">{g.kind ? LL.carrier.kind[g.kind]() : '—'}</td>
                    <td className={`${td} text-right tabular-nums`}>{g.count.toLocaleString('en-US')}</td>
                    <td className={`${td} text-right tabular-nums`}>{share(g.count)}</td>
                    <td className={td}>{link({ report_code: g.code }, g.code, g.count)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          <table className="w-full text-sm" data-testid="failures-by-operator">
            <caption className="mb-1 text-left text-xs text-[var(--muted)]">{t.byOperator()}</caption>
            <thead><tr className="border-b border-[var(--border)]">
              <th scope="col" className={th}>{LL.lists.filters.operator()}</th><th scope="col" className={`${th} text-right`}>{t.count()}</th>
              <th scope="col" className={`${th} text-right`}>{t.share()}</th><th scope="col" className={th} />
            </tr></thead>
            <tbody>
              {groups.operators.map((g) => {
                const name = t.operators[g.operator as keyof typeof t.operators]?.() ?? g.operator
                return (
                  <tr key={g.operator} className="border-b border-[var(--border)] last:border-0" data-testid="failure-operator">
                    <td className={td}>{name}</td>
                    <td className={`${td} text-right tabular-nums`}>{g.count.toLocaleString('en-US')}</td>
                    <td className={`${td} text-right tabular-nums`}>{share(g.count)}</td>
                    <td className={td}>{link({ operator: g.operator }, name, g.count)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
