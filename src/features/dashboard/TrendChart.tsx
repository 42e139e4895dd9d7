import { ResponsiveLine, type LineSeries } from '@nivo/line'
import { useMemo } from 'react'

interface Props {
  /** yyyy-MM-dd per point. */
  axis: readonly string[]
  series: { id: string; values: readonly number[] }[]
  /** Percent scale (0–100) for ratio series. */
  percent?: boolean
  label: string
}

const COLORS = ['var(--primary)', '#16a34a', '#dc2626', '#d97706']

/** A 30-day line chart (nivo). Colours and text follow the console theme's CSS variables. */
export function TrendChart({ axis, series, percent, label }: Props) {
  const data = useMemo<LineSeries[]>(
    () => series.map((s) => ({ id: s.id, data: axis.map((x, i) => ({ x: x.slice(5), y: s.values[i] ?? 0 })) })),
    [axis, series],
  )
  return (
    <figure className="h-64" aria-label={label}>
      <ResponsiveLine
        data={data}
        margin={{ top: 16, right: 24, bottom: 40, left: 56 }}
        colors={COLORS}
        yScale={{ type: 'linear', min: 0, max: percent ? 100 : 'auto' }}
        axisBottom={{ tickRotation: -45, tickValues: axis.filter((_, i) => i % 5 === 0).map((x) => x.slice(5)) }}
        axisLeft={{ format: percent ? (v) => `${v}%` : (v) => Number(v).toLocaleString() }}
        enablePoints={false}
        useMesh
        enableSlices="x"
        theme={{ text: { fill: 'var(--muted)' }, grid: { line: { stroke: 'var(--border)' } }, tooltip: { container: { background: 'var(--surface)', color: 'var(--text)' } } }}
        legends={series.length > 1 ? [{ anchor: 'top-right', direction: 'row', itemWidth: 80, itemHeight: 16, translateY: -16 }] : []}
      />
    </figure>
  )
}
