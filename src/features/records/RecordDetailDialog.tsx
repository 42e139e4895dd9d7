import { useEffect, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import type { RecordDetail } from '@/domain/batch'
import { carrierCodeKey, failureKind } from '@/domain/carrier-codes'
import { formatDateTime } from '@/domain/date-time'
import { mtSendStatus } from '@/domain/lists/records'
import { formatMoney } from '@/domain/money'
import { OPERATORS } from '@/domain/operators'
import { useI18nContext } from '@/i18n/i18n-react'

const PUSH_STATES = ['waiting', 'delivered', 'failed'] as const

/**
 * A sent record as a message page: its id, what it billed, its operator, its status and what that means, when each
 * step happened, and the report pushes made for it with each attempt. `load` reads it from the server
 * (/mtRecord/detail); until it answers the dialog says so, and a failed read shows the error toast and closes nothing.
 */
export function RecordDetailDialog({ sn, load, onClose }: { sn: number; load: () => Promise<RecordDetail>; onClose: () => void }) {
  const { LL, locale } = useI18nContext()
  const t = LL.batch.record
  const [open, setOpen] = useState(true)
  const [d, setD] = useState<RecordDetail | null>(null)
  useEffect(() => {
    let live = true
    load().then((r) => live && setD(r), () => undefined)
    return () => {
      live = false
    }
  }, [load])
  const close = () => {
    setOpen(false)
    onClose()
  }
  const status = d ? mtSendStatus(d) : null
  const key = d ? carrierCodeKey(d.report_result_desc) : null
  const kind = d && status === 'failure' ? failureKind(d.report_result_desc) : null
  const step = (at: string | null, never: boolean) => (at ? formatDateTime(at) : never ? t.never() : t.notYet())
  const finalStatus = d ? !['waiting', 'review'].includes(status ?? '') : false
  const items: [string, ReactNode][] = d ? [
    [t.messageId(), String(d.sn)],
    [t.mobile(), d.mobile],
    [t.batch(), d.batch_id ?? '—'],
    [LL.lists.columns.content(), d.content],
    [t.segments(), String(d.segments)],
    [t.price(), formatMoney(d.price, locale, 'price')],
    d.country_code ? [t.country(), d.country_code] : [t.operator(), OPERATORS.includes(d.operator as never) || d.operator === 'other' ? LL.batch.operators[d.operator as 'other']() : d.operator],
    ...(status ? [[t.status(), <span key="s" data-testid="record-status">{LL.status[status]()}{d.report_result_desc ? ` · ${d.report_result_desc}` : ''}
      {kind && <span className="ml-2 text-xs text-[var(--muted)]">{LL.carrier.kind[kind]()}</span>}</span>] as [string, ReactNode]] : []),
    ...(key ? [[t.meaning(), <span key="m" data-testid="record-meaning">{LL.carrier.meaning[key]()}</span>] as [string, ReactNode]] : []),
  ] : []
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} width="max-w-2xl" title={t.title({ sn })}
      footer={<Button onClick={close}>{LL.common.close()}</Button>}>
      {!d ? <p className="text-sm text-[var(--muted)]">{t.loading()}</p> : (
        <div data-testid="record-detail" className="space-y-4 text-sm">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
            {items.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-[var(--muted)]">{label}</dt>
                <dd className="break-words whitespace-pre-wrap">{value}</dd>
              </div>
            ))}
          </dl>
          {status !== null && (
            <section aria-label={t.timeline()}>
              <h3 className="mb-1 font-medium">{t.timeline()}</h3>
              <ol data-testid="record-timeline" className="space-y-1 border-l-2 border-[var(--border)] pl-3">
                <li><span className="text-[var(--muted)]">{t.submitted()}</span> {formatDateTime(d.receive_time)}</li>
                <li><span className="text-[var(--muted)]">{t.carrier()}</span> {step(d.carrier_time, finalStatus)}</li>
                <li><span className="text-[var(--muted)]">{t.report()}</span> {step(d.report_time, false)}</li>
              </ol>
            </section>
          )}
          {status !== null && (
            <section aria-label={t.pushes()}>
              <h3 className="mb-1 font-medium">{t.pushes()}</h3>
              {d.pushes.length === 0 ? <p className="text-[var(--muted)]">{t.noPushes()}</p> : (
                <ul data-testid="record-pushes" className="space-y-2">
                  {d.pushes.map((p, i) => (
                    <li key={i}>
                      <div>{t.pushState[PUSH_STATES[p.status] ?? 'waiting']()} · {t.pushQueued({ time: formatDateTime(p.queued_time) })}</div>
                      <ul className="pl-3 text-xs text-[var(--muted)]">
                        {p.attempts.map((a) => (
                          <li key={a.attempt}>{t.attempt({ attempt: a.attempt, time: formatDateTime(a.create_time), result: a.status_code ? `HTTP ${a.status_code}` : a.error })}</li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>
      )}
    </Dialog>
  )
}
