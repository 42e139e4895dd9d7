import { checkMobile } from './validation'
import { IMPORT_FIELDS, normaliseMobile, parseBirthday, parseGender, type ImportField, type ImportMapping } from './contact-import'

/*
 * The first guess of an import's column mapping, which the user then corrects: header names in both languages
 * first (a cell naming a field), then the content of the columns still free (mobiles, e-mails, genders, dates, short
 * names). A column is never given to two fields. The contacts' rules are the default; another import (the opt-out
 * list's) names its own fields with the same words (src/domain/sheet-import.ts).
 */
const NAMES: Record<ImportField, string[]> = {
  name: ['姓名', '名字', '联系人', '客户姓名', '用户名', 'name', 'fullname', 'contact', 'contactname'],
  mobile: ['手机', '手机号', '手机号码', '移动电话', '电话', '电话号码', '联系电话', '联系方式', '号码', 'mobile', 'mobilephone', 'mobileno', 'phone', 'phoneno', 'phonenumber', 'cell', 'cellphone', 'tel', 'telephone'],
  email: ['邮箱', '电子邮箱', '电子邮件', '邮件', 'email', 'e-mail', 'mail', 'emailaddress'],
  job_number: ['工号', '员工号', '员工编号', '职工号', 'jobnumber', 'jobno', 'employeeno', 'employeeid', 'staffno', 'staffid'],
  gender: ['性别', 'gender', 'sex'],
  birthday: ['生日', '出生日期', '出生年月', '生日日期', 'birthday', 'birthdate', 'dateofbirth', 'dob', 'birth'],
  remark: ['备注', '说明', '附注', 'remark', 'remarks', 'note', 'notes', 'comment', 'comments', 'memo'],
}
/** The words a header cell may name each field with: the contacts' own, for imports of the same fields. */
export const FIELD_NAMES: Readonly<Record<ImportField, readonly string[]>> = NAMES
const KEY = /[\s_*：:（）()#.-]/g
const normalName = (cell: string) => cell.toLowerCase().replace(KEY, '')

type Test = (cell: string) => boolean

/** How one import's columns are recognised: its fields, the header words of each, the content tests, in order. */
export interface GuessRules {
  fields: readonly string[]
  names: Readonly<Record<string, readonly string[]>>
  content: readonly (readonly [string, Test])[]
}

const lookups = new WeakMap<GuessRules, Map<string, string>>()
function lookupOf(rules: GuessRules): Map<string, string> {
  let lookup = lookups.get(rules)
  if (!lookup) {
    lookup = new Map()
    for (const field of rules.fields) for (const n of rules.names[field] ?? []) lookup.set(normalName(n), field)
    lookups.set(rules, lookup)
  }
  return lookup
}

/** The field a header cell names, or null. */
export function fieldNamed(cell: string, rules: GuessRules = CONTACT_GUESS): string | null {
  return lookupOf(rules).get(normalName(cell)) ?? null
}

export const noMapping = (rules: GuessRules = CONTACT_GUESS): ImportMapping =>
  Object.fromEntries(rules.fields.map((f) => [f, -1])) as ImportMapping

/** Index of the header row among the first rows (the first with two cells naming fields, or one naming the mobile), or -1. */
export function findHeaderRow(rows: readonly (readonly string[])[], within = 5, rules: GuessRules = CONTACT_GUESS): number {
  for (let r = 0; r < Math.min(rows.length, within); r++) {
    const named = rows[r].map((c) => fieldNamed(c, rules)).filter((f) => f !== null)
    if (named.length >= 2 || named.includes('mobile')) return r
  }
  return -1
}

/** A column of mobiles (spaces, dashes, +86 allowed). */
export const isMobileCell: Test = (c) => checkMobile(normaliseMobile(c)) === null
const CONTENT: [ImportField, Test][] = [
  ['mobile', isMobileCell],
  ['email', (c) => c.includes('@')],
  ['gender', (c) => parseGender(c) > 0],
  ['birthday', (c) => /\D/.test(c.trim()) && !!parseBirthday(c)],
  ['name', (c) => c.trim().length > 0 && c.trim().length <= 20 && !/\d|@/.test(c)],
]
export const CONTACT_GUESS: GuessRules = { fields: IMPORT_FIELDS, names: NAMES, content: CONTENT }

/** Share of a column's filled cells a content test must pass to name the column. */
const CONTENT_SHARE = 0.6

export function guessMapping(header: readonly string[] | null, sample: readonly (readonly string[])[], rules: GuessRules = CONTACT_GUESS): ImportMapping {
  const mapping = noMapping(rules)
  const taken = new Set<number>()
  header?.forEach((cell, column) => {
    const field = fieldNamed(cell, rules)
    if (field && mapping[field] < 0) {
      mapping[field] = column
      taken.add(column)
    }
  })
  const columns = Math.max(header?.length ?? 0, ...sample.map((r) => r.length))
  for (const [field, test] of rules.content) {
    if (mapping[field] >= 0) continue
    let best = -1
    let bestShare = CONTENT_SHARE
    for (let c = 0; c < columns; c++) {
      if (taken.has(c)) continue
      const filled = sample.map((r) => r[c] ?? '').filter((v) => v.trim())
      if (!filled.length) continue
      const share = filled.filter(test).length / filled.length
      if (share >= bestShare && (best < 0 || share > bestShare)) {
        best = c
        bestShare = share
      }
    }
    if (best >= 0) {
      mapping[field] = best
      taken.add(best)
    }
  }
  return mapping
}
