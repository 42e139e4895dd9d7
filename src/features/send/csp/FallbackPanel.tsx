import { useId, type ReactNode } from 'react'
import { SignatureSelect } from '@/components/signature/SignatureSelect'
import { CSP_FALLBACK_CODES, type CspFallbackCode } from '@/domain/send-csp'
import { useI18nContext } from '@/i18n/i18n-react'
import { SelectField } from './CspTemplatePanel'
import type { useCspSend } from './use-csp-send'

type Csp = ReturnType<typeof useCspSend>

const AREA = `mt-1 block min-h-20 w-full max-w-xl rounded border bg-[var(--surface)] px-3 py-2 text-sm outline-none
  focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30`

function TextArea({ label, value, error, testId, tools, onChange }: {
  label: string; value: string; error?: string; testId: string; tools?: ReactNode; onChange: (v: string) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 max-w-xl">
        <label htmlFor={id} className="text-sm text-[var(--muted)]">{label}</label>
        {tools}
      </div>
      <textarea
        id={id} data-testid={testId} value={value} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)}
        className={`${AREA} ${error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
      />
      {error && <p role="alert" className="mt-1 text-sm text-[var(--danger)]">{error}</p>}
    </div>
  )
}

/** Fallback types (spec section 4: 1 SMS, 2 video message, 3 read message; none) and the content each one sends. */
export function FallbackPanel({ s }: { s: Csp }) {
  const { LL } = useI18nContext()
  const t = LL.sendCsp.fallback
  const id = useId()
  const p = s.c.problem
  const label: Record<CspFallbackCode, string> = { 1: t.sms(), 2: t.video(), 3: t.read() }
  const has = (code: CspFallbackCode) => s.f.lowType.includes(code)
  const videos = s.videoTemplates.data ?? []
  const setSmsText = (v: string) => s.c.setFields({ smsText: v })
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="font-semibold">{t.title()}</h2>
      <p className="text-sm text-[var(--muted)]">{t.hint()}</p>
      <div role="group" aria-labelledby={`${id}-h`} className="flex flex-wrap gap-x-6 gap-y-2">
        {CSP_FALLBACK_CODES.map((code) => (
          <label key={code} className="flex items-center gap-2 text-sm">
            <input type="checkbox" data-testid={`csp-fallback-${code}`} checked={has(code)} onChange={(e) => s.toggleFallback(code, e.target.checked)} />
            {label[code]}
          </label>
        ))}
      </div>
      {has(1) && (
        // The fallback SMS is a domestic text: it starts with an approved signature as every other (the server refuses it otherwise).
        <TextArea
          label={t.smsText()} testId="csp-sms-text" value={s.f.smsText} error={p?.smsText} onChange={setSmsText}
          tools={<SignatureSelect page="csp-fallback" content={s.f.smsText} onChange={setSmsText} />}
        />
      )}
      {has(2) && (
        <SelectField
          label={t.videoTemplate()} testId="csp-video-template" value={s.f.videoTemplateId === null ? '' : String(s.f.videoTemplateId)}
          error={p?.videoTemplate} onChange={(v) => s.c.setFields({ videoTemplateId: v ? Number(v) : null })}
          notes={s.videoTemplates.isSuccess && !videos.length ? <p className="mt-1 text-sm text-[var(--muted)]">{t.videoNone()}</p> : null}
        >
          <option value="">{t.videoChoose()}</option>
          {videos.map((v) => <option key={v.cus_template_id} value={v.cus_template_id}>{v.title}</option>)}
        </SelectField>
      )}
      {has(3) && <TextArea label={t.readText()} testId="csp-read-text" value={s.f.aimText} error={p?.aimText} onChange={(v) => s.c.setFields({ aimText: v })} />}
    </section>
  )
}
