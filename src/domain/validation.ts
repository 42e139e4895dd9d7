import { CAPTCHA_LENGTH, CHANGE_PASSWORD_MIN, LOGIN_PASSWORD_MIN, MOBILE_LENGTH, SMS_CODE_LENGTH } from './constants'
import { isMobile } from './mobile'

/**
 * Validation rules of spec section 5. Each check returns null when valid, else an i18n key under `errors.`
 * so the form, the client and the server word the same failure the same way.
 */
export const ERROR_KEYS = [
  'required', 'mobileEmpty', 'mobileLength', 'mobileFormat', 'captchaLength', 'smsCodeFormat', 'passwordTooShort',
  'passwordComplexity', 'passwordSameAsOld', 'passwordMismatch', 'lockPasswordEmpty', 'epIdFormat',
  'tooLong', 'invalidValue', 'personName', 'idNumberFormat', 'idNumberBirth', 'idNumberChecksum',
  'plainTextOnly', 'noSpaces', 'signatureLength', 'signatureBrackets',
  'keywordDuplicate',
] as const
export type ErrorKey = (typeof ERROR_KEYS)[number]
export const isErrorKey = (s: string): s is ErrorKey => (ERROR_KEYS as readonly string[]).includes(s)

const LANDLINE = /^0\d{2,3}-?\d{7,8}$/

export function checkMobile(value: string): ErrorKey | null {
  const v = value.trim()
  if (!v) return 'mobileEmpty'
  if (LANDLINE.test(v)) return 'mobileFormat'
  if (!/^\d+$/.test(v)) return 'mobileFormat'
  if (v.length !== MOBILE_LENGTH) return 'mobileLength'
  return isMobile(v) ? null : 'mobileFormat'
}

export const checkRequired = (value: string): ErrorKey | null => (value.trim() ? null : 'required')

export function checkCaptcha(value: string): ErrorKey | null {
  if (!value.trim()) return 'required'
  return value.trim().length === CAPTCHA_LENGTH ? null : 'captchaLength'
}

export function checkSmsCode(value: string): ErrorKey | null {
  if (!value.trim()) return 'required'
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(value.trim()) ? null : 'smsCodeFormat'
}

export function checkLoginPassword(value: string): ErrorKey | null {
  if (!value) return 'required'
  return value.length >= LOGIN_PASSWORD_MIN ? null : 'passwordTooShort'
}

/** Password change rule: at least 8 characters with upper and lower case letters, digits and special characters. */
export function checkNewPassword(value: string, old?: string): ErrorKey | null {
  if (!value) return 'required'
  if (old !== undefined && value === old) return 'passwordSameAsOld'
  const complex =
    value.length >= CHANGE_PASSWORD_MIN && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value)
  return complex ? null : 'passwordComplexity'
}

export function checkConfirm(value: string, password: string): ErrorKey | null {
  if (!value) return 'required'
  return value === password ? null : 'passwordMismatch'
}

/** Enterprise id at registration: 3 to 32 letters, digits or underscores. */
export function checkEpId(value: string): ErrorKey | null {
  if (!value.trim()) return 'required'
  return /^[A-Za-z0-9_]{3,32}$/.test(value.trim()) ? null : 'epIdFormat'
}
