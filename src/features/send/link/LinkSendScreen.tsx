import { PROD_TYPE } from '@/domain/constants'
import { AccountSelect } from '../AccountSelect'
import { NumbersPanel } from '../NumbersPanel'
import { SchedulePanel } from '../SchedulePanel'
import { MarketingToggle } from '../MarketingToggle'
import { SendPage } from '../SendPage'
import { LinkContentPanel } from './LinkContentPanel'
import { LinkPreviewDialog } from './LinkPreviewDialog'
import { useLinkSend } from './use-link-send'

/** /home-sms/link-send: one content to many numbers, each with a short link of its own to the long URL. */
export default function LinkSendScreen({ title }: { path: string; title: string }) {
  const g = useLinkSend()
  const { c } = g
  const p = c.problem
  return (
    <SendPage kind="link" title={title} summarize={g.summarize} settle={c.numbers.flush} send={g.send} preview={g.runPreview} reset={c.reset}>
      {g.chooses && <AccountSelect prodType={PROD_TYPE.ordinary} value={g.cusId} onChange={g.setAccount} error={p?.account ?? null} />}
      <NumbersPanel numbers={c.numbers} problem={p?.numbers ?? null} cusId={g.cusId} accountMissing={g.chooses && !g.cusId} />
      <LinkContentPanel
        longUrl={g.longUrl} onLongUrl={g.setLongUrl} urlError={g.urlError}
        content={g.content} onContent={g.setContent} contentError={p?.content ?? null}
        example={g.example} measure={g.measure} valid={c.numbers.state.valid}
        cost={g.cost} balance={g.balance} balanceError={c.balanceError} infoError={g.infoError}
        tools={<MarketingToggle marked={g.marketing} onChange={g.setMarketing} content={g.content} />}
      />
      <SchedulePanel timed={c.schedule.timed} time={c.schedule.time} error={p?.schedule ?? null} onChange={c.setSchedule} />
      <LinkPreviewDialog preview={g.preview} onClose={g.closePreview} />
    </SendPage>
  )
}
