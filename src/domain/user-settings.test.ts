import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { fieldErrors } from './field-errors'
import { certificationSchema, modifyMobileSchema, passwordChangeSchema } from './user-settings'

const check = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : fieldErrors(r.error, input)
}

describe('passwordChangeSchema (spec section 5)', () => {
  const change = (oldPassword: string, newPassword: string, confirmPassword = newPassword) =>
    check(passwordChangeSchema, { oldPassword, newPassword, confirmPassword })

  it('accepts 8+ characters with upper, lower, digit and special', () => {
    expect(change('old', 'Abcdef1!')).toEqual({})
  })

  it('names each missing kind, a short one, the old one again, a different confirmation', () => {
    expect(change('old', 'abcdefg1!')).toEqual({ newPassword: 'passwordComplexity' })
    expect(change('old', 'ABCDEFG1!')).toEqual({ newPassword: 'passwordComplexity' })
    expect(change('old', 'Abcdefgh!')).toEqual({ newPassword: 'passwordComplexity' })
    expect(change('old', 'Abcdefgh1')).toEqual({ newPassword: 'passwordComplexity' })
    expect(change('old', 'Abcd1!x')).toEqual({ newPassword: 'passwordComplexity' })
    expect(change('Abcdef1!', 'Abcdef1!')).toEqual({ newPassword: 'passwordSameAsOld' })
    expect(change('old', 'Abcdef1!', 'Abcdef1?')).toEqual({ confirmPassword: 'passwordMismatch' })
  })

  it('requires all three', () => {
    expect(change('', '', '')).toEqual({ oldPassword: 'required', newPassword: 'required', confirmPassword: 'required' })
  })

  it('bounds the length so the sealed password fits one RSA block', () => {
    expect(change('old', `Aa1!${'x'.repeat(61)}`)).toEqual({ newPassword: 'tooLong' })
  })
})

describe('other settings schemas', () => {
  it('word each bad field with its rule', () => {
    expect(check(modifyMobileSchema, { mobile: '010-12345678', code: '12345', uuid: 'uuid-0001' })).toEqual({
      mobile: 'mobileFormat', code: 'smsCodeFormat',
    })
    expect(check(certificationSchema, { realName: 'A', idNumber: '110105194912310021', phone: '1380013800' })).toEqual({
      realName: 'personName', idNumber: 'idNumberChecksum', phone: 'mobileLength',
    })
    expect(check(certificationSchema, { realName: '\u0000', idNumber: 5 })).toEqual({
      realName: 'invalidValue', idNumber: 'invalidValue', phone: 'required',
    })
  })
})
