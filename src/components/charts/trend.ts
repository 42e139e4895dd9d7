/*
 * The data side of the dashboards' trend charts ("dashboards that tell the truth"): colours that mean what
 * they show, the series in the order given (legend and tooltip alike), today's point marked as partial rather than
 * drawn as a full day, and few enough axis labels that they fit without tilting.
 */
import { TZDate } from '@date-fns/tz'
import { LIST_TIME_ZONE } from '@/domain/lists/query'

export type SeriesRole = 'sent' | 'success' | 'failure' | 'unknown'

/**
 * Success green, failure red, unknown grey, plain volume in the primary: the theme's own status, muted and primary
 * colours (src/app/themes.css), so every theme and a chosen primary draw them at 3:1 or more on the chart's card
 * (src/app/themes.test.ts pins each variable named here). Drawn through style, not SVG attributes, which take no var().
 */
export const ROLE_COLORS: Record<SeriesRole, string> = {
  sent: 'var(--primary)',
  success: 'var(--success)',
  failure: 'var(--danger)',
  unknown: 'var(--muted)',
}

export interface TrendSeriesInput {
  id: string
  role: SeriesRole
  /** null: no value that day (a ratio of a day with nothing sent), drawn as a gap, not as 0. */
  values: readonly (number | null)[]
}

export interface TrendPoint {
  x: string
  y: number | null
}

export interface TrendSeries {
  id: string
  color: string
  data: TrendPoint[]
}

/** yyyy-MM-dd of a date in its own calendar (the browser's for a Date, the zone's for a TZDate). */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/**
 * Today as the server's axis names it: the calendar day in LIST_TIME_ZONE, where the rollups' days are. The browser's
 * own day differs from 16:00 UTC on for a browser on UTC (or anywhere west of Shanghai), and today's partial point
 * was then not marked at all.
 */
export const listToday = (now = Date.now()): string => isoDay(new TZDate(now, LIST_TIME_ZONE))

/**
 * The chart's series and which point is partial: the last one when the axis ends today (the server's axis runs up to
 * and including today, whose counts are still growing). Labels drop the year: 30 days never span two of them in a
 * way the tooltip (full date) would not show.
 */
export function buildTrend(axis: readonly string[], series: readonly TrendSeriesInput[], today: string) {
  const data: TrendSeries[] = series.map((s) => ({
    id: s.id,
    color: ROLE_COLORS[s.role],
    data: axis.map((x, i) => ({ x, y: s.values[i] === undefined ? 0 : s.values[i] })),
  }))
  const partialIndex = axis.length > 0 && axis[axis.length - 1] === today ? axis.length - 1 : -1
  return { data, partialIndex }
}

/** About `fit` evenly spaced axis labels, always including the last day, so none need tilting. */
export function tickDays(axis: readonly string[], fit: number): string[] {
  if (axis.length <= fit) return [...axis]
  const step = Math.ceil(axis.length / Math.max(1, fit))
  const last = axis.length - 1
  return axis.filter((_, i) => (last - i) % step === 0)
}

/** One line of tooltip: "05-12 · 发送量 12,345 · …", numbers grouped the console's one way. */
export function tooltipLine(day: string, values: readonly { id: string; value: number }[], percent: boolean, partial: string | null): string {
  const fmt = (v: number) => (percent ? `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}%` : v.toLocaleString('en-US'))
  const head = partial ? `${day} (${partial})` : day
  return [head, ...values.map((v) => `${v.id} ${fmt(v.value)}`)].join(' · ')
}
