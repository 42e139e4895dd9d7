import { z } from 'zod'
import { isRealDate, isStorableText, serialId } from './input'
import { CONTACT_NAME_MAX, EMAIL_MAX, JOB_NUMBER_MAX, REMARK_MAX } from './address-book-write'
import { checkMobile, type ErrorKey } from './validation'

/*
 * The contacts import (spec sections 5, 7 and 9): a spreadsheet read in the console's worker becomes the
 * mapped, normalised rows the server receives. The row rules live here once: the worker refuses a row with them
 * (line and reason shown before anything is stored) and the server refuses the whole upload with them again.
 *
 * The upload's `rows` part is UTF-8 text, one contact a line: the sheet's line number (as the spreadsheet numbers
 * it), then IMPORT_FIELDS in order, TAB-separated; empty fields at the end may be left out.
 */
export const IMPORT_FIELDS = ['name', 'mobile', 'email', 'job_number', 'gender', 'birthday', 'remark'] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]
/** Sheet column (0-based) of each field, -1 when not imported. */
export type ImportMapping = Record<string, number>

/** The `rows` part at its largest: a million contacts of name, mobile and line (~30 bytes each) fit twice over. */
export const IMPORT_BODY_LIMIT_BYTES = 64 * 1024 * 1024
/** The first sheet rows a header row is looked for in, and may be picked from. */
export const IMPORT_HEADER_ROWS = 5
/** Contacts one import may hold. */
export const IMPORT_ROWS_MAX = 1_000_000

export const importUploadSchema = z.object({ group_id: serialId() })
export const importCommitSchema = z.object({ upload_id: serialId(), idempotency_key: z.string().uuid() })
export type ImportUpload = z.infer<typeof importUploadSchema>
export type ImportCommit = z.infer<typeof importCommitSchema>

/** What the upload answers: nothing is stored in the group yet. */
export interface ImportPreview {
  upload_id: number
  /** Rows received (valid, duplicates included). */
  rows: number
  /** Contacts the import will add. */
  add: number
  /** Mobiles already in the group. */
  in_group: number
  /** Rows repeating a mobile of an earlier row of the file. */
  in_file: number
}
export interface ImportResult {
  upload_id: number
  group_id: number
  added: number
  duplicates: number
}

const FULL_WIDTH_DIGIT = /[\uff10-\uff19]/g
const MOBILE_NOISE = /[\s\u00a0\u3000\-.()（）]/g

/** A mobile as written by people: spaces, dashes, dots, brackets, full-width digits and a +86 / 0086 / 86 prefix go. */
export function normaliseMobile(text: string): string {
  let v = text.replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(MOBILE_NOISE, '')
  if (v.startsWith('+86')) v = v.slice(3)
  else if (v.startsWith('0086') && v.length === 15) v = v.slice(4)
  else if (v.startsWith('86') && v.length === 13) v = v.slice(2)
  return v
}

const GENDERS: Record<string, number> = {
  '': 0, 0: 0, 未知: 0, 保密: 0, unknown: 0, u: 0,
  1: 1, 男: 1, 先生: 1, male: 1, m: 1,
  2: 2, 女: 2, 女士: 2, female: 2, f: 2,
}
/** 0 unknown, 1 male, 2 female, or -1 for a word that is none of them. */
export function parseGender(text: string): number {
  return GENDERS[text.trim().toLowerCase()] ?? -1
}

const YMD = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/
const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/
/** An Excel day number (a date cell read without its format): 1900-03-01 … 2099-12-31. */
const SERIAL = /^\d{2,5}$/
const pad = (n: number) => String(n).padStart(2, '0')
const ymd = (y: number, m: number, d: number) => (isRealDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null)

/**
 * A birthday as spreadsheets hold it: 1990-01-15, 1990/1/15, 1990.1.15, 1990年1月15日, 19900115, Excel's default
 * m/d/yy of a date cell, or the day number of a date cell. yyyy-MM-dd, '' when empty, null when unreadable.
 */
export function parseBirthday(text: string): string | null {
  const v = text.trim()
  if (!v) return ''
  let m = YMD.exec(v) ?? COMPACT.exec(v)
  if (m) return ymd(Number(m[1]), Number(m[2]), Number(m[3]))
  m = MDY.exec(v)
  if (m) {
    const year = Number(m[3]) < 100 ? Number(m[3]) + (Number(m[3]) > 30 ? 1900 : 2000) : Number(m[3])
    return ymd(year, Number(m[1]), Number(m[2]))
  }
  if (SERIAL.test(v) && Number(v) >= 61 && Number(v) <= 73_050) {
    const date = new Date(Date.UTC(1899, 11, 30) + Number(v) * 86_400_000)
    return ymd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
  }
  return null
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX: Partial<Record<ImportField, number>> = { name: CONTACT_NAME_MAX, email: EMAIL_MAX, job_number: JOB_NUMBER_MAX, remark: REMARK_MAX }

export type RowCheck = { ok: true; values: string[] } | { ok: false; field: ImportField; reason: ErrorKey }

/**
 * One contact's cells (IMPORT_FIELDS order, missing ones empty) normalised and checked with the address book's own
 * rules (name and an 11-digit mobile required, lengths, e-mail shape); the first problem refuses the row.
 */
export function checkImportRow(cells: readonly string[]): RowCheck {
  const values = IMPORT_FIELDS.map((_, i) => (cells[i] ?? '').replace(/\s+/g, ' ').trim())
  values[1] = normaliseMobile(values[1])
  const gender = parseGender(values[4])
  const birthday = parseBirthday(values[5])
  for (let i = 0; i < IMPORT_FIELDS.length; i++) {
    const field = IMPORT_FIELDS[i]
    if (!isStorableText(values[i])) return { ok: false, field, reason: 'invalidValue' }
    const max = MAX[field]
    if (max !== undefined && values[i].length > max) return { ok: false, field, reason: 'tooLong' }
  }
  if (!values[0]) return { ok: false, field: 'name', reason: 'required' }
  const mobile = checkMobile(values[1])
  if (mobile) return { ok: false, field: 'mobile', reason: mobile }
  if (values[2] && !EMAIL.test(values[2])) return { ok: false, field: 'email', reason: 'invalidValue' }
  if (gender < 0) return { ok: false, field: 'gender', reason: 'invalidValue' }
  if (birthday === null) return { ok: false, field: 'birthday', reason: 'invalidValue' }
  values[4] = String(gender)
  values[5] = birthday
  return { ok: true, values }
}

/** A `rows` line: the line number then the checked values, empty fields at the end left out. */
export function importLine(line: number, values: readonly string[]): string {
  let end = values.length
  while (end > 0 && (values[end - 1] === '' || (end === 5 && values[4] === '0'))) end--
  return [String(line), ...values.slice(0, end)].join('\t')
}
