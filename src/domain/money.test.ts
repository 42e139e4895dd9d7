import { describe, expect, it } from 'vitest'
import { chargeFor, formatMoney, formatMoneyNumber, roundMoney } from './money'

describe('money', () => {
  it('writes an amount with the decimals its column keeps and the currency of the language', () => {
    expect(formatMoney(50000, 'zh-CN', 'balance')).toBe('50,000.000 元')
    expect(formatMoney(50000, 'en', 'balance')).toBe('CNY 50,000.000')
    expect(formatMoney('4500.045', 'zh-CN')).toBe('4,500.045 元')
    expect(formatMoney(0, 'zh-CN')).toBe('0.000 元')
    expect(formatMoney(0.0455, 'zh-CN', 'price')).toBe('0.0455 元')
    expect(formatMoney(-12.5, 'en', 'balance')).toBe('CNY -12.500')
  })

  it('rounds to the kept decimals, never showing a figure the server cannot hold', () => {
    expect(formatMoneyNumber(49819.7754, 'balance')).toBe('49,819.775')
    expect(formatMoneyNumber(49819.7755, 'balance')).toBe('49,819.776')
    expect(formatMoneyNumber(0.04555, 'price')).toBe('0.0456')
    expect(formatMoneyNumber('not a number')).toBe('not a number')
  })

  it('rounds half away from zero without binary noise, as a numeric column does', () => {
    // 4500.045 * 1000 is 4500044.999999999 in binary floating point.
    expect(roundMoney(4500.045)).toBe(4500.045)
    expect(roundMoney(0.0005)).toBe(0.001)
    expect(roundMoney(-0.0005)).toBe(-0.001)
    expect(roundMoney(1.23456, 4)).toBe(1.2346)
    expect(Object.is(roundMoney(-0.0001), 0)).toBe(true)
  })

  it('bills messages × unit price once, rounded as the balance is stored', () => {
    expect(chargeFor(100_001, 0.045)).toBe(4500.045)
    expect(chargeFor(3, 0.0455)).toBe(0.137)
    expect(chargeFor(0, 0.05)).toBe(0)
    // The estimate and the confirmation show one figure: the same computation, the same string.
    expect(formatMoney(chargeFor(100_001, 0.045), 'zh-CN')).toBe('4,500.045 元')
  })
})
