import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { formatShortcut, registerCommands } from '@/commands'
import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import { ConfirmSendDialog, type SendSummary } from './ConfirmSendDialog'
import { ContentPanel } from './ContentPanel'
import { NumbersPanel } from './NumbersPanel'
import { PreviewDialog } from './PreviewDialog'
import { SchedulePanel } from './SchedulePanel'
import { useGroupSend } from './use-group-send'

export const SEND_SHORTCUT = 'mod+enter'

/** /home-sms/group-send: one content to many numbers, now or at a set time. */
export default function GroupSendScreen({ title }: { path: string; title: string }) {
  const { LL } = useI18nContext()
  const g = useGroupSend()
  const [summary, setSummary] = useState<SendSummary | null>(null)
  const [busy, setBusy] = useState(false)

  async function requestSend() {
    if (busy || summary || !g.validate()) return
    setBusy(true)
    const price = await g.ensurePrice().finally(() => setBusy(false))
    const messages = g.measure.messages * g.numbers.state.valid
    setSummary({
      numbers: g.numbers.state.valid, messages, balance: g.balance,
      cost: price === null ? null : price * messages,
      time: g.schedule.timed ? g.schedule.time : null,
    })
  }
  async function confirmSend() {
    setBusy(true)
    const result = await g.send().finally(() => setBusy(false))
    if (result) setSummary(null)
  }

  // The command reads the latest render's handler, so the registry is written once per mount.
  const request = useRef(requestSend)
  useLayoutEffect(() => {
    request.current = requestSend
  })
  useEffect(
    () =>
      registerCommands([{
        id: 'action:send:group', kind: 'action', group: () => LL.send.group(), label: () => `${title}: ${LL.send.sendCommand()}`,
        shortcut: SEND_SHORTCUT, shortcutInInputs: true, perform: () => request.current(),
      }]),
    [LL, title],
  )

  const p = g.problem
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4" data-testid="group-send">
      <h1 className="text-lg font-semibold">{title}</h1>
      <NumbersPanel numbers={g.numbers} />
      {p?.numbers && <p role="alert" className="-mt-2 text-sm text-[var(--danger)]">{p.numbers}</p>}
      <ContentPanel
        content={g.content} onChange={g.setContent} measure={g.measure} valid={g.numbers.state.valid}
        cost={g.cost} balance={g.balance} balanceError={g.balanceError} error={p?.content ?? null}
      />
      <SchedulePanel timed={g.schedule.timed} time={g.schedule.time} error={p?.schedule ?? null} onChange={g.setSchedule} />
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void requestSend()} busy={busy && !summary} data-testid="send-button">
          {LL.send.actions.send()} <kbd className="text-xs opacity-75">{formatShortcut(SEND_SHORTCUT)}</kbd>
        </Button>
        <Button variant="secondary" onClick={() => void g.runPreview()} data-testid="preview-button">{LL.send.actions.preview()}</Button>
        <Button variant="ghost" onClick={g.reset}>{LL.send.actions.reset()}</Button>
      </div>
      <ConfirmSendDialog summary={summary} busy={busy} onConfirm={() => void confirmSend()} onClose={() => setSummary(null)} />
      <PreviewDialog preview={g.preview} onClose={g.closePreview} />
    </div>
  )
}
