import { ResponsiveLine, type LineCustomSvgLayerProps, type SliceTooltipProps } from '@nivo/line'
import { useId, useMemo } from 'react'
import { useI18nContext } from '@/i18n/i18n-react'
import { buildTrend, listToday, tickDays, tooltipLine, type TrendSeries, type TrendSeriesInput } from './trend'

interface Props {
  /** yyyy-MM-dd per point; the server's axis ends today. */
  axis: readonly string[]
  series: readonly TrendSeriesInput[]
  /** Percent scale (0–100) for ratio series. */
  percent?: boolean
  label: string
  /**
   * The axis value still under way (a month or year of the statistics), drawn as "so far" when it is the last point;
   * default today's day in the platform's zone, as the overviews' 30 days end.
   */
  partial?: string | null
  /** The words of the point under way: in the tooltip and table, and the note under the chart. */
  partialWords?: { point: string; note: string }
  /** An axis label from its value (default: a day without its year). */
  tickFormat?: (x: string) => string
  /** Chart height in px (default 240). */
  height?: number
}

type Layer = LineCustomSvgLayerProps<TrendSeries>

/**
 * Lines drawn in the series' own order: solid through the finished days, dashed into today with a hollow marker, so a
 * day still in progress never reads as a full day falling to zero. Replaces nivo's "lines" layer.
 */
function truthfulLines(partialIndex: number) {
  return function TruthfulLines({ series, lineGenerator }: Layer) {
    return (
      <g>
        {series.map((s) => {
          const pts = s.data.map((d) => d.position)
          const done = partialIndex >= 0 ? pts.slice(0, partialIndex) : pts
          const today = partialIndex >= 1 ? pts.slice(partialIndex - 1, partialIndex + 1) : []
          const end = partialIndex >= 0 ? pts[partialIndex] : undefined
          return (
            <g key={s.id} data-series={s.id} data-color={s.color}>
              <path d={lineGenerator(done) ?? ''} fill="none" style={{ stroke: s.color }} strokeWidth={2} />
              {/* A day between two gaps (nothing sent the day before and after) has no line to sit on: a dot shows it. */}
              {done.map((p, i) =>
                p.y != null && done[i - 1]?.y == null && (i + 1 < done.length ? done[i + 1]?.y == null : partialIndex < 0 || pts[i + 1]?.y == null)
                  ? <circle key={i} data-lone cx={p.x} cy={p.y} r={2.5} style={{ fill: s.color }} />
                  : null,
              )}
              {today.length === 2 && (
                <path data-partial d={lineGenerator(today) ?? ''} fill="none" style={{ stroke: s.color }} strokeWidth={2} strokeDasharray="4 4" />
              )}
              {end && end.y != null && <circle cx={end.x} cy={end.y} r={3.5} style={{ fill: 'var(--surface)', stroke: s.color }} strokeWidth={2} />}
            </g>
          )
        })}
      </g>
    )
  }
}

/**
 * nivo's defaults are for a white page (black crosshair, white tooltip): every colour here is the theme's, so the dark
 * themes read as well. Labels in muted (4.5:1 on the card), the crosshair in the text colour, grid lines faint.
 */
const CHART_THEME = {
  text: { fill: 'var(--muted)' },
  grid: { line: { stroke: 'var(--border)', strokeDasharray: '2 4' } },
  crosshair: { line: { stroke: 'var(--text)', strokeOpacity: 0.6 } },
  tooltip: { container: { background: 'var(--surface)', color: 'var(--text)' } },
}

