import { checkMobile } from './validation'
import { IMPORT_FIELDS, normaliseMobile, parseBirthday, parseGender, type ImportField, type ImportMapping } from './contact-import'

/*
 * The first guess of the import's column mapping, which the user then corrects: header names in both languages
 * first (a cell naming a field), then the content of the columns still free (mobiles, e-mails, genders, dates, short
 * names). A column is never given to two fields.
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
const KEY = /[\s_*：:（）()#.-]/g
const normalName = (cell: string) => cell.toLowerCase().replace(KEY, '')
const LOOKUP = new Map<string, ImportField>()
for (const field of IMPORT_FIELDS) for (const n of NAMES[field]) LOOKUP.set(normalName(n), field)

/** The field a header cell names, or null. */
export function fieldNamed(cell: string): ImportField | null {
  return LOOKUP.get(normalName(cell)) ?? null
}

export const noMapping = (): ImportMapping => ({ name: -1, mobile: -1, email: -1, job_number: -1, gender: -1, birthday: -1, remark: -1 })

/** Index of the header row among the first rows (the first with two cells naming fields, or one naming the mobile), or -1. */
export function findHeaderRow(rows: readonly (readonly string[])[], within = 5): number {
  for (let r = 0; r < Math.min(rows.length, within); r++) {
    const named = rows[r].map(fieldNamed).filter((f) => f !== null)
    if (named.length >= 2 || named.includes('mobile')) return r
  }
  return -1
}

type Test = (cell: string) => boolean
const CONTENT: [ImportField, Test][] = [
  ['mobile', (c) => checkMobile(normaliseMobile(c)) === null],
  ['email', (c) => c.includes('@')],
  ['gender', (c) => parseGender(c) > 0],
  ['birthday', (c) => /\D/.test(c.trim()) && !!parseBirthday(c)],
  ['name', (c) => c.trim().length > 0 && c.trim().length <= 20 && !/\d|@/.test(c)],
]
/** Share of a column's filled cells a content test must pass to name the column. */
const CONTENT_SHARE = 0.6

export function guessMapping(header: readonly string[] | null, sample: readonly (readonly string[])[]): ImportMapping {
  const mapping = noMapping()
  const taken = new Set<number>()
  header?.forEach((cell, column) => {
    const field = fieldNamed(cell)
    if (field && mapping[field] < 0) {
      mapping[field] = column
      taken.add(column)
    }
  })
  const columns = Math.max(header?.length ?? 0, ...sample.map((r) => r.length))
  for (const [field, test] of CONTENT) {
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
