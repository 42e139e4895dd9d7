import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useRef, useState } from 'react'
import { BATCH_POLL_MS, batchDetailQuery, batchFailuresQuery } from '@/api/batch'
import { useCommands, withShortcut } from '@/commands/registry'
import { Button } from '@/components/ui/Button'
import { FigureLabel } from '@/components/ui/FigureLabel'
import { batchFigures, batchPagePath, estimateFinish, reportedOf, resendPath, type BatchDetail, type ProgressSample } from '@/domain/batch'
import { formatDateTime } from '@/domain/date-time'
import type { Figure } from '@/domain/figures'
import { formatMoney } from '@/domain/money'
import { useI18nContext } from '@/i18n/i18n-react'
import { canResend, cancellable, cancelRest, downloadFailed, resendBlock, resendFrom } from './batch-actions'
import { FailureGroups } from './FailureGroups'
import { useBatchCommands } from './use-batch-commands'

const FIGURES: Figure[] = ['submitted', 'waiting', 'sent', 'delivered', 'failed', 'unknown']
const FAILURES_EVERY_MS = 15_000
const pct = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 100) : 0)

/**
 * One sent batch, followed live: what was sent (content, signature, sender, time, cost) and how far it has got
 * (submitted, waiting, sent, delivered, failed, unknown, the delivery rate and when it should finish), read from the
 * batch's counters every few seconds while anything is on its way and the page is shown (react-query pauses the
 * interval while the browser tab is hidden), then its failures explained and what to do about them.
 */
