import { describe, expect, it } from 'vitest'
import { batchFigures, batchPagePath, estimateFinish, reportedOf, signatureOf } from './batch'

const counters = (c: Partial<Parameters<typeof batchFigures>[0]>) => ({
  receive_count: 0, sent_count: 0, success_count: 0, failure_count: 0, unknown_count: 0, timeout_count: 0, ...c,
})

describe('batchFigures', () => {
  it('names waiting what review holds back and pending what still expects its report; finished when neither is left', () => {
    const f = batchFigures(counters({ receive_count: 100, sent_count: 90, success_count: 60, failure_count: 10, unknown_count: 20, timeout_count: 5 }))
    expect(f).toMatchObject({ submitted: 100, waiting: 10, sent: 90, delivered: 60, failed: 10, unknown: 20, pending: 15, finished: false })
    expect(f.rate).toBeCloseTo(60 / 90)
    expect(batchFigures(counters({ receive_count: 10, sent_count: 10, success_count: 8, failure_count: 1, unknown_count: 1, timeout_count: 1 })).finished).toBe(true)
    expect(batchFigures(counters({ receive_count: 3 })).rate).toBeNull()
    expect(batchFigures(counters({ receive_count: 3 })).finished).toBe(false)
  })
})

describe('estimateFinish', () => {
  it('goes by the speed of reports between the first and the last reading of the page', () => {
    // 100 reports in 10 s: 300 left take 30 s more.
    expect(estimateFinish([{ at: 10_000, reported: 0 }, { at: 20_000, reported: 100 }], 300, 0)).toBe(50_000)
  })
  it('with one reading (or none since), goes by the speed since the batch was created', () => {
    expect(estimateFinish([{ at: 10_000, reported: 50 }], 50, 0)).toBe(20_000)
    expect(estimateFinish([{ at: 10_000, reported: 50 }, { at: 12_000, reported: 50 }], 50, 2_000)).toBe(22_000)
  })
  it('says nothing without a report to go by, or when nothing is pending', () => {
    expect(estimateFinish([{ at: 10_000, reported: 0 }], 100, 0)).toBeNull()
    expect(estimateFinish([{ at: 10_000, reported: 5 }], 0, 0)).toBeNull()
    expect(estimateFinish([], 10, 0)).toBeNull()
  })
  it('counts reported records as the sent ones no longer waiting for their report', () => {
    expect(reportedOf(counters({ sent_count: 90, unknown_count: 20, timeout_count: 5 }))).toBe(75)
  })
})

describe('signatureOf and batchPagePath', () => {
  it('reads the 【signature】 a text starts with, and places a batch under its product', () => {
    expect(signatureOf('【艾克米】您好')).toBe('【艾克米】')
    expect(signatureOf('您好【艾克米】')).toBe('')
    expect(batchPagePath('B1', 0)).toBe('/home-sms/batch/B1')
    expect(batchPagePath('B 2', 1)).toBe('/intl-sms/batch/B%202')
  })
})
