import { SignatureSelect } from '@/components/signature/SignatureSelect'
import { useId, useRef, type ReactNode } from 'react'
import { ContentFigures } from '@/components/billing/ContentFigures'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { MAX_CONTENT_CHARS } from '@/domain/send'
import { LINK_MARKER, MAX_LONG_URL_CHARS } from '@/domain/send-link'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ContentMeasure } from '../../../../workers/billing'
import { money } from '../ContentPanel'
import { insertAtCaret } from '../insert-at-caret'

interface Props {
  longUrl: string
  onLongUrl: (v: string) => void
  urlError: string | null
  content: string
  onContent: (v: string) => void
  contentError: string | null
  /** An example short link of the real length; the figures are measured with it in place. */
  example: string
  measure: ContentMeasure
  valid: number
  cost: number | null
  balance: number | null
  balanceError: boolean
  infoError: boolean
  /** Under the editor (the marketing mark). */
  tools?: ReactNode
}

/** The long URL, the message with its `{link}` marker (inserted at the cursor), and the live figures. */
export function LinkContentPanel(p: Props) {
  const { LL, locale } = useI18nContext()
  const t = LL.send.content
  const l = LL.sendLink
  const id = useId()
  const area = useRef<HTMLTextAreaElement>(null)

  function insertLink() {
    const el = area.current
    const start = el?.selectionStart ?? p.content.length
    const end = el?.selectionEnd ?? start
    const next = p.content.slice(0, start) + LINK_MARKER + p.content.slice(end)
    if (next.length > MAX_CONTENT_CHARS) return
    if (el) insertAtCaret(el, LINK_MARKER)
    else p.onContent(next)
  }

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="font-semibold">{l.url.title()}</h2>
      <div>
        <TextField
          label={l.url.label()} value={p.longUrl} onChange={(e) => p.onLongUrl(e.target.value)} error={p.urlError}
          type="url" inputMode="url" maxLength={MAX_LONG_URL_CHARS + 100} placeholder={l.url.placeholder()} data-testid="link-long-url"
        />
        <p className="text-xs text-[var(--muted)]">{l.url.hint()}</p>
      </div>
      <div>
        <div className="flex items-end justify-between gap-2">
          <label htmlFor={id} className="text-sm text-[var(--muted)]">{t.label()}</label>
          <span className="flex items-center gap-2">
            <SignatureSelect page="link" content={p.content} onChange={p.onContent} />
            <Button variant="secondary" onClick={insertLink} data-testid="insert-link">{l.content.insertLink()}</Button>
          </span>
        </div>
        <textarea
          ref={area}
          id={id}
          data-testid="send-content"
          rows={5}
          maxLength={MAX_CONTENT_CHARS}
          value={p.content}
          placeholder={t.placeholder()}
          aria-invalid={p.contentError ? true : undefined}
          onChange={(e) => p.onContent(e.target.value)}
          className={`mt-1 w-full rounded border bg-[var(--surface)] px-3 py-2 text-sm outline-none focus:border-[var(--primary)]
            focus:ring-2 focus:ring-[var(--primary)]/30 ${p.contentError ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
        />
        {p.contentError && <p role="alert" className="text-sm text-[var(--danger)]">{p.contentError}</p>}
        <p className="text-xs text-[var(--muted)]">{l.content.insertHint({ marker: LINK_MARKER })}</p>
        <p className="text-xs text-[var(--muted)]" data-testid="link-example">{l.content.example({ url: p.example, count: p.example.length })}</p>
        {p.tools && <div className="mt-2 flex flex-wrap gap-2">{p.tools}</div>}
      </div>
      <ContentFigures measure={p.measure} numbers={p.valid} cost={p.cost}>
        {p.infoError && <li role="alert" className="text-[var(--danger)]">{l.errors.infoFailed()}</li>}
        <li data-testid="send-balance">
          {p.balanceError ? (
            <span role="alert" className="text-[var(--danger)]">{LL.send.errors.balanceQuery()}</span>
          ) : p.balance === null ? t.balanceUnknown() : t.balance({ amount: money(p.balance, locale) })}
        </li>
      </ContentFigures>
    </section>
  )
}
