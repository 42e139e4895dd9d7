import { SignatureSelect } from '@/components/signature/SignatureSelect'
import { useId, useRef } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import type { ContentMeasure, TemplateMeasure } from '@/domain/billing'
import { MAX_CONTENT_CHARS } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'
import type { SmsType } from '@/domain/marketing'
import { money } from '../ContentPanel'
import { MarketingToggle } from '../MarketingToggle'
import { insertAtCaret } from '../insert-at-caret'
import { SaveTemplateButton } from '../SaveTemplateButton'
import { ContentTemplatePicker } from './ContentTemplatePicker'
import { PlaceholderMenu, type PlaceholderOption } from './PlaceholderMenu'

interface Props {
  template: string
  onChange: (v: string) => void
  marketing: boolean
  onMarketing: (v: boolean) => void
  onPick: (text: string, type: SmsType) => void
  placeholders: PlaceholderOption[]
  /** The template alone, and over every row (null until measured). */
  alone: ContentMeasure
  total: TemplateMeasure | null
  measuring: boolean
  filled: { mobile: string; content: string }[]
  cost: number | null
  balance: number | null
  balanceError: boolean
  error: string | null
}

/** The point-to-point template editor: placeholders, approved templates, live figures and the first rows filled. */
export function TemplatePanel(p: Props) {
  const { LL, locale } = useI18nContext()
  const t = LL.sendP2p.template
  const c = LL.send.content
  const id = useId()
  const box = useRef<HTMLTextAreaElement>(null)

  function insert(text: string) {
    if (box.current) insertAtCaret(box.current, text)
    else p.onChange(p.template + text)
  }

  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="mb-2 font-semibold">{t.title()}</h2>
      <div className="mb-2 flex flex-wrap gap-2">
        <SignatureSelect page="p2p" content={p.template} onChange={p.onChange} />
        <PlaceholderMenu options={p.placeholders} onInsert={insert} />
        <ContentTemplatePicker onPick={p.onPick} />
        <SaveTemplateButton content={p.template} marketing={p.marketing} />
        <MarketingToggle marked={p.marketing} onChange={p.onMarketing} content={p.template} />
      </div>
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{t.label({ p1: '{p1}', p2: '{p2}' })}</label>
      <textarea
        id={id}
        ref={box}
        data-testid="p2p-template"
        rows={5}
        maxLength={MAX_CONTENT_CHARS}
        value={p.template}
        placeholder={t.placeholder({ p1: '{p1}', p2: '{p2}' })}
        aria-invalid={p.error ? true : undefined}
        onChange={(e) => p.onChange(e.target.value)}
        className={`mt-1 w-full rounded border bg-[var(--surface)] px-3 py-2 text-sm outline-none focus:border-[var(--primary)]
          focus:ring-2 focus:ring-[var(--primary)]/30 ${p.error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
      />
      {p.error && <p role="alert" className="text-sm text-[var(--danger)]">{p.error}</p>}
      <ul data-testid="p2p-figures" className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-[var(--muted)]">
        <li>{t.alone()}</li>
        <li>{c.chars({ count: p.alone.chars })}</li>
        <li>{c.bytes({ count: p.alone.bytes })}</li>
        <li>{c.perMessage({ count: p.alone.perMessage })}</li>
        <li data-testid="p2p-template-messages">{c.messagesPerNumber({ count: p.alone.messages })}</li>
      </ul>
      <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-[var(--muted)]">
        <li data-testid="total-messages" className="font-semibold text-[var(--text)]">
          {p.measuring ? <span className="flex items-center gap-1"><Spinner size={12} />{t.measuring()}</span> : c.totalMessages({ count: p.total?.messages ?? 0 })}
        </li>
        {p.total && p.total.rows > 0 && <li data-testid="p2p-max-per-row">{t.maxPerRow({ count: p.total.maxMessages })}</li>}
        {p.cost !== null && <li data-testid="estimated-cost">{c.cost({ amount: money(p.cost, locale) })}</li>}
        <li data-testid="send-balance">
          {p.balanceError ? (
            <span role="alert" className="text-[var(--danger)]">{LL.send.errors.balanceQuery()}</span>
          ) : p.balance === null ? c.balanceUnknown() : c.balance({ amount: money(p.balance, locale) })}
        </li>
      </ul>
      {p.filled.length > 0 && (
        <div className="mt-3">
          <h3 className="mb-1 text-sm text-[var(--muted)]">{LL.sendP2p.filled.title()}</h3>
          <ul data-testid="p2p-filled" className="flex flex-col gap-2">
            {p.filled.map((m, i) => (
              <li key={i} className="rounded bg-[var(--surface-2)] p-2 text-sm">
                <p className="text-xs text-[var(--muted)]">{LL.sendP2p.filled.to({ mobile: m.mobile })}</p>
                <p className="whitespace-pre-wrap">{m.content}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
