import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/Button'
import type { SendResult } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'
import { sentWords } from './sent-words'

/**
 * What the last send did, above the form: its batch id and a link to the batch's page (or timed batch). It takes
 * the focus when it appears, so a keyboard or screen-reader user lands on the id, not on a toast that focus never
 * reaches; it stays until the next Send.
 */
export function SentPanel({ result, path, onClose }: { result: SendResult; path: string; onClose: () => void }) {
  const { LL } = useI18nContext()
  const ref = useRef<HTMLDivElement>(null)
  // After the confirmation has closed and given its focus back (Dialog's giveBack waits a frame too).
  useEffect(() => {
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => ref.current?.focus()))
    return () => cancelAnimationFrame(frame)
  }, [result])
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-testid="send-result"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-[var(--primary)] bg-[var(--surface)] px-4 py-3 text-sm
        outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)]"
    >
      <span className="font-medium">{sentWords(LL, result)}</span>
      {result.over_cap > 0 && <span data-testid="send-result-over-cap">{LL.send.overCap({ count: result.over_cap })}</span>}
      <Link to={path as never} data-testid="send-result-link" className="text-[var(--primary)] underline">
        {result.timed ? LL.send.viewTimed() : LL.send.viewBatch()}
      </Link>
      <Button variant="ghost" size="xs" className="ml-auto" onClick={onClose}>{LL.common.close()}</Button>
    </div>
  )
}
