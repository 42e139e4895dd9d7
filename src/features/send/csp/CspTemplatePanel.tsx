import { useId, type ReactNode } from 'react'
import { CHATBOT_STATUS } from '@/domain/send-csp'
import { useI18nContext } from '@/i18n/i18n-react'
import type { useCspSend } from './use-csp-send'

type Csp = ReturnType<typeof useCspSend>

const SELECT = `mt-1 block h-9 w-full max-w-xl rounded border bg-[var(--surface)] px-2 text-sm outline-none
  focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30`

/** A labelled native select with its notes (loading failures, empty lists) and validation message. */
export function SelectField({ label, testId, value, disabled, error, onChange, notes, children }: {
  label: string
  testId: string
  value: string
  disabled?: boolean
  error?: string | null
  onChange: (v: string) => void
  notes?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{label}</label>
      <select
        id={id} data-testid={testId} value={value} disabled={disabled} aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${SELECT} ${error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
      >
        {children}
      </select>
      {notes}
      {error && <p role="alert" className="mt-1 text-sm text-[var(--danger)]">{error}</p>}
    </div>
  )
}

const Note = ({ alert, children }: { alert?: boolean; children: ReactNode }) =>
  <p role={alert ? 'alert' : undefined} className={`mt-1 text-sm ${alert ? 'text-[var(--danger)]' : 'text-[var(--muted)]'}`}>{children}</p>

/** The chatbot (offline ones shown, not choosable) and the approved templates registered for it. */
export function CspTemplatePanel({ s }: { s: Csp }) {
  const { LL } = useI18nContext()
  const t = LL.sendCsp
  const id = useId()
  const p = s.c.problem
  const bots = s.chatbots.data ?? []
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="font-semibold">{t.template.title()}</h2>
      <SelectField
        label={t.chatbot.label()} testId="csp-chatbot" value={s.f.chatbotId} disabled={!s.cusId} error={p?.chatbot} onChange={s.setChatbot}
        notes={<>
          {s.chatbots.isError && <Note alert>{t.chatbot.loadFailed()}</Note>}
          {s.chatbots.isSuccess && !bots.length && <Note>{t.chatbot.none()}</Note>}
        </>}
      >
        <option value="">{s.cusId ? t.chatbot.choose() : t.chatbot.chooseAccount()}</option>
        {bots.map((b) => (
          <option key={b.chatbot_id} value={b.chatbot_id} disabled={b.status !== CHATBOT_STATUS.online}>
            {b.status === CHATBOT_STATUS.online ? b.name : t.chatbot.offline({ name: b.name })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.template.label()} testId="csp-template" value={s.f.templateId === null ? '' : String(s.f.templateId)}
        disabled={!s.f.chatbotId} error={p?.template} onChange={(v) => s.setTemplate(v ? Number(v) : null)}
        notes={<>
          {s.templates.isError && <Note alert>{t.template.loadFailed()}</Note>}
          {s.templates.isSuccess && s.f.chatbotId && !s.forChatbot.length && <Note>{t.template.none()}</Note>}
        </>}
      >
        <option value="">{s.f.chatbotId ? t.template.choose() : t.template.chooseChatbot()}</option>
        {s.forChatbot.map((x) => (
          <option key={x.template_id} value={x.template_id}>{t.template.option({ name: x.template_name, sign: x.autograph })}</option>
        ))}
      </SelectField>
    </section>
  )
}
