import { placeholder } from '@/domain/send-p2p'
import { PreviewDialog } from '../PreviewDialog'
import { SchedulePanel } from '../SchedulePanel'
import { SendPage } from '../SendPage'
import { RowsPanel, useColumnLabel } from './RowsPanel'
import { TemplatePanel } from './TemplatePanel'
import { useP2pSend } from './use-p2p-send'

/** /home-sms/p2p-send: one message per spreadsheet row, its template filled with the row's values. */
export default function P2pSendScreen({ title }: { path: string; title: string }) {
  const g = useP2pSend()
  const { c, rows } = g
  const p = c.problem
  const a = rows.arranged
  const label = useColumnLabel(a?.names ?? null)
  const mobile = c.fields.mobileColumn
  // {pK} is the K-th column other than the mobile's.
  const placeholders = Array.from({ length: g.valueColumns }, (_, k) => ({ text: placeholder(k + 1), name: label(k < mobile ? k : k + 1) }))
  return (
    <SendPage kind="p2p" title={title} summarize={g.summarize} send={g.send} preview={() => void g.runPreview()} reset={c.reset}>
      <RowsPanel
        rows={rows} fileName={c.fields.fileName} mobileColumn={mobile} firstRowIsHeader={c.fields.firstRowIsHeader}
        onChange={c.setFields} error={p?.rows ?? null}
      />
      <TemplatePanel
        template={g.template} onChange={g.setTemplate} marketing={g.marketing} onMarketing={g.setMarketing} onPick={g.pickTemplate} placeholders={placeholders} alone={g.alone} total={rows.measure}
        measuring={rows.measuring} filled={g.filled} cost={g.cost} balance={c.balance} balanceError={c.balanceError} error={p?.template ?? null}
      />
      <SchedulePanel timed={c.schedule.timed} time={c.schedule.time} error={p?.schedule ?? null} onChange={c.setSchedule} />
      <PreviewDialog preview={g.preview} onClose={g.closePreview} />
    </SendPage>
  )
}
