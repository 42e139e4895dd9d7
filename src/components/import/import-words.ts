import { ERROR_KEYS } from '@/domain/validation'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import type { RefusedWords } from '../../../workers/sheet-import'

type LL = TranslationFunctions

export const reasonLabel = (LL: LL, reason: string): string =>
  (ERROR_KEYS as readonly string[]).includes(reason) ? LL.errors[reason as (typeof ERROR_KEYS)[number]]() : reason

/** The refused rows' CSV words: its header and each field and reason in the user's language. */
export function refusedWords(LL: LL, fields: readonly string[], fieldLabel: (field: string) => string): RefusedWords {
  const t = LL.sheetImport
  return {
    header: [t.line(), t.field(), t.reason(), ...fields.map(fieldLabel)],
    fields: Object.fromEntries(fields.map((f) => [f, fieldLabel(f)])),
    reasons: Object.fromEntries(ERROR_KEYS.map((k) => [k, reasonLabel(LL, k)])),
  }
}

/** A, B, … Z, AA: the column letters a spreadsheet shows. */
export function columnLetter(index: number): string {
  let s = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}
