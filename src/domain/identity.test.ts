import { describe, expect, it } from 'vitest'
import { idNumberProblem, maskIdNumber } from './identity'

describe('idNumberProblem (GB 11643)', () => {
  it('accepts the standard\'s own examples, the check character X in either case', () => {
    expect(idNumberProblem('11010519491231002X')).toBeNull()
    expect(idNumberProblem('11010519491231002x')).toBeNull()
    expect(idNumberProblem('440524188001010014')).toBeNull()
  })

  it('refuses every other check character', () => {
    for (const c of '0123456789X'.replace('X', '')) expect(idNumberProblem(`11010519491231002${c}`)).toBe('idNumberChecksum')
    for (const c of '12356789X') expect(idNumberProblem(`44052418800101001${c}`)).toBe('idNumberChecksum')
  })

  it('refuses a birth date that does not exist or has not come yet', () => {
    expect(idNumberProblem('110105194902300021')).toBe('idNumberBirth')
    expect(idNumberProblem('110105202302290021')).toBe('idNumberBirth')
    expect(idNumberProblem('110105194913010021')).toBe('idNumberBirth')
    expect(idNumberProblem('110105203001010021', new Date('2024-06-01T00:00:00Z'))).toBe('idNumberBirth')
  })

  it('refuses anything but 17 digits and a check character', () => {
    for (const v of ['', '11010519491231002', '1101051949123100211', '11010519491231002Y', 'X10105194912310021', '１１０１０５１９４９１２３１００２X']) {
      expect(idNumberProblem(v), v).toBe('idNumberFormat')
    }
  })

  it('masks all but region and the last two characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105**********2X')
  })
})
