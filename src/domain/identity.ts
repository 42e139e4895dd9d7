import { isRealDate } from './input'

/** Weights of GB 11643-1999 for the first 17 characters, and the check character for each sum mod 11. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const CHECK = '10X98765432'

export type IdNumberProblem = 'idNumberFormat' | 'idNumberBirth' | 'idNumberChecksum'

/**
 * The 18-character resident identity number of GB 11643: 6 digits of region, the birth date yyyyMMdd, 3 digits of
 * sequence and the check character (0–9 or X, either case). Returns what is wrong, or null. The birth date must exist
 * and not lie after `today`.
 */
export function idNumberProblem(value: string, today = new Date()): IdNumberProblem | null {
  const v = value.trim().toUpperCase()
  if (!/^\d{17}[\dX]$/.test(v)) return 'idNumberFormat'
  const [y, m, d] = [Number(v.slice(6, 10)), Number(v.slice(10, 12)), Number(v.slice(12, 14))]
  const birth = Date.UTC(y, m - 1, d)
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  if (!isRealDate(y, m, d) || birth > now) return 'idNumberBirth'
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0)
  return CHECK[sum % 11] === v[17] ? null : 'idNumberChecksum'
}

/** Shown on the info page and in answers: region and check character only, e.g. 110105**********3X. */
export const maskIdNumber = (v: string) => (v.length === 18 ? `${v.slice(0, 6)}${'*'.repeat(10)}${v.slice(16)}` : v)
