import { useId, type ReactNode } from 'react'
import { ContentFigures } from '@/components/billing/ContentFigures'
import { formatMoney } from '@/domain/money'
import { MAX_CONTENT_CHARS } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ContentMeasure } from '../../../workers/billing'

interface Props {
  content: string
  onChange: (v: string) => void
  measure: ContentMeasure
  valid: number
  /** Estimated cost in yuan, when a price is known (after a preview). */
  cost: number | null
  balance: number | null
  balanceError: boolean
  error: string | null
  /** Buttons under the editor (the bulk send's approved-template picker). */
  tools?: ReactNode
}

/** A cost or a balance on the send pages (balances and charges keep the same 3 decimals). */
export const money = (n: number, locale: string) => formatMoney(n, locale)

/** The message editor with its live length, billing and balance figures. */
export function ContentPanel({ content, onChange, measure, valid, cost, balance, balanceError, error, tools }: Props) {
  const { LL, locale } = useI18nContext()
  const t = LL.send.content
  const id = useId()
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="mb-2 font-semibold">{t.title()}</h2>
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{t.label()}</label>
      <textarea
        id={id}
        data-testid="send-content"
        rows={5}
        maxLength={MAX_CONTENT_CHARS}
        value={content}
        placeholder={t.placeholder()}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1 w-full rounded border bg-[var(--surface)] px-3 py-2 text-sm outline-none focus:border-[var(--primary)]
          focus:ring-2 focus:ring-[var(--primary)]/30 ${error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
      />
      {error && <p role="alert" className="text-sm text-[var(--danger)]">{error}</p>}
      {/* After the editor, so Tab from the numbers reaches the content first. */}
      {tools && <div className="mt-2 flex flex-wrap gap-2">{tools}</div>}
      <ContentFigures measure={measure} numbers={valid} cost={cost} className="mt-2">
        <li data-testid="send-balance">
          {balanceError ? (
            <span role="alert" className="text-[var(--danger)]">{LL.send.errors.balanceQuery()}</span>
          ) : balance === null ? t.balanceUnknown() : t.balance({ amount: money(balance, locale) })}
        </li>
      </ContentFigures>
    </section>
  )
}
