import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { TextField } from '@/components/ui/TextField'
import { PROD_TYPE } from '@/domain/constants'
import { SENDER_ID_MAX } from '@/domain/send-intl'
import { useI18nContext } from '@/i18n/i18n-react'
import { AccountSelect } from '../AccountSelect'
import { ContentPanel } from '../ContentPanel'
import { NumbersPanel } from '../NumbersPanel'
import { PreviewDialog } from '../PreviewDialog'
import { SchedulePanel } from '../SchedulePanel'
import { SendPage } from '../SendPage'
import { CountryBreakdown } from './CountryBreakdown'
import { useIntlSend } from './use-intl-send'

const alert = 'text-sm text-[var(--danger)]'

/** /intl-sms/send: one content to numbers abroad, each billed at its country's price, now or at a set time. */
export default function IntlSendScreen({ title }: { path: string; title: string }) {
  const { LL } = useI18nContext()
  const g = useIntlSend()
  const { c } = g
  const p = c.problem
  const t = LL.sendIntl
  return (
    <SendPage kind="intl" title={title} summarize={g.summarize} settle={c.numbers.flush} send={g.send} preview={() => void g.runPreview()} reset={c.reset}>
      <section className="flex flex-wrap items-start gap-6 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4">
        <AccountSelect prodType={PROD_TYPE.international} value={g.cusId} onChange={g.setCusId} error={g.cusId ? null : (p?.account ?? null)} />
        <div className="flex w-72 flex-col">
          <TextField
            label={t.senderId.label()}
            data-testid="sender-id"
            value={g.senderId}
            maxLength={SENDER_ID_MAX}
            placeholder={t.senderId.placeholder()}
            autoComplete="off"
            onChange={(e) => g.setSenderId(e.target.value)}
            error={g.senderError}
          />
          <p className="text-xs text-[var(--muted)]">{t.senderId.hint({ max: SENDER_ID_MAX })}</p>
        </div>
      </section>
      {g.ready ? (
        <>
          <p className="-mb-2 text-sm text-[var(--muted)]">{t.numbersHint()}</p>
          <NumbersPanel numbers={c.numbers} problem={p?.numbers ?? null} cusId={g.cusId} accountMissing={!g.cusId} />
        </>
      ) : g.countries.isError ? (
        <p role="alert" className={`${alert} flex items-center gap-2`} data-testid="countries-failed">
          {t.countriesFailed()}
          <Button variant="secondary" onClick={() => void g.countries.refetch()}>{t.retry()}</Button>
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-[var(--muted)]"><Spinner size={14} />{t.countriesLoading()}</p>
      )}
      <ContentPanel
        content={g.content} onChange={g.setContent} measure={g.measure} valid={c.numbers.state.valid}
        cost={g.breakdown?.cost ?? null} balance={g.ownAccount ? c.balance : null} balanceError={c.balanceError} error={p?.content ?? null}
      />
      <CountryBreakdown breakdown={g.breakdown} counting={g.counting} balance={c.balance} balanceError={c.balanceError} ownAccount={g.ownAccount} />
      {p?.balance && <p role="alert" className={`-mt-2 ${alert}`} data-testid="balance-problem">{p.balance}</p>}
      <SchedulePanel timed={c.schedule.timed} time={c.schedule.time} error={p?.schedule ?? null} onChange={c.setSchedule} />
      <PreviewDialog preview={g.preview} onClose={g.closePreview} />
    </SendPage>
  )
}
