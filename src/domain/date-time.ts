/**
 * The one rule for the times the console shows: the platform's time zone, Asia/Shanghai, written
 * `yyyy-MM-dd HH:mm:ss` in both languages. The platform's days are Shanghai days (rollups, the daily statistics,
 * batch ids, the names the server gives number-check batches and files), so a time shown in the browser's zone
 * would put a record on another day than the statistics count it, from 16:00 UTC on for a browser on UTC. The
 * numeric order reads the same in Chinese and English and is the one list filters and exported files use; a
 * locale's own pattern ("11/28/2026, 7:05:03 PM") would differ between screens and files.
 */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai'

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: PLATFORM_TIME_ZONE, hourCycle: 'h23',
  year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
})

/** An instant (Date, epoch ms or an ISO string with its zone) as `yyyy-MM-dd HH:mm:ss` in PLATFORM_TIME_ZONE; '' when it is not one. */
export function formatDateTime(at: Date | number | string): string {
  const d = at instanceof Date ? at : new Date(at)
  if (Number.isNaN(d.getTime())) return ''
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/** The calendar day (`yyyy-MM-dd`) of an instant in PLATFORM_TIME_ZONE. */
export const platformDay = (at: Date | number | string): string => formatDateTime(at).slice(0, 10)

/** How a user types a time: `yyyy-MM-dd HH:mm`, in PLATFORM_TIME_ZONE (the zone is named beside every such field). */
export const MINUTE_PATTERN = 'yyyy-MM-dd HH:mm'
const MINUTE_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/

/** An instant as `yyyy-MM-dd HH:mm` in PLATFORM_TIME_ZONE, the text a time field holds. */
export const formatPlatformMinute = (at: Date | number | string): string => formatDateTime(at).slice(0, 16)

/**
 * The instant a `yyyy-MM-dd HH:mm` text names in PLATFORM_TIME_ZONE (surrounding spaces allowed), or null when the text
 * is not one or names no such day or minute (2026-02-30, 24:00). The zone's offset is read from Intl, not assumed.
 */
export function parsePlatformMinute(text: string): number | null {
  const m = MINUTE_TEXT.exec(text.trim())
  if (!m) return null
  const [y, mo, d, h, mi] = m.slice(1).map(Number)
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  const offset = (at: number) => Date.parse(`${formatDateTime(at).replace(' ', 'T')}Z`) - at
  let t = asUtc - offset(asUtc)
  t = asUtc - offset(t)
  return formatPlatformMinute(t) === m[0] ? t : null
}