export function BatchPage({ batchId }: { batchId: string }) {
  const { LL, locale } = useI18nContext()
  const t = LL.batch
  const navigate = useNavigate()
  const go = useCallback((path: string) => void navigate({ to: path as never }), [navigate])
  const detail = useQuery({
    ...batchDetailQuery(batchId),
    refetchInterval: (q) => (q.state.data && !batchFigures(q.state.data).finished ? BATCH_POLL_MS : false),
  })
  const d = detail.data
  // The groups are read again when the failures grew, at most every FAILURES_EVERY_MS while the batch goes on.
  const failuresAt = !d ? 0 : batchFigures(d).finished ? d.failure_count : Math.floor(Date.parse(d.now) / FAILURES_EVERY_MS)
  const failures = useQuery({
    ...batchFailuresQuery(batchId, failuresAt), enabled: !!d && !d.status_hidden && d.failure_count > 0, placeholderData: (prev) => prev,
  })
  const transient = failures.data?.codes.filter((g) => g.kind === 'transient').reduce((n, g) => n + g.count, 0) ?? 0
  // The readings of this visit, for the speed of reports behind the estimate.
  const samples = useRef<ProgressSample[]>([])
  if (d && samples.current.at(-1)?.at !== Date.parse(d.now)) samples.current = [...samples.current, { at: Date.parse(d.now), reported: reportedOf(d) }].slice(-20)
  const [busy, setBusy] = useState(false)
  const run = useCallback((action: () => Promise<void>) => {
    setBusy(true)
    action().catch(() => undefined).finally(() => setBusy(false))
  }, [])
  useBatchCommands({ detail: d, transient }, go, run)
  const commands = useCommands()

  if (detail.isError) return <p role="alert" className="p-4 text-sm text-[var(--danger)]">{t.notFound({ batchId })}</p>
  if (!d) return <p className="p-4 text-sm text-[var(--muted)]">{t.loading()}</p>
  const f = batchFigures(d)
  const done = f.delivered + f.failed + (d.status_hidden ? 0 : d.timeout_count)
  const finish = f.finished ? null : estimateFinish(samples.current, f.pending, Date.parse(d.create_time))
  const values: Record<string, number> = {
    submitted: f.submitted, waiting: f.waiting, sent: f.sent, delivered: f.delivered, failed: f.failed, unknown: f.unknown,
  }
  const blocked = resendBlock(LL, d)
  const act = (id: string, label: string, enabled: boolean, perform: () => Promise<void> | void, danger = false, reason: string | null = null) => (
    <Button key={id} variant={danger ? 'danger' : 'secondary'} size="sm" disabled={!enabled || busy} data-testid={`batch-${id}`}
      title={reason ?? withShortcut(commands, `batch:${id}`, label)} aria-describedby={reason ? 'batch-resend-blocked' : undefined}
      onClick={() => run(async () => perform())}>{label}</Button>
  )
  return (
    <div className="space-y-4" data-testid="batch-page">
      <header className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-lg font-semibold">{t.title({ batchId: d.batch_id })}</h1>
        <span className="text-sm text-[var(--muted)]" data-testid="batch-state">{f.finished ? t.finished() : t.live({ seconds: BATCH_POLL_MS / 1000 })}</span>
        <div className="ml-auto flex flex-wrap gap-2" role="toolbar" aria-label={t.group()}>
          {act('resend-failed', t.actions.resendFailed(), canResend(d, 'failed', transient), () => resendFrom(LL, locale, d, 'failed', go), false, blocked)}
          {act('resend-unknown', t.actions.resendUnknown(), canResend(d, 'unknown', 0), () => resendFrom(LL, locale, d, 'unknown', go), false, blocked)}
          {act('cancel', t.actions.cancel(), cancellable(d) > 0, () => cancelRest(LL, locale, d), true)}
          {act('download', t.actions.download(), !d.status_hidden && d.failure_count > 0, () => downloadFailed(LL, d))}
        </div>
      </header>
      {blocked && <p id="batch-resend-blocked" className="-mt-2 text-sm text-[var(--muted)]" data-testid="batch-resend-blocked">{blocked}</p>}
      <BatchFacts d={d} />
      <section aria-labelledby="batch-progress" className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4">
        <h2 id="batch-progress" className="mb-3 font-semibold">{t.progress()}</h2>
        {d.status_hidden && <p className="mb-2 text-sm text-[var(--muted)]">{t.statusHidden()}</p>}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="batch-figures">
          {FIGURES.map((k) => (
            <div key={k} className="rounded-md bg-[var(--surface-2)] p-3" data-testid={`batch-figure-${k}`}>
              <dt className="text-xs text-[var(--muted)]"><FigureLabel figure={k} /></dt>
              <dd className="text-xl font-semibold tabular-nums" data-value={values[k]}>{values[k].toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-6 text-sm">
          <div className="flex items-center gap-2">
            <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct(done, f.submitted)} aria-label={t.progressLabel({ pct: pct(done, f.submitted) })}
              data-testid="batch-progressbar" className="h-2 w-48 overflow-hidden rounded bg-[var(--surface-2)] ring-1 ring-[var(--border)]">
              <div className="h-full bg-[var(--primary)] transition-[width]" style={{ width: `${pct(done, f.submitted)}%` }} />
            </div>
            <span className="tabular-nums">{pct(done, f.submitted)}%</span>
          </div>
          <div data-testid="batch-rate"><FigureLabel figure="rate" />{' '}
            <span className="tabular-nums">{f.rate === null || d.status_hidden ? '—' : `${(f.rate * 100).toFixed(1)}%`}</span></div>
          <div data-testid="batch-finish"><span className="text-[var(--muted)]">{t.finish()}</span>{' '}
            {f.finished ? t.finished() : finish ? t.finishAt({ time: formatDateTime(finish) }) : t.finishUnknown()}</div>
        </div>
      </section>
      {!d.status_hidden && <FailureGroups detail={d} groups={d.failure_count > 0 ? failures.data : { codes: [], operators: [] }} />}
    </div>
  )
}

function BatchFacts({ d }: { d: BatchDetail }) {
  const { LL, locale } = useI18nContext()
  const t = LL.batch
  const navigate = useNavigate()
  const open = (path: string) => void navigate({ to: path as never })
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <div className="contents"><dt className="text-[var(--muted)]">{label}</dt><dd data-testid={testId} className="break-words whitespace-pre-wrap">{value}</dd></div>
  )
  const batchLink = (path: string, text: string) => (
    <button type="button" className="text-[var(--primary)] underline-offset-2 hover:underline" onClick={() => open(path)}>{text}</button>
  )
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm" data-testid="batch-facts">
        {row(t.content(), d.content, 'batch-content')}
        {row(t.signature(), d.signature || t.noSignature())}
        {row(t.sender(), `${d.cus_id} ${d.cus_name}`)}
        {d.sender_id && row(t.senderId(), d.sender_id)}
        {row(t.time(), formatDateTime(d.create_time))}
        {row(t.cost(), `${formatMoney(d.cost, locale)} · ${LL.figures.messages.label()} ${d.messages.toLocaleString('en-US')}`, 'batch-cost')}
        {d.opted_out > 0 && row('', t.optedOut({ count: d.opted_out }))}
        {d.resent_from && row('', batchLink(batchPagePath(d.resent_from, d.prod_type), t.resentFrom({ batchId: d.resent_from })))}
        {d.resends.length > 0 && row(t.resends(), <span className="flex flex-wrap gap-3">{d.resends.map((r) =>
          <span key={r.batch_id}>{batchLink(resendPath(r, d.prod_type), r.batch_id)} <span className="text-xs text-[var(--muted)]">
            {t.resendOf[r.target]()}{r.timed && ` · ${t.resendTimedOf()}`}</span></span>)}</span>, 'batch-resends')}
      </dl>
    </section>
  )
}
