import { describe, expect, it } from 'vitest'
import { customerChargeSchema, parseCountryPrices } from './customers'
import { moneyField, signedMoneyField } from './money'

describe('customer payloads', () => {
  it('reads international prices written as "GB 0.21, JP=0.45" and refuses malformed items or repeats', () => {
    expect(parseCountryPrices('GB 0.21, jp=0.45\nHK:0.3')).toEqual([
      { iso: 'GB', price: '0.21' }, { iso: 'JP', price: '0.45' }, { iso: 'HK', price: '0.3' },
    ])
    expect(parseCountryPrices('  ')).toEqual([])
    expect(parseCountryPrices('GB')).toBeNull()
    expect(parseCountryPrices('GBR 0.2')).toBeNull()
    expect(parseCountryPrices('GB 0.12345')).toBeNull()
    expect(parseCountryPrices('GB 0.2, gb 0.3')).toBeNull()
  })

  it('takes money as decimal strings with at most 3 decimals, never zero, negative only for a price adjustment', () => {
    expect(moneyField.safeParse('100.125').success).toBe(true)
    for (const bad of ['0', '0.000', '-1', '1.0001', '1e3', '', 'NaN', '123456789012']) expect([bad, moneyField.safeParse(bad).success]).toEqual([bad, false])
    expect(signedMoneyField.safeParse('-12.5').success).toBe(true)
    expect(customerChargeSchema.safeParse({ cus_id: 'acme', recharge_type: 2, amount: '-5' }).success).toBe(true)
    expect(customerChargeSchema.safeParse({ cus_id: 'acme', recharge_type: 0, amount: '-5' }).success).toBe(false)
    expect(customerChargeSchema.safeParse({ cus_id: 'acme', recharge_type: 3, amount: '5' }).success).toBe(false)
  })
})
