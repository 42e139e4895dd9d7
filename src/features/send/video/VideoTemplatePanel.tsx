import type { UseQueryResult } from '@tanstack/react-query'
import { useId } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import { sizeKb, type VideoTemplateRow } from '@/domain/lists/templates'
import { formatMoney } from '@/domain/money'
import type { VideoSendContent } from '@/domain/send-video'
import { useI18nContext } from '@/i18n/i18n-react'
import { money } from '../ContentPanel'

interface Props {
  cusId: string
  templates: UseQueryResult<VideoTemplateRow[]>
  content: UseQueryResult<VideoSendContent>
  value: number | null
  onChange: (id: number | null) => void
  valid: number
  cost: number | null
  balance: number | null
  balanceError: boolean
  error: string | null
}

/** The approved template (title, sign, size in KB), its preview (subject, frames with captions) and the cost. */
export function VideoTemplatePanel({ cusId, templates, content, value, onChange, valid, cost, balance, balanceError, error }: Props) {
  const { LL, locale } = useI18nContext()
  const t = LL.sendVideo
  const id = useId()
  const list = templates.data ?? []
  const preview = content.data
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="mb-2 font-semibold">{t.template.title()}</h2>
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{t.template.label()}</label>
      <select
        id={id}
        data-testid="video-template"
        value={value ?? ''}
        disabled={!cusId}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        className={`mt-1 block h-9 w-full max-w-xl rounded border bg-[var(--surface)] px-2 text-sm outline-none focus:border-[var(--primary)]
          focus:ring-2 focus:ring-[var(--primary)]/30 ${error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
      >
        <option value="">{cusId ? t.template.choose() : t.template.chooseAccount()}</option>
        {list.map((v) => (
          <option key={v.cus_template_id} value={v.cus_template_id}>
            {t.template.option({ title: v.title, sign: v.template_sign, size: sizeKb(v.size) })}
          </option>
        ))}
      </select>
      {templates.isError && <p role="alert" className="mt-1 text-sm text-[var(--danger)]">{t.template.loadFailed()}</p>}
      {templates.isSuccess && !list.length && <p className="mt-1 text-sm text-[var(--muted)]">{t.template.none()}</p>}
      {error && <p role="alert" className="mt-1 text-sm text-[var(--danger)]">{error}</p>}

      {value !== null && (
        <div className="mt-3 rounded border border-[var(--border)] p-3" data-testid="video-preview" aria-label={t.preview.title()}>
          {content.isPending && <p className="flex items-center gap-2 text-sm text-[var(--muted)]"><Spinner size={14} />{t.preview.loading()}</p>}
          {content.isError && <p role="alert" className="text-sm text-[var(--danger)]">{t.preview.loadFailed()}</p>}
          {preview && (
            <>
              <p className="font-medium" data-testid="video-theme">{t.preview.theme({ theme: preview.videoTheme })}</p>
              <p className="text-sm text-[var(--muted)]">{t.preview.text({ text: preview.smsTextContent })}</p>
              {preview.videoFrameList.length ? (
                <ol className="mt-2 flex gap-3 overflow-x-auto pb-1">
                  {preview.videoFrameList.map((f) => (
                    <li key={f.seq} className="w-44 shrink-0 text-xs" data-testid="video-frame">
                      {f.mediaType === 'image'
                        ? <img src={f.mediaUrl} alt={t.preview.frame({ n: f.seq })} className="aspect-video w-full rounded object-cover" />
                        : <video src={f.mediaUrl} controls className="aspect-video w-full rounded" aria-label={t.preview.frame({ n: f.seq })} />}
                      <p className="mt-1">{f.textContent}</p>
                    </li>
                  ))}
                </ol>
              ) : <p className="mt-2 text-sm text-[var(--muted)]">{t.preview.noFrames()}</p>}
            </>
          )}
        </div>
      )}

      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {preview?.price != null && <li>{t.preview.price({ amount: formatMoney(preview.price, locale, 'price') })}</li>}
        <li data-testid="total-messages">{LL.send.content.totalMessages({ count: valid })}</li>
        {cost !== null && <li data-testid="video-cost">{t.cost({ amount: money(cost, locale) })}</li>}
        <li className={balanceError ? 'text-[var(--danger)]' : ''}>
          {balanceError ? LL.send.errors.balanceQuery() : balance === null ? LL.send.content.balanceUnknown() : LL.send.content.balance({ amount: money(balance, locale) })}
        </li>
      </ul>
    </section>
  )
}
