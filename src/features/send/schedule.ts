import { SCHEDULE_MIN_AHEAD_MINUTES } from '@/domain/constants'

/** The value of a `datetime-local` input (local time, minutes) for a moment. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

/** A quick choice: `minutes` from now, plus one minute so the choice is still far enough ahead when it is sent. */
export const quickChoice = (minutes: number, now = Date.now()) => toLocalInput(now + (minutes + 1) * 60_000)

export type ScheduleProblem = 'required' | 'tooSoon'

/** Why a timed send's time cannot be used (spec section 5: at least 10 minutes ahead), or null when it can. */
export function scheduleProblem(local: string, now = Date.now()): ScheduleProblem | null {
  const t = local ? new Date(local).getTime() : NaN
  if (!Number.isFinite(t)) return 'required'
  return t - now >= SCHEDULE_MIN_AHEAD_MINUTES * 60_000 ? null : 'tooSoon'
}

/** The payload's timing_time (ISO 8601 in UTC) for a datetime-local value. */
export const toIso = (local: string) => new Date(local).toISOString()
