import { describe, expect, it } from 'vitest'
import { measureContent, measureTemplateRows, packColumns, parseTemplate } from './billing'
import { referenceFill, referenceMeasure, referenceTemplateRows } from './billing.reference'
import { prng, type Prng } from './testkit'

describe('measureContent', () => {
  it('bills nothing for empty content', () => {
    expect(measureContent('')).toEqual({ chars: 0, bytes: 0, perMessage: 160, messages: 0 })
  })

  it('fits 160 ASCII characters in one message and starts a second at 161', () => {
    expect(measureContent('a'.repeat(160))).toEqual({ chars: 160, bytes: 160, perMessage: 160, messages: 1 })
    expect(measureContent('1'.repeat(161))).toMatchObject({ perMessage: 160, messages: 2 })
    expect(measureContent('\x7f')).toMatchObject({ perMessage: 160, bytes: 1 })
  })

  it('drops to 70 per message as soon as one character is above U+007F', () => {
    expect(measureContent('a'.repeat(69) + 'é')).toEqual({ chars: 70, bytes: 71, perMessage: 70, messages: 1 })
    expect(measureContent('验'.repeat(71))).toEqual({ chars: 71, bytes: 213, perMessage: 70, messages: 2 })
    expect(measureContent('\u0080')).toMatchObject({ perMessage: 70, bytes: 2 })
  })

  it('counts bytes by the spec rule: 1 to U+007F, 2 to U+07FF, 3 to U+FFFF, else 4', () => {
    expect(measureContent('\u007f').bytes).toBe(1)
    expect(measureContent('\u0080\u07ff').bytes).toBe(4)
    expect(measureContent('\u0800\uffff，【】').bytes).toBe(15)
    expect(measureContent('😀𠀀\u{10ffff}').bytes).toBe(12)
  })

  it('counts a surrogate pair as one character and an unpaired surrogate as one of 3 bytes', () => {
    expect(measureContent('😀')).toEqual({ chars: 1, bytes: 4, perMessage: 70, messages: 1 })
    expect(measureContent('a\ud800b\udc00')).toEqual({ chars: 4, bytes: 8, perMessage: 70, messages: 1 })
    expect(measureContent('\udc00\ud800')).toMatchObject({ chars: 2, bytes: 6 })
  })

  it('agrees with TextEncoder on the byte count of well-formed text', () => {
    const text = '【云片】您的验证码是 123456，5分钟内有效 😀 café 𠀀'
    expect(measureContent(text).bytes).toBe(new TextEncoder().encode(text).length)
  })
})

describe('templates', () => {
  it('reads {p1}, {p2}, … as placeholders and anything else as text', () => {
    expect(parseTemplate('{p1}尊敬的{p2}，{p1} p1 {p0} {p01} {P1} {p 1} {p12}').columns).toEqual([0, 1, 0, 11])
    expect(parseTemplate('您好{p1}，账单{p2}').fixed).toEqual(measureContent('您好，账单'))
  })

  it('bills each row as the filled message would be billed', () => {
    const rows = [['张三', '202501'], ['Bob', '1'], ['', ''], ['😀'.repeat(80), 'x']]
    const template = 'Hi {p1}, bill {p2}'
    expect(measureTemplateRows(template, packColumns(rows, 2))).toEqual({
      rows: 4, messages: 1 + 1 + 1 + 2, chars: 18 + 14 + 10 + 91, bytes: 22 + 14 + 10 + 331, maxMessages: 2, nonAsciiRows: 2, longestRow: 3, longestChars: 91,
    })
  })

  it('bills an empty filled row as nothing and repeats a value as often as its placeholder appears', () => {
    expect(measureTemplateRows('{p1}', packColumns([[''], ['a']], 1))).toMatchObject({ messages: 1, chars: 1 })
    expect(measureTemplateRows('{p1}{p1}{p1}', packColumns([['a'.repeat(60)]], 1))).toMatchObject({ messages: 2, chars: 180 })
  })

  it('packs cells as TextEncoder encodes each one alone, unpaired surrogates in neighbouring rows included', () => {
    const rows = [['\ud800'], ['\udc00'], ['😀'], ['验a']]
    const [col] = packColumns(rows, 1)
    expect([...col.offsets]).toEqual([0, 3, 6, 10, 14])
    expect(col.bytes).toEqual(Uint8Array.from(rows.flatMap(([c]) => [...new TextEncoder().encode(c)])))
    expect(measureTemplateRows('{p1}', [col])).toMatchObject({ chars: 5, bytes: 14 })
  })

  it('does not expand placeholders inside values', () => {
    expect(referenceFill('{p1}', ['{p2}', 'long value'])).toBe('{p2}')
    expect(measureTemplateRows('{p1}', packColumns([['{p2}', 'long value']], 2))).toMatchObject({ chars: 4 })
  })

  it('bills a template without placeholders once per row, and refuses a placeholder with no column', () => {
    expect(measureTemplateRows('验证码', packColumns([['x'], ['y'], ['z']], 1))).toMatchObject({ rows: 3, messages: 3, chars: 9 })
    expect(measureTemplateRows('no columns', [], 5)).toMatchObject({ rows: 5, messages: 5 })
    expect(() => measureTemplateRows('{p3}', packColumns([['a', 'b']], 2))).toThrow(RangeError)
  })
})

const PIECES = ['a', 'Z', '9', ' ', '\x7f', '\u0080', 'é', '\u07ff', '\u0800', '验', '，', '\uffff', '😀', '𠀀', '\u{10ffff}', '\ud800', '\udc00', '\r\n', '{p1}', '{p2}', '{p0}', '{p', '}']
const text = (r: Prng, max: number) => Array.from({ length: r.int(max) }, () => (r.next() < 0.7 ? 'a' : r.pick(PIECES))).join('')

describe('billing against the plain references (seeded random inputs)', () => {
  it('measureContent agrees on 1000 random strings with surrogate pairs, lone surrogates and CRLF', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const s = text(prng(seed), seed % 10 === 0 ? 400 : 60)
      expect(measureContent(s), s).toEqual(referenceMeasure(s))
    }
  })

  it('measureTemplateRows agrees with filling and measuring every row on 300 random sends', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = prng(seed * 31)
      const template = text(r, 40) + r.pick(['{p1}', '{p2}', '{p3}', '']) + text(r, 20)
      const rows = Array.from({ length: r.int(30) }, () => Array.from({ length: r.int(4) }, () => text(r, 100)))
      expect(measureTemplateRows(template, packColumns(rows, 3), rows.length)).toEqual(referenceTemplateRows(template, rows))
    }
  })
})
