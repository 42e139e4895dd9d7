import { useId, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { SCHEDULE_QUICK_CHOICES_MINUTES } from '@/domain/constants'
import { MINUTE_PATTERN } from '@/domain/date-time'
import { useI18nContext } from '@/i18n/i18n-react'
import { quickChoice, scheduleProblem, stepMinutes } from './schedule'

interface Props {
  timed: boolean
  time: string
  error: string | null
  onChange: (next: { timed: boolean; time: string }) => void
}

const STEPS: Record<string, number> = { ArrowUp: 1, ArrowDown: -1, PageUp: 60, PageDown: -60 }

/**
 * Optional timed send: a time typed as yyyy-MM-dd HH:mm in the platform's zone (named beside the field), at least 10
 * minutes ahead, or one of the quick choices. The text stays as typed whatever is wrong with it; a text that is no
 * time is said on leaving the field, and every problem again when the send is asked for.
 */
export function SchedulePanel({ timed, time, error, onChange }: Props) {
  const { LL } = useI18nContext()
  const t = LL.send.schedule
  const id = useId()
  const [shapeError, setShapeError] = useState(false)
  const label = (m: number) => (m % 60 === 0 ? t.hours({ n: m / 60 }) : t.minutes({ n: m }))
  const example = quickChoice(60)
  const shown = error ?? (shapeError ? t.format({ example }) : null)
  const set = (next: string) => {
    if (shapeError && scheduleProblem(next) !== 'format') setShapeError(false)
    onChange({ timed, time: next })
  }
  const typed = (e: React.ChangeEvent<HTMLInputElement>) => set(e.target.value)
  const checkShape = () => setShapeError(scheduleProblem(time) === 'format')
  // The arrow keys move the time a minute, PageUp/PageDown an hour (from ten minutes ahead when empty).
  const stepByKeys = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const step = STEPS[e.key]
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return
    e.preventDefault()
    set(stepMinutes(time.trim() ? time : quickChoice(10), time.trim() ? step : 0))
  }

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
            <div className="flex items-center gap-2">
              <input
                id={id}
                type="text"
                data-testid="timed-time"
                value={time}
                placeholder={MINUTE_PATTERN}
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                aria-invalid={shown ? true : undefined}
                aria-describedby={`${id}-zone ${id}-hint${shown ? ` ${id}-err` : ''}`}
                onChange={typed}
                onBlur={checkShape}
                onKeyDown={stepByKeys}
                className="w-44 rounded border border-[var(--field-border)] bg-[var(--surface)] px-3 py-2 font-mono text-sm tabular-nums"
              />
              <span id={`${id}-zone`} data-testid="timed-zone" className="text-sm text-[var(--muted)]">{LL.common.platformZone()}</span>
            </div>
            <span id={`${id}-hint`} className="text-xs text-[var(--muted)]">{t.hint({ example })}</span>
          </div>
          <div role="group" aria-label={t.quick()} className="flex gap-2">
            {SCHEDULE_QUICK_CHOICES_MINUTES.map((m) => (
              <Button key={m} variant="secondary" onClick={() => set(quickChoice(m))}>{label(m)}</Button>
            ))}
          </div>
        </div>
      )}
      {timed && shown && <p id={`${id}-err`} role="alert" className="mt-2 text-sm text-[var(--danger)]">{shown}</p>}
    </section>
  )
}
