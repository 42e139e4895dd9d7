import { useId } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import { PROD_TYPE } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { AccountSelect } from '../AccountSelect'
import { money } from '../ContentPanel'
import { NumbersPanel } from '../NumbersPanel'
import { SchedulePanel } from '../SchedulePanel'
import { SendPage } from '../SendPage'
import { CspTemplatePanel } from './CspTemplatePanel'
import { FallbackPanel } from './FallbackPanel'
import { MessagePreview } from '@/components/preview/MessagePreview'
import { useCspSend } from './use-csp-send'

/** /csp-sms/send: an approved 5G template from a chatbot to many numbers, with fallbacks, now or at a set time. */
export default function CspSendScreen({ title }: { path: string; title: string }) {
  const { LL, locale } = useI18nContext()
  const s = useCspSend()
  const { c } = s
  const p = c.problem
  const t = LL.sendCsp.preview
  const id = useId()
  return (
    <SendPage kind="csp" title={title} summarize={s.summarize} settle={c.numbers.flush} send={s.send} reset={c.reset}>
      {s.chooses && <AccountSelect prodType={PROD_TYPE.csp} value={s.cusId} onChange={s.setAccount} error={p?.account ?? null} />}
      <CspTemplatePanel s={s} />
      <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`} data-testid="csp-preview">
        <h2 id={`${id}-h`} className="mb-2 font-semibold">{t.title()}</h2>
        {s.f.templateId === null && <p className="text-sm text-[var(--muted)]">{t.empty()}</p>}
        {s.f.templateId !== null && s.content.isPending && <p className="flex items-center gap-2 text-sm text-[var(--muted)]"><Spinner size={14} />{t.loading()}</p>}
        {s.f.templateId !== null && s.content.isError && <p role="alert" className="text-sm text-[var(--danger)]">{t.loadFailed()}</p>}
        {s.preview && <MessagePreview preview={s.preview} fallbacks={s.f.lowType} />}
      </section>
      <FallbackPanel s={s} />
      <NumbersPanel numbers={c.numbers} problem={p?.numbers ?? null} cusId={s.cusId} accountMissing={s.chooses && !s.cusId} />
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <li data-testid="total-messages">{LL.send.content.totalMessages({ count: c.numbers.state.valid })}</li>
        {s.cost !== null && <li data-testid="csp-cost">{LL.sendCsp.cost({ amount: money(s.cost, locale) })}</li>}
        <li className={c.balanceError ? 'text-[var(--danger)]' : ''}>
          {c.balanceError ? LL.send.errors.balanceQuery() : s.balance === null ? LL.send.content.balanceUnknown() : LL.send.content.balance({ amount: money(s.balance, locale) })}
        </li>
      </ul>
      <SchedulePanel timed={c.schedule.timed} time={c.schedule.time} error={p?.schedule ?? null} onChange={c.setSchedule} />
    </SendPage>
  )
}
