import { utils, write } from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { UPLOAD_LIMIT_BYTES } from '../src/domain/constants'
import { looksLikeSheet, readSheetNumbers } from './sheet-source'
import { prng } from './testkit'

const enc = new TextEncoder()
const none = new Uint8Array(0)
const digits = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

function book(rows: unknown[][], bookType: 'xlsx' | 'xls') {
  const wb = utils.book_new()
  utils.book_append_sheet(wb, utils.aoa_to_sheet(rows), 'first')
  return new Uint8Array(write(wb, { type: 'array', bookType }) as ArrayBuffer)
}

const CONTACTS = [
  ['姓名', '手机号'],
  ['张三', '13800138000'],
  ['李四', 13900139000],
  ['王五', '138-0013-8000'],
  ['赵六', '12345'],
  ['钱七', ''],
  ['孙八', '+86 137 0013 7000'],
]

describe('readSheetNumbers', () => {
  it.each(['xlsx', 'xls'] as const)('reads the mobile column of an %s under a header, names beside it', (type) => {
    const reply = readSheetNumbers(book(CONTACTS, type), none)
    expect(reply).toMatchObject({ ok: true, column: 1, result: { total: 5, valid: 3, duplicates: 1, invalid: 1 } })
    if (!reply.ok) return
    expect(digits(reply.result.numbers)).toBe('13800138000\n13900139000\n13700137000')
    // Line numbers are the sheet's rows: the header is row 1.
    expect(reply.result.invalidSamples).toEqual([{ line: 5, text: '12345', reason: 'length' }])
  })

  it('parses the sheet together with the kept numbers, as combineBytes does', () => {
    const kept = enc.encode('13900139000\n13600136000')
    const reply = readSheetNumbers(book(CONTACTS, 'xlsx'), kept)
    expect(reply).toMatchObject({ ok: true, result: { total: 7, valid: 4, duplicates: 2, invalid: 1 } })
    if (!reply.ok) return
    expect(digits(reply.result.numbers)).toBe('13900139000\n13600136000\n13800138000\n13700137000')
    // mergeResult subtracts the kept count (2) to get back to the sheet's row 5.
    expect(reply.result.invalidSamples[0].line).toBe(7)
    expect(digits(kept)).toBe('13900139000\n13600136000')
  })

  it('keeps row numbers without a header, and takes the caller column', () => {
    const rows = [['13800138000', '1'], ['bad', '2']]
    const reply = readSheetNumbers(book(rows, 'xlsx'), none)
    expect(reply).toMatchObject({ ok: true, column: 0, result: { valid: 1, invalidSamples: [{ line: 2, text: 'bad' }] } })
    expect(readSheetNumbers(book(rows, 'xlsx'), none, {}, 1)).toMatchObject({ ok: true, column: 1, result: { valid: 0, invalid: 2 } })
  })

  it('reads international numbers with their country code', () => {
    const reply = readSheetNumbers(book([['name', 'mobile'], ['Ann', 447911123456], ['Bo', '+1 415 555 0100']], 'xlsx'), none, {
      mode: 'international', countryCodes: ['1', '44'],
    })
    expect(reply).toMatchObject({ ok: true, result: { valid: 2 } })
    if (reply.ok) expect(digits(reply.result.numbers)).toBe('447911123456\n14155550100')
  })

  it('says noColumn for a sheet without phone numbers and for an empty sheet', () => {
    expect(readSheetNumbers(book([['name', 'amount'], ['Bob', 12.5]], 'xlsx'), none)).toEqual({ ok: false, error: 'noColumn' })
    expect(readSheetNumbers(book([], 'xlsx'), none)).toEqual({ ok: false, error: 'noColumn' })
  })

  it('says unreadable for random bytes, a broken zip, and tooLarge over the limit', () => {
    const rnd = prng(7)
    const noise = Uint8Array.from({ length: 5000 }, () => rnd.int(256))
    expect(readSheetNumbers(noise, none)).toEqual({ ok: false, error: 'unreadable' })
    expect(readSheetNumbers(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), none)).toEqual({ ok: false, error: 'unreadable' })
    expect(readSheetNumbers(new Uint8Array(UPLOAD_LIMIT_BYTES + 1).fill(0x31), none)).toEqual({ ok: false, error: 'tooLarge' })
  })
})

describe('looksLikeSheet', () => {
  it('accepts workbook containers and text, refuses binary noise', () => {
    expect(looksLikeSheet(book([['13800138000']], 'xlsx'))).toBe(true)
    expect(looksLikeSheet(book([['13800138000']], 'xls'))).toBe(true)
    expect(looksLikeSheet(enc.encode('<table><tr><td>13800138000</td></tr></table>\r\n'))).toBe(true)
    expect(looksLikeSheet(new Uint8Array([0x31, 0x00, 0x32]))).toBe(false)
  })
})
