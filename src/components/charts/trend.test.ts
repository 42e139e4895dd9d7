import { describe, expect, it } from 'vitest'
import { buildTrend, isoDay, listToday, ROLE_COLORS, tickDays, tooltipLine } from './trend'

const axis = Array.from({ length: 30 }, (_, i) => isoDay(new Date(2026, 9, 26 + i)))

describe('dashboard trend data', () => {
  it('colours series by what they mean, keeps their order, and marks today as the partial point', () => {
    const { data, partialIndex } = buildTrend(
      axis,
      [
        { id: 'ok', role: 'success', values: [1] },
        { id: 'bad', role: 'failure', values: [2] },
        { id: '?', role: 'unknown', values: [3] },
      ],
      axis[29]!,
    )
    expect(data.map((s) => [s.id, s.color])).toEqual([
      ['ok', ROLE_COLORS.success],
      ['bad', ROLE_COLORS.failure],
      ['?', ROLE_COLORS.unknown],
    ])
    expect(ROLE_COLORS.success).not.toBe(ROLE_COLORS.failure)
    expect(partialIndex).toBe(29)
    expect(data[0]!.data[1]).toEqual({ x: axis[1], y: 0 })
  })

  it('keeps a day without a value as a gap (null), not as zero', () => {
    expect(buildTrend(axis.slice(0, 2), [{ id: 'r', role: 'success', values: [null, 50] }], '2099-01-01').data[0]!.data.map((p) => p.y)).toEqual([null, 50])
  })

  it('marks nothing partial when the axis ends before today', () => {
    expect(buildTrend(axis, [{ id: 's', role: 'sent', values: [] }], '2099-01-01').partialIndex).toBe(-1)
  })

  it('labels about as many days as fit, ending on the last one', () => {
    const ticks = tickDays(axis, 7)
    expect(ticks.length).toBeLessThanOrEqual(8)
    expect(ticks.at(-1)).toBe(axis[29])
    expect(tickDays(axis.slice(0, 5), 7)).toHaveLength(5)
  })

  it('puts the date and grouped numbers on one line, saying when the day is not over', () => {
    expect(tooltipLine('11-23', [{ id: '发送量', value: 105000 }], false, '今日，未完')).toBe('11-23 (今日，未完) · 发送量 105,000')
    expect(tooltipLine('11-22', [{ id: 'ok', value: 97.5 }, { id: 'bad', value: 2.5 }], true, null)).toBe('11-22 · ok 97.5% · bad 2.5%')
  })
})

describe('listToday', () => {
  it('is the calendar day in Asia/Shanghai, the server axis\' zone, whatever the browser\'s', () => {
    expect(listToday(Date.UTC(2026, 10, 24, 15, 59))).toBe('2026-11-24')
    expect(listToday(Date.UTC(2026, 10, 24, 16, 0))).toBe('2026-11-25')
    expect(listToday(Date.UTC(2026, 11, 31, 16, 30))).toBe('2027-01-01')
  })
})