/** A 30-day line chart (nivo) with its legend and a note on today's partial day. */
export function TrendChart({ axis, series, percent = false, label, partial, partialWords, tickFormat = (x) => x.slice(5), height = 240 }: Props) {
  const { LL } = useI18nContext()
  const under = partial === undefined ? listToday() : (partial ?? '')
  const { data, partialIndex } = useMemo(() => buildTrend(axis, series, under), [axis, series, under])
  const words = partialWords ?? { point: LL.dashboard.partialDay(), note: LL.dashboard.partialNote() }
  const lines = useMemo(() => truthfulLines(partialIndex), [partialIndex])
  const order = useMemo(() => new Map(data.map((s, i) => [s.id, i])), [data])
  const partialDay = partialIndex >= 0 ? axis[partialIndex] : undefined
  const tableId = useId()

  const SliceTip = ({ slice }: SliceTooltipProps<TrendSeries>) => {
    const pts = [...slice.points].sort((a, b) => (order.get(a.seriesId) ?? 0) - (order.get(b.seriesId) ?? 0))
    const day = String(pts[0]?.data.x ?? '')
    return (
      <div data-testid="trend-tooltip" className="rounded border border-[var(--border)] bg-[var(--surface)] px-2 py-1 text-xs whitespace-nowrap text-[var(--text)] shadow">
        {tooltipLine(day, pts.map((p) => ({ id: String(p.seriesId), value: Number(p.data.y) })), percent, day === partialDay ? words.point : null)}
      </div>
    )
  }

  return (
    <figure aria-label={label} data-testid="trend-chart">
      <ul className="mb-1 flex flex-wrap gap-4 text-xs text-[var(--muted)]" data-testid="trend-legend">
        {data.map((s) => (
          <li key={s.id} className="inline-flex items-center gap-1.5" data-color={s.color}>
            <span aria-hidden className="inline-block h-0.5 w-4" style={{ background: s.color }} />
            {s.id}
          </li>
        ))}
      </ul>
      <div style={{ height }}>
        <ResponsiveLine<TrendSeries>
          data={data}
          margin={{ top: 8, right: 16, bottom: 28, left: 56 }}
          colors={(s) => s.color}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: percent ? 100 : 'auto' }}
          axisBottom={{ tickRotation: 0, tickSize: 0, tickPadding: 8, tickValues: tickDays(axis, 7), format: (x) => tickFormat(String(x)) }}
          axisLeft={{ tickValues: 4, tickSize: 0, tickPadding: 8, format: percent ? (v) => `${v}%` : (v) => Number(v).toLocaleString('en-US') }}
          enableGridX={false}
          gridYValues={4}
          enablePoints={false}
          enableSlices="x"
          sliceTooltip={SliceTip}
          layers={['grid', 'axes', lines, 'crosshair', 'slices']}
          theme={CHART_THEME}
          role="img"
          ariaLabel={label}
          ariaDescribedBy={tableId}
        />
      </div>
      <TrendTable id={tableId} caption={label} axis={axis} data={data} percent={percent} partialDay={partialDay} partialWord={words.point} />
      {partialDay && <figcaption className="mt-1 text-xs text-[var(--muted)]" data-testid="trend-partial-note">{words.note}</figcaption>}
    </figure>
  )
}

/** The chart's figures as a table, for screen readers (the picture's text alternative); not shown on screen. */
function TrendTable({ id, caption, axis, data, percent, partialDay, partialWord }: {
  id: string; caption: string; axis: readonly string[]; data: readonly TrendSeries[]; percent: boolean; partialDay?: string; partialWord: string
}) {
  const { LL } = useI18nContext()
  const fmt = (v: number | null) => (v == null ? '—' : percent ? `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}%` : v.toLocaleString('en-US'))
  return (
    <table id={id} className="sr-only" data-testid="trend-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{LL.dashboard.day()}</th>
          {data.map((s) => <th key={s.id} scope="col">{s.id}</th>)}
        </tr>
      </thead>
      <tbody>
        {axis.map((day, i) => (
          <tr key={day}>
            <th scope="row">{day === partialDay ? `${day} (${partialWord})` : day}</th>
            {data.map((s) => <td key={s.id}>{fmt(s.data[i]?.y ?? null)}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
