import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { formatCount } from '@/domain/count-format'
import { useI18nContext } from '@/i18n/i18n-react'
import { money } from './ContentPanel'
import { formatDateTime, parsePlatformMinute } from '@/domain/date-time'
import type { MarketingNotice } from './marketing-notice'

export interface SendSummary {
  numbers: number
  messages: number
  cost: number | null
  balance: number | null
  /** The typed send time (yyyy-MM-dd HH:mm, platform zone: SchedulePanel), or null for now. */
  time: string | null
  /** The whole text as a recipient reads it (signature, an example link or page address filled in), when all read one. */
  text?: string
  /**
   * Recipients on the enterprise's opt-out list (/optOut/check), already left out of the figures above: the server
   * leaves them out of the send too. `mobiles` holds the first of them.
   */
  optedOut?: Removed
  /** Recipients not opted out that have had the day's cap of marketing messages (a marketing send going now), left out alike. */
  overCap?: Removed
  /** The number whose text `text` is, when each recipient reads its own (point-to-point: the first row's). */
  textOf?: string
  /** A marketing send: the hours and cap in force, and when it will go if asked for outside the hours. */
  marketing?: MarketingNotice
}

/** Numbers a rule of the scrub removes: how many, and the first of them. */
export interface Removed {
  count: number
  mobiles: string[]
}

/** Removed numbers named in the confirmation; the rest are counted. */
const REMOVED_NAMED = 5

/** One rule's removed numbers, said before money moves: how many, and the first few by number. */
function RemovedNumbers({ removed, title, shown, testId }: { removed: Removed; title: string; shown: (list: string) => string; testId: string }) {
  const { LL, locale } = useI18nContext()
  const list = removed.mobiles.slice(0, REMOVED_NAMED).join(locale === 'en' ? ', ' : '、')
    + (removed.count > REMOVED_NAMED ? ` ${LL.optOuts.check.more({ count: formatCount(removed.count, locale) })}` : '')
  return (
    <div role="status" data-testid={testId} className="mb-3 rounded border border-[var(--warning)] px-3 py-2 text-sm">
      <p className="font-medium text-[var(--warning)]">{title}</p>
      <p className="text-xs text-[var(--muted)]">{shown(list)}</p>
    </div>
  )
}

interface Props {
  summary: SendSummary | null
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}

/** What the send will do, asked before it goes: the text, numbers, messages, cost, balance after and send time. */
export function ConfirmSendDialog({ summary, busy, onConfirm, onClose }: Props) {
  const { LL, locale } = useI18nContext()
  const t = LL.send.confirm
  const s = summary
  // A time is always shown with its zone: the platform's, whatever zone the browser is in.
  const zoned = (text: string) => `${text} ${LL.common.platformZone()}`
  const chosen = s?.time ? parsePlatformMinute(s.time) : null
  const rows: [string, string][] = s
    ? [
        [t.numbers(), formatCount(s.numbers, locale)],
        [t.messages(), formatCount(s.messages, locale)],
        [t.cost(), s.cost === null ? '—' : money(s.cost, locale)],
        [t.balanceAfter(), s.balance === null || s.cost === null ? '—' : money(s.balance - s.cost, locale)],
        // A marketing send asked for outside its hours goes when they open, as the server will decide.
        [t.sendTime(), s.marketing?.from ? zoned(s.marketing.from) : chosen !== null ? zoned(formatDateTime(chosen)) : t.immediately()],
      ]
    : []
  return (
    <Dialog
      open={!!s}
      onOpenChange={(o) => !o && !busy && onClose()}
      title={t.title()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{LL.common.cancel()}</Button>
          <Button busy={busy} onClick={onConfirm} autoFocus data-testid="confirm-send">{t.sendCount({ count: s ? s.numbers.toLocaleString('en-US') : '' })}</Button>
        </>
      }
    >
      {s?.text && (
        <figure className="mb-3">
          <figcaption className="mb-1 text-xs text-[var(--muted)]">{s.textOf ? t.textOf({ mobile: s.textOf }) : t.text()}</figcaption>
          <p data-testid="send-text" className="whitespace-pre-wrap break-all rounded border border-[var(--border)] bg-[var(--surface-2)] px-3 py-2 text-sm">{s.text}</p>
        </figure>
      )}
      {s?.optedOut && s.optedOut.count > 0 && (
        <RemovedNumbers removed={s.optedOut} testId="send-opted-out" title={LL.optOuts.check.removed({ count: formatCount(s.optedOut.count, locale) })}
          shown={(list) => LL.optOuts.check.shown({ list })} />
      )}
      {s?.overCap && s.overCap.count > 0 && (
        <RemovedNumbers removed={s.overCap} testId="send-over-cap" title={LL.marketing.send.overCap({ count: formatCount(s.overCap.count, locale) })}
          shown={(list) => LL.marketing.send.overCapShown({ list })} />
      )}
      {s?.marketing && (
        <div role="status" data-testid="send-marketing"
          className={`mb-3 rounded border px-3 py-2 text-sm ${s.marketing.from ? 'border-[var(--warning)]' : 'border-[var(--border)]'}`}>
          {s.marketing.from && <p className="font-medium text-[var(--warning)]">{(s.time ? LL.marketing.send.timedMove : LL.marketing.send.windowMove)({ time: s.marketing.from })}</p>}
          <p className="text-xs text-[var(--muted)]">{LL.marketing.settings.effective({ start: s.marketing.start, end: s.marketing.end, cap: String(s.marketing.cap) })}</p>
        </div>
      )}
      <dl data-testid="send-summary" className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-[var(--muted)]">{k}</dt>
            <dd className="font-medium">{v}</dd>
          </div>
        ))}
      </dl>
      {busy && s && (
        <p role="status" data-testid="send-submitting" className="mt-3 text-sm text-[var(--muted)]">
          {t.submitting({ count: formatCount(s.numbers, locale) })}
        </p>
      )}
    </Dialog>
  )
}
