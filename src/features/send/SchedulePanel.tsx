import { useId } from 'react'
import { Button } from '@/components/ui/Button'
import { SCHEDULE_QUICK_CHOICES_MINUTES } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { quickChoice } from './schedule'

interface Props {
  timed: boolean
  time: string
  error: string | null
  onChange: (next: { timed: boolean; time: string }) => void
}

/** Optional timed send: a local date and time at least 10 minutes ahead, or one of the quick choices. */
export function SchedulePanel({ timed, time, error, onChange }: Props) {
  const { LL } = useI18nContext()
  const t = LL.send.schedule
  const id = useId()
  const label = (m: number) => (m % 60 === 0 ? t.hours({ n: m / 60 }) : t.minutes({ n: m }))
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="mb-2 font-semibold">{t.title()}</h2>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" data-testid="timed-toggle" checked={timed} onChange={(e) => onChange({ timed: e.target.checked, time })} />
        {t.enable()}
      </label>
      {timed && (
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm text-[var(--muted)]">{t.time()}</label>
            <input
              id={id}
              type="datetime-local"
              data-testid="timed-time"
              value={time}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ timed, time: e.target.value })}
              className="rounded border border-[var(--field-border)] bg-[var(--surface)] px-3 py-2 text-sm"
            />
          </div>
          <div role="group" aria-label={t.quick()} className="flex gap-2">
            {SCHEDULE_QUICK_CHOICES_MINUTES.map((m) => (
              <Button key={m} variant="secondary" onClick={() => onChange({ timed, time: quickChoice(m) })}>{label(m)}</Button>
            ))}
          </div>
        </div>
      )}
      {timed && error && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{error}</p>}
    </section>
  )
}
