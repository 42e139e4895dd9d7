import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mobileText, optionalMobileText } from './input'
import { isMobile, isMobileValue, OPTIONAL_MOBILE, PREFIXED_MOBILE } from './mobile'
import { checkMobile } from './validation'

describe('the mainland mobile rule', () => {
  it('takes 11 digits, 1 then 3–9, and nothing else', () => {
    for (const ok of ['13800138000', '19912345678', '15000000000']) expect(isMobile(ok), ok).toBe(true)
    for (const bad of ['12800138000', '10800138000', '23800138000', '1380013800', '138001380000', '1380013800a', ' 13800138000', '+8613800138000', ''])
      expect(isMobile(bad), bad).toBe(false)
  })

  it('reads the same on the number an 11-digit entry is, as on its text', () => {
    fc.assert(fc.property(fc.integer({ min: 1e10, max: 99_999_999_999 }), (n) => {
      expect(isMobileValue(n)).toBe(isMobile(String(n)))
    }))
  })

  it('takes the optional form empty or as a mobile, and captures the digits after a China prefix', () => {
    expect(OPTIONAL_MOBILE.test('')).toBe(true)
    expect(OPTIONAL_MOBILE.test('13800138000')).toBe(true)
    expect(OPTIONAL_MOBILE.test('12800138000')).toBe(false)
    for (const prefix of ['', '+86', '0086', '86']) expect(PREFIXED_MOBILE.exec(`${prefix}13800138000`)?.[1]).toBe('13800138000')
    expect(PREFIXED_MOBILE.exec('+8612800138000')).toBeNull()
  })

  it('is the rule of the form check and of the payload fields', () => {
    fc.assert(fc.property(fc.stringMatching(/^1?[0-9]{10,11}$/), (s) => {
      expect(checkMobile(s) === null).toBe(isMobile(s))
      expect(mobileText().safeParse(` ${s} `).success).toBe(isMobile(s))
      expect(optionalMobileText().safeParse(s).success).toBe(isMobile(s))
    }))
    expect(optionalMobileText().safeParse('  ').success).toBe(true)
  })
})
