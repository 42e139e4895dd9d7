import { PROD_TYPE } from '@/domain/constants'
import { AccountSelect } from '../AccountSelect'
import { NumbersPanel } from '../NumbersPanel'
import { SchedulePanel } from '../SchedulePanel'
import { SendPage } from '../SendPage'
import { useVideoSend } from './use-video-send'
import { VideoTemplatePanel } from './VideoTemplatePanel'

/** /video-sms/send: an approved video template to many numbers, now or at a set time. */
export default function VideoSendScreen({ title }: { path: string; title: string }) {
  const v = useVideoSend()
  const { c } = v
  const p = c.problem
  return (
    <SendPage kind="video" title={title} summarize={v.summarize} settle={c.numbers.flush} send={v.send} reset={c.reset}>
      {v.chooses && <AccountSelect prodType={PROD_TYPE.video} value={v.cusId} onChange={v.setAccount} error={p?.account ?? null} />}
      <VideoTemplatePanel
        cusId={v.cusId} templates={v.templates} content={v.content} value={v.templateId} onChange={v.setTemplate}
        valid={c.numbers.state.valid} cost={v.cost} balance={v.balance} balanceError={c.balanceError} error={p?.template ?? null}
      />
      <NumbersPanel numbers={c.numbers} problem={p?.numbers ?? null} cusId={v.cusId} accountMissing={v.chooses && !v.cusId} />
      <SchedulePanel timed={c.schedule.timed} time={c.schedule.time} error={p?.schedule ?? null} onChange={c.setSchedule} />
    </SendPage>
  )
}
