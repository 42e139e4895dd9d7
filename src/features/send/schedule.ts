import { SCHEDULE_MIN_AHEAD_MINUTES } from '@/domain/constants'
import { formatPlatformMinute, parsePlatformMinute } from '@/domain/date-time'

/*
 * A timed send's time is typed as `yyyy-MM-dd HH:mm` in the platform's zone (Asia/Shanghai), the zone the batch
 * lists, the statistics and the confirmation show, whatever zone the browser is in. The field holds that text as
 * typed; the payload gets the instant it names (timing_time, ISO 8601 with its offset).
 */

/** A quick choice: `minutes` from now, plus one minute so the choice is still far enough ahead when it is sent. */
export const quickChoice = (minutes: number, now = Date.now()) => formatPlatformMinute(now + (minutes + 1) * 60_000)

export type ScheduleProblem = 'required' | 'format' | 'tooSoon'

/** Why a timed send's time cannot be used (spec section 5: at least 10 minutes ahead), or null when it can. */
export function scheduleProblem(text: string, now = Date.now()): ScheduleProblem | null {
  if (!text.trim()) return 'required'
  const t = parsePlatformMinute(text)
  if (t === null) return 'format'
  return t - now >= SCHEDULE_MIN_AHEAD_MINUTES * 60_000 ? null : 'tooSoon'
}

/** The payload's timing_time (ISO 8601 in UTC) for the typed platform time; call only once scheduleProblem is null. */
export function toIso(text: string): string {
  const t = parsePlatformMinute(text)
  if (t === null) throw new RangeError(`not a platform time: ${text}`)
  return new Date(t).toISOString()
}

/** The typed time moved by `minutes` (the field's arrow keys); an unreadable text is left as it is. */
export function stepMinutes(text: string, minutes: number): string {
  const t = parsePlatformMinute(text)
  return t === null ? text : formatPlatformMinute(t + minutes * 60_000)
}
