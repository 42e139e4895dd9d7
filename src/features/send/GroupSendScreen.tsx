import { SignatureSelect } from '@/components/signature/SignatureSelect'
import { ContentPanel } from './ContentPanel'
import { InteractMarkerButton } from './InteractMarkerButton'
import { MarketingToggle } from './MarketingToggle'
import { NumbersPanel } from './NumbersPanel'
import { ContentTemplatePicker } from './p2p/ContentTemplatePicker'
import { PreviewDialog } from './PreviewDialog'
import { SaveTemplateButton } from './SaveTemplateButton'
import { SchedulePanel } from './SchedulePanel'
import { SendPage } from './SendPage'
import { exampleInteractUrl, useGroupSend } from './use-group-send'

/** /home-sms/group-send: one content to many numbers, now or at a set time. */
export default function GroupSendScreen({ title }: { path: string; title: string }) {
  const g = useGroupSend()
  const { c } = g
  const p = c.problem
  return (
    <SendPage kind="group" title={title} summarize={g.summarize} settle={c.numbers.flush} send={g.send} preview={() => void g.runPreview()} reset={c.reset}>
      <NumbersPanel numbers={c.numbers} problem={p?.numbers ?? null} />
      <ContentPanel
        content={g.content} onChange={g.setContent} measure={g.measure} valid={c.numbers.state.valid}
        cost={g.cost} balance={c.balance} balanceError={c.balanceError} error={p?.content ?? null}
        tools={<>
          <SignatureSelect page="group" content={g.content} onChange={g.setContent} />
          <ContentTemplatePicker onPick={g.pickTemplate} /><SaveTemplateButton content={g.content} marketing={g.marketing} />
          <InteractMarkerButton content={g.content} onChange={g.setContent} urlLength={exampleInteractUrl().length} />
          <MarketingToggle marked={g.marketing} onChange={g.setMarketing} content={g.content} />
        </>}
      />
      <SchedulePanel timed={c.schedule.timed} time={c.schedule.time} error={p?.schedule ?? null} onChange={c.setSchedule} />
      <PreviewDialog preview={g.preview} onClose={g.closePreview} />
    </SendPage>
  )
}
