import { IMPORT_FIELDS, type ImportField } from '@/domain/contact-import'
import { ERROR_KEYS } from '@/domain/validation'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import type { RefusedWords } from '../../../workers/contact-import'

type LL = TranslationFunctions

export function fieldLabel(LL: LL, field: ImportField | string): string {
  const ab = LL.addressBook
  const labels: Record<ImportField, () => string> = {
    name: ab.name, mobile: ab.mobile, email: ab.email, job_number: ab.jobNumber, gender: ab.gender, birthday: ab.birthday, remark: ab.remark,
  }
  return labels[field as ImportField]?.() ?? field
}

export const reasonLabel = (LL: LL, reason: string): string =>
  (ERROR_KEYS as readonly string[]).includes(reason) ? LL.errors[reason as (typeof ERROR_KEYS)[number]]() : reason

/** The refused rows' CSV words: its header and each field and reason in the user's language. */
export function refusedWords(LL: LL): RefusedWords {
  return {
    header: [LL.addressBook.importLine(), LL.addressBook.importField(), LL.addressBook.importReason(), ...IMPORT_FIELDS.map((f) => fieldLabel(LL, f))],
    fields: Object.fromEntries(IMPORT_FIELDS.map((f) => [f, fieldLabel(LL, f)])),
    reasons: Object.fromEntries(ERROR_KEYS.map((k) => [k, reasonLabel(LL, k)])),
  }
}

/** A, B, … Z, AA: the column letters a spreadsheet shows. */
export function columnLetter(index: number): string {
  let s = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}
