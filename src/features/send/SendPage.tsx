import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { formatShortcut, registerCommands } from '@/commands'
import { Button } from '@/components/ui/Button'
import { sentBatchPath, type SendKind, type SendResult } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'
import { ConfirmSendDialog, type SendSummary } from './ConfirmSendDialog'
import { SentPanel } from './SentPanel'

export const SEND_SHORTCUT = 'mod+enter'

interface Props {
  /** The send kind: the palette command is `action:send:<kind>`. */
  kind: SendKind
  title: string
  /** Checks the form (showing its problems) and says what the send will do; null when it cannot go ahead. */
  summarize: () => Promise<SendSummary | null>
  /**
   * Brings the form up to date before Send or Preview reads it (the typed numbers counted at once rather than after
   * the typing pause); the latest render's summarize and preview run once it resolves.
   */
  settle?: () => Promise<unknown>
  /** Sends; null when it was refused (the page shows why). */
  send: () => Promise<SendResult | null>
  /** Absent when the kind has no server preview (its page shows one live). */
  preview?: () => void
  reset: () => void
  children: ReactNode
}

/**
 * The frame of every send page: its panels, the Send (Ctrl+Enter, also a palette command while the page is open),
 * Preview and Reset buttons, and the confirmation with numbers, messages, cost, balance after and send time.
 */
export function SendPage({ kind, title, summarize, settle, send, preview, reset, children }: Props) {
  const { LL } = useI18nContext()
  const [summary, setSummary] = useState<SendSummary | null>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<SendResult | null>(null)
  const frame = useRef<HTMLDivElement>(null)

  async function request() {
    if (busy || summary) return
    setBusy(true)
    setSent(null)
    const s = await (settle?.() ?? Promise.resolve())
      .then(() => latest.current.summarize())
      .finally(() => setBusy(false))
    if (s) setSummary(s)
    // Refused: the focus goes to the first field that says why (the numbers box, the content…), once it is drawn.
    else setTimeout(() => frame.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }
  async function confirm() {
    setBusy(true)
    const result = await send().finally(() => setBusy(false))
    if (result) {
      setSummary(null)
      setSent(result)
    }
  }
  const runPreview = preview && (() => void (settle?.() ?? Promise.resolve()).then(() => latest.current.preview?.()))

  // The command and the settled send read the latest render's handlers, so the registry is written once per mount.
  const latest = useRef({ request, summarize, preview })
  useLayoutEffect(() => {
    latest.current = { request, summarize, preview }
  })
  useEffect(
    () =>
      registerCommands([{
        id: `action:send:${kind}`, kind: 'action', group: () => LL.send.group(), label: () => `${title}: ${LL.send.sendCommand()}`,
        shortcut: SEND_SHORTCUT, shortcutInInputs: true, perform: () => latest.current.request(),
      }]),
    [LL, kind, title],
  )

  return (
    <div ref={frame} className="mx-auto flex max-w-4xl flex-col gap-4 p-4" data-testid={`${kind}-send`} data-send-kind={kind}>
      {/* The title is the page header's h1; `title` names the send command. */}
      {sent && <SentPanel result={sent} path={sentBatchPath(kind, sent)} onClose={() => setSent(null)} />}
      {children}
      {/*
        Sticky: Send, Preview and Reset stay in reach while a long form scrolls. Opaque, and stuck at the scrolling
        area's very bottom (below #main's 1rem padding, which sticky positions inside), so no field shows under it.
      */}
      <div
        data-testid="send-actions"
        className="sticky -bottom-4 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-[var(--border)] bg-[var(--bg)] px-4 py-3"
      >
        <Button onClick={() => void request()} busy={busy && !summary} data-testid="send-button">
          {LL.send.actions.send()} <kbd className="text-xs">{formatShortcut(SEND_SHORTCUT)}</kbd>
        </Button>
        {runPreview && <Button variant="secondary" onClick={runPreview} data-testid="preview-button">{LL.send.actions.preview()}</Button>}
        <Button variant="ghost" onClick={reset}>{LL.send.actions.reset()}</Button>
      </div>
      <ConfirmSendDialog summary={summary} busy={busy} onConfirm={() => void confirm()} onClose={() => setSummary(null)} />
    </div>
  )
}
