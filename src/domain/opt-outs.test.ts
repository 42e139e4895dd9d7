import { describe, expect, it } from 'vitest'
import { fieldErrors } from './field-errors'
import {
  checkOptOutRow, DEFAULT_OPT_OUT_SETTINGS, keywordKey, keywordsFromText, optOutNumber, optOutSettingsSchema, replyAction,
} from './opt-outs'

describe('domain/opt-outs', () => {
  it('matches a reply by its whole content, whatever its case, width and surrounding spaces', () => {
    for (const reply of ['td', 'TD', 'ＴＤ', 'ｔｄ', ' Td\n', '退订', ' 退订 ', 'stop', 'Unsubscribe', '取消', 'r', 'Ｎ']) {
      expect([reply, replyAction(reply, DEFAULT_OPT_OUT_SETTINGS)]).toEqual([reply, 'out'])
    }
    for (const reply of ['订阅', 'start', 'ＳＴＡＲＴ']) expect([reply, replyAction(reply, DEFAULT_OPT_OUT_SETTINGS)]).toEqual([reply, 'in'])
    // A word inside a longer reply is no refusal: only the whole content counts.
    for (const reply of ['TD退订', '请退订', 'stop it', '好的', '', '  ', 'T D']) expect([reply, replyAction(reply, DEFAULT_OPT_OUT_SETTINGS)]).toEqual([reply, null])
    expect(keywordKey('ｔｄ')).toBe(keywordKey('TD'))
  })

  it('uses the enterprise\'s own keywords in place of the defaults', () => {
    const s = { out_keywords: ['不要了'], in_keywords: ['恢复'] }
    expect(replyAction('不要了', s)).toBe('out')
    expect(replyAction('TD', s)).toBe(null)
    expect(replyAction('恢复', s)).toBe('in')
  })

  it('validates keyword settings field by field: required, length, plain text, no duplicate as the rule reads them', () => {
    const ok = { out_keywords: ['TD', '退订'], in_keywords: ['START'], exempt_verification: false }
    expect(optOutSettingsSchema.safeParse(ok).success).toBe(true)
    const errors = (v: unknown) => {
      const r = optOutSettingsSchema.safeParse(v)
      return r.success ? {} : fieldErrors(r.error, v)
    }
    expect(errors({ ...ok, out_keywords: ['TD', 'td'] })).toEqual({ out_keywords: 'keywordDuplicate' })
    expect(errors({ ...ok, out_keywords: ['TD', 'ＴＤ'] })).toEqual({ out_keywords: 'keywordDuplicate' })
    expect(errors({ ...ok, in_keywords: ['td'] })).toEqual({ in_keywords: 'keywordDuplicate' })
    expect(errors({ ...ok, out_keywords: ['<b>TD</b>'] })).toEqual({ out_keywords: 'plainTextOnly' })
    expect(errors({ ...ok, out_keywords: ['T\u200bD'] })).toEqual({ out_keywords: 'plainTextOnly' })
    expect(errors({ ...ok, out_keywords: ['T\u0007'] })).toEqual({ out_keywords: 'plainTextOnly' })
    expect(errors({ ...ok, out_keywords: ['x'.repeat(21)] })).toEqual({ out_keywords: 'tooLong' })
    expect(errors({ ...ok, out_keywords: [] })).toEqual({ out_keywords: 'required' })
    expect(errors({ ...ok, out_keywords: ['  '] })).toEqual({ out_keywords: 'required' })
    expect(errors({ ...ok, out_keywords: Array.from({ length: 31 }, (_, i) => `k${i}`) })).toEqual({ out_keywords: 'tooLong' })
    expect(keywordsFromText('TD\n退订，STOP、 N ,\n')).toEqual(['TD', '退订', 'STOP', 'N'])
  })

  it('reads numbers as people write them: a mainland mobile, or an international number with + or 00', () => {
    expect(optOutNumber('+86 137-0000-0009')).toBe('13700000009')
    expect(optOutNumber('１３７００００００09')).toBe('13700000009')
    expect(optOutNumber('+44 7911 123456')).toBe('447911123456')
    expect(optOutNumber('00852 9123 4567')).toBe('85291234567')
    for (const bad of ['12345', '447911123456', '+0123', '', 'abc', '010-88887777']) expect([bad, optOutNumber(bad)]).toEqual([bad, null])
    expect(checkOptOutRow(['13700000009', ' called  to refuse '])).toEqual({ ok: true, mobile: '13700000009', note: 'called to refuse' })
    expect(checkOptOutRow(['1370000'])).toEqual({ ok: false, field: 'mobile', reason: 'mobileFormat' })
    expect(checkOptOutRow(['13700000009', '<script>'])).toEqual({ ok: false, field: 'note', reason: 'plainTextOnly' })
  })
})
