import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkImportRow, IMPORT_FIELDS, importLine, normaliseMobile, parseBirthday, parseGender, type ImportField } from './contact-import'
import { fieldNamed, findHeaderRow, guessMapping } from './contact-import-guess'

const HEADERS: Record<ImportField, string[]> = {
  name: ['姓名', 'Name', ' NAME ', '联系人'],
  mobile: ['手机号码', 'Mobile', 'phone number', '手机号*'],
  email: ['邮箱', 'E-mail', 'Email'],
  job_number: ['工号', 'Job number', 'employee_no'],
  gender: ['性别', 'Gender', 'sex'],
  birthday: ['生日', '出生日期', 'Birthday', 'date of birth'],
  remark: ['备注', 'Remark', 'Notes'],
}
const mobile = fc.integer({ min: 13_000_000_000, max: 19_999_999_999 }).map(String)
const name = fc.constantFrom('张三', '李四', 'Li Lei', 'Han Meimei', '欧阳娜娜', 'Jim')
const email = fc.tuple(fc.constantFrom('a', 'li', 'zhang.san'), fc.constantFrom('example.com', 'qq.com')).map(([u, d]) => `${u}@${d}`)
const gender = fc.constantFrom('男', '女', 'male', 'F')
const CONTENT = { mobile, name, email, gender } as const
type ContentField = keyof typeof CONTENT

describe('column guess (property tests)', () => {
  it('a header naming every field, in any order and either language, maps each field to its column', () => {
    fc.assert(fc.property(
      fc.shuffledSubarray([...IMPORT_FIELDS], { minLength: 1 }),
      fc.array(fc.nat(3), { minLength: 7, maxLength: 7 }),
      (fields, variants) => {
        const header = fields.map((f, i) => HEADERS[f][variants[i] % HEADERS[f].length])
        const mapping = guessMapping(header, [])
        for (const f of IMPORT_FIELDS) expect(mapping[f]).toBe(fields.indexOf(f))
      }))
  })

  it('without a header, mobiles, e-mails, genders and names are found by their content wherever they stand', () => {
    fc.assert(fc.property(
      fc.shuffledSubarray(['mobile', 'name', 'email', 'gender'] as ContentField[], { minLength: 2 }).filter((f) => f.includes('mobile')),
      fc.integer({ min: 1, max: 15 }),
      fc.nat(),
      (fields, count, seed) => {
        const rows = fc.sample(fc.tuple(...fields.map((f) => CONTENT[f])), { numRuns: count, seed })
        const mapping = guessMapping(null, rows)
        fields.forEach((f, i) => expect(mapping[f]).toBe(i))
      }))
  })

  it('never gives one column to two fields, whatever the cells', () => {
    const cell = fc.oneof(fc.string(), mobile, email, gender, name, fc.constantFrom(...Object.values(HEADERS).flat()))
    fc.assert(fc.property(fc.option(fc.array(cell, { maxLength: 8 })), fc.array(fc.array(cell, { maxLength: 8 }), { maxLength: 10 }), (header, sample) => {
      const used = Object.values(guessMapping(header, sample)).filter((c) => c >= 0)
      expect(new Set(used).size).toBe(used.length)
      const width = Math.max(header?.length ?? 0, ...sample.map((r) => r.length))
      for (const c of used) expect(c).toBeLessThan(width)
    }))
  })

  it('finds a header under a title row, and none in data', () => {
    expect(findHeaderRow([['2024 通讯录'], ['姓名', '手机']])).toBe(1)
    expect(findHeaderRow([['张三', '13800138000']])).toBe(-1)
    expect(fieldNamed('手机号：')).toBe('mobile')
  })
})

describe('row rules', () => {
  it('normalises mobiles as people write them', () => {
    for (const v of ['+86 138-0013-8000', '0086 13800138000', '8613800138000', '138 0013 8000', '（138）00138000', '１３８００１３８０００'])
      expect(normaliseMobile(v)).toBe('13800138000')
  })

  it('any 11-digit mainland mobile written with a prefix and separators passes and comes back whole', () => {
    fc.assert(fc.property(mobile.filter((m) => /^1[3-9]/.test(m)), fc.constantFrom('', '+86 ', '0086', '86'), fc.constantFrom('', ' ', '-'), (m, prefix, sep) => {
      const written = prefix + m.slice(0, 3) + sep + m.slice(3, 7) + sep + m.slice(7)
      const check = checkImportRow(['名', written])
      expect(check.ok && check.values[1]).toBe(m)
    }))
  })

  it('reads genders and birthdays in the shapes spreadsheets hold', () => {
    expect([parseGender('男'), parseGender('Female'), parseGender(''), parseGender('x')]).toEqual([1, 2, 0, -1])
    expect(['1990-1-5', '1990/01/05', '1990.1.5', '1990年1月5日', '19900105', '1/5/90', '32878'].map(parseBirthday)).toEqual(Array(7).fill('1990-01-05'))
    expect(parseBirthday('1990-02-30')).toBeNull()
    expect(parseBirthday('')).toBe('')
  })

  it('refuses a row with the field and reason of its first problem', () => {
    expect(checkImportRow(['', '13800138000'])).toEqual({ ok: false, field: 'name', reason: 'required' })
    expect(checkImportRow(['a', '1380013800'])).toEqual({ ok: false, field: 'mobile', reason: 'mobileLength' })
    expect(checkImportRow(['a', '010-12345678'])).toEqual({ ok: false, field: 'mobile', reason: 'mobileFormat' })
    expect(checkImportRow(['a', '13800138000', 'x@'])).toEqual({ ok: false, field: 'email', reason: 'invalidValue' })
    expect(checkImportRow(['a', '13800138000', '', '', '?'])).toEqual({ ok: false, field: 'gender', reason: 'invalidValue' })
    expect(checkImportRow(['a'.repeat(51), '13800138000'])).toEqual({ ok: false, field: 'name', reason: 'tooLong' })
    expect(checkImportRow(['a\u0000', '13800138000'])).toEqual({ ok: false, field: 'name', reason: 'invalidValue' })
  })

  it('a checked row written as a line and read back checks to the same values', () => {
    fc.assert(fc.property(name, mobile.filter((m) => /^1[3-9]/.test(m)), fc.option(email, { nil: '' }), gender, (n, m, e, g) => {
      const first = checkImportRow([n, m, e, '', g])
      if (!first.ok) throw new Error('valid row refused')
      const again = checkImportRow(importLine(7, first.values).split('\t').slice(1))
      expect(again).toEqual(first)
    }))
  })
})
