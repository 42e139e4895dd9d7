import { useId } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import { useI18nContext } from '@/i18n/i18n-react'
import { money } from '../ContentPanel'
import type { Breakdown } from './breakdown'

interface Props {
  breakdown: Breakdown | null
  counting: boolean
  /** The caller's balance, when the caller pays; null when unknown or another account pays. */
  balance: number | null
  balanceError: boolean
  ownAccount: boolean
}

/** Numbers, messages and cost per destination country, the total, and the total against the balance. */
export function CountryBreakdown({ breakdown, counting, balance, balanceError, ownAccount }: Props) {
  const { LL, locale } = useI18nContext()
  const t = LL.sendIntl.breakdown
  const id = useId()
  const name = (c: Breakdown['rows'][number]['country']) => (locale === 'en' ? c.name_en : c.name_zh)
  const num = (n: number) => n.toLocaleString(locale)
  const short = ownAccount && balance !== null && breakdown !== null && breakdown.cost > balance
  const cell = 'px-2 py-1 text-right tabular-nums'
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="mb-2 flex items-center gap-2 font-semibold">
        {t.title()}
        {counting && <span className="flex items-center gap-1 text-sm font-normal text-[var(--muted)]"><Spinner size={14} />{t.counting()}</span>}
      </h2>
      {!breakdown?.rows.length ? (
        <p className="text-sm text-[var(--muted)]">{t.empty()}</p>
      ) : (
        <table data-testid="country-breakdown" className="w-full text-sm">
          <thead className="text-[var(--muted)]">
            <tr>
              <th className="px-2 py-1 text-left font-normal">{t.country()}</th>
              <th className="px-2 py-1 text-left font-normal">{t.code()}</th>
              <th className={`${cell} font-normal`}>{t.numbers()}</th>
              <th className={`${cell} font-normal`}>{t.price()}</th>
              <th className={`${cell} font-normal`}>{t.messages()}</th>
              <th className={`${cell} font-normal`}>{t.cost()}</th>
            </tr>
          </thead>
          <tbody>
            {breakdown.rows.map((r) => (
              <tr key={r.country.iso} data-country={r.country.iso} className="border-t border-[var(--border)]">
                <td className="px-2 py-1">{name(r.country)}</td>
                <td className="px-2 py-1">+{r.country.calling_code}</td>
                <td className={cell} data-col="numbers">{num(r.numbers)}</td>
                <td className={cell}>{r.country.price.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 })}</td>
                <td className={cell}>{num(r.messages)}</td>
                <td className={cell} data-col="cost">{money(r.cost, locale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr className="border-t border-[var(--border)]" data-testid="breakdown-total">
              <td className="px-2 py-1" colSpan={2}>{t.total()}</td>
              <td className={cell}>{num(breakdown.numbers)}</td>
              <td />
              <td className={cell}>{num(breakdown.messages)}</td>
              <td className={cell} data-col="cost">{money(breakdown.cost, locale)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p data-testid="breakdown-balance" className="mt-2 text-sm">
        {balanceError ? (
          <span role="alert" className="text-[var(--danger)]">{LL.send.errors.balanceQuery()}</span>
        ) : !ownAccount ? (
          <span className="text-[var(--muted)]">{t.otherAccount()}</span>
        ) : balance !== null ? (
          <span className={short ? 'text-[var(--danger)]' : 'text-[var(--muted)]'} role={short ? 'alert' : undefined}>
            {t.balance({ amount: money(balance, locale) })}{short && ` · ${LL.send.errors.insufficientBalance()}`}
          </span>
        ) : null}
      </p>
    </section>
  )
}
