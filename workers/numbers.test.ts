import { afterEach, describe, expect, it } from 'vitest'
import { INVALID_SAMPLE_LIMIT, numberScratchBytes, parseNumberList, releaseNumberScratch, type NumberListOptions } from './numbers'
import { markFirstSeen, releaseFirstSeenScratch } from './first-seen'
import { referenceParse } from './numbers.reference'
import { prng, type Prng } from './testkit'

const enc = new TextEncoder()
const parse = (text: string, options?: NumberListOptions) => {
  const r = parseNumberList(enc.encode(text), options)
  return { ...r, numbers: new TextDecoder().decode(r.numbers), invalidLines: new TextDecoder().decode(r.invalidLines) }
}
const numbersOf = (text: string, options?: NumberListOptions) => parse(text, options).numbers.split('\n').filter(Boolean)
const reasonOf = (entry: string, options?: NumberListOptions) => parse(entry, options).invalidSamples[0]?.reason ?? 'valid'

describe('parseNumberList: separators and encoding', () => {
  it.each([
    ['LF', '\n'], ['CRLF', '\r\n'], ['CR', '\r'], ['space', ' '], ['tab', '\t'], ['vertical tab', '\v'], ['form feed', '\f'],
    ['comma', ','], ['semicolon', ';'], ['bar', '|'], ['full-width comma', '，'], ['full-width semicolon', '；'],
    ['ideographic comma', '、'], ['ideographic space', '\u3000'], ['a run of mixed ones', ' ,，\t；|\u3000、 '],
  ])('splits entries on %s', (_, sep) => {
    expect(parse(`13800138000${sep}13900139000${sep}13700137000`)).toMatchObject({
      total: 3, valid: 3, invalid: 0, numbers: '13800138000\n13900139000\n13700137000',
    })
  })

  it('ignores separators at the start and the end and empty input', () => {
    expect(parse(' ,\n13800138000，\r\n')).toMatchObject({ total: 1, valid: 1, numbers: '13800138000' })
    expect(parse('')).toMatchObject({ total: 0, valid: 0, duplicates: 0, invalid: 0, numbers: '', invalidSamples: [] })
    expect(parseNumberList(new Uint8Array(0)).numbers).toHaveLength(0)
  })

  it('ignores a byte-order mark at the start, and one between concatenated files', () => {
    expect(parse('\ufeff13800138000\n\ufeff13900139000')).toMatchObject({ total: 2, valid: 2, invalid: 0 })
  })

  it('reads full-width digits as digits and drops - and . inside a number', () => {
    expect(numbersOf('１３８００１３８０００ 138-0013-8001 138.0013.8002 １３８-００１３-８００３')).toEqual([
      '13800138000', '13800138001', '13800138002', '13800138003',
    ])
  })

  it('counts lines across LF, CRLF and lone CR for the invalid samples', () => {
    const r = parse('bad1\r\n13800138000 bad2\rbad3\n\nbad4,bad5')
    expect(r.invalidSamples.map((s) => [s.line, s.text])).toEqual([[1, 'bad1'], [2, 'bad2'], [3, 'bad3'], [5, 'bad4'], [5, 'bad5']])
  })

  it('keeps the entry as written, multi-byte characters included, in the samples', () => {
    expect(parse('１３８-😀-0013')).toMatchObject({ invalidSamples: [{ line: 1, text: '１３８-😀-0013', reason: 'format' }] })
  })
})

describe('parseNumberList: domestic rules', () => {
  it.each([
    ['13800138000', 'valid'], ['19912345678', 'valid'], ['+8613800138000', 'valid'], ['008613800138000', 'valid'],
    ['8613800138000', 'valid'], ['+86-138-0013-8000', 'valid'],
    ['1380013800', 'length'], ['138001380001', 'length'], ['861380013800', 'length'], ['1', 'length'],
    ['12800138000', 'format'], ['10800138000', 'format'], ['23800138000', 'format'], ['8612800138000', 'format'],
    ['+861380013800', 'format'], ['+13800138000', 'format'], ['+0086138001380000', 'format'], ['138+00138000', 'format'],
    ['++8613800138000', 'format'], ['1380013800a', 'format'], ['１３８００１３８０００x', 'format'], ['-', 'format'], ['+', 'format'],
    ['＋8613800138000', 'format'], ['138\u00a000138000', 'format'],
    ['01012345678', 'landline'], ['010-8888-6666', 'landline'], ['0', 'landline'], ['8601380013800', 'landline'],
    ['00861380013800', 'landline'], ['0123456789012345678901', 'landline'],
  ])('%s is %s', (entry, reason) => {
    expect(reasonOf(entry)).toBe(reason)
  })

  it('drops the prefixes from the numbers it returns', () => {
    expect(numbersOf('+8613800138000 008613900139000 8613700137000')).toEqual(['13800138000', '13900139000', '13700137000'])
  })

  it('counts duplicates across separators, lines and spellings, keeping first-seen order', () => {
    const r = parse('13900139000\n13800138000,+8613900139000；１３８００１３８０００\r\n138-0013-8000 13700137000 13900139000')
    expect(r).toMatchObject({ total: 7, valid: 3, duplicates: 4, invalid: 0, numbers: '13900139000\n13800138000\n13700137000' })
  })

  it('keeps only the first 100 invalid entries as samples but counts them all', () => {
    const text = Array.from({ length: 250 }, (_, i) => `bad${i}\n13800138000`).join('\n')
    const r = parse(text)
    expect(r).toMatchObject({ total: 500, valid: 1, duplicates: 249, invalid: 250 })
    expect(r.invalidSamples).toHaveLength(INVALID_SAMPLE_LIMIT)
    expect(r.invalidSamples[99]).toEqual({ line: 199, text: 'bad99', reason: 'format' })
  })

  it('lists every invalid entry in invalidLines (line, entry as written, reason), past the samples and its first buffer', () => {
    const entries = Array.from({ length: 3000 }, (_, i) => [`bad${i}`, `0101234${i}`, '１３８-😀', '1380013800'][i % 4])
    const text = entries.map((e, i) => `${e}\r\n${i % 2 ? '13800138000' : ''}`).join('\r\n')
    for (const inPlace of [false, true]) {
      const r = parseNumberList(enc.encode(text), { inPlace })
      const lines = new TextDecoder().decode(r.invalidLines).split('\n')
      expect(lines.pop()).toBe('')
      expect(lines).toHaveLength(3000)
      const reasons = ['format', 'landline', 'format', 'length']
      lines.forEach((l, i) => expect(l).toBe(`${i * 2 + 1}\t${entries[i]}\t${reasons[i % 4]}`))
      expect(r.invalidLines.byteOffset).toBe(0)
      expect(r.invalidLines.buffer.byteLength).toBe(r.invalidLines.length)
      expect(new TextDecoder().decode(r.numbers)).toBe('13800138000')
    }
    expect(parseNumberList(enc.encode('13800138000')).invalidLines).toHaveLength(0)
  })

  it('returns its numbers in a buffer of their own, ready to transfer, trimmed when much of it would be unused', () => {
    const input = enc.encode('x 13800138000 y')
    const r = parseNumberList(input)
    expect(r.numbers.byteOffset).toBe(0)
    expect(r.numbers.buffer).not.toBe(input.buffer)
    expect(r.numbers.buffer.byteLength).toBe(11)
    const all = enc.encode('13800138000\n13900139000\n')
    const kept = parseNumberList(all)
    expect(kept.numbers.buffer).not.toBe(all.buffer)
    expect(kept.numbers.byteOffset).toBe(0)
    expect(kept.numbers.byteLength).toBe(23)
  })
})

describe('markFirstSeen', () => {
  const reference = (keys: Float64Array) => {
    const firstSeen = new Set<number>()
    return Array.from(keys, (k) => (firstSeen.has(k) ? 0 : (firstSeen.add(k), 1)))
  }
  afterEach(() => releaseFirstSeenScratch())

  it.each([0, 1, 2, 1000, 1025, 5000, 50_000, 300_000])('marks first occurrences exactly like a Set on %d keys, near 2^53 too', (n) => {
    const keys = Float64Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 2 ** 53 - 1 - (i % 1000) : 13e9 + ((i * 7919) % (n / 2 + 1)) * 4096))
    const added = new Uint8Array(n)
    const distinct = markFirstSeen(keys, n, added)
    const expected = reference(keys)
    expect([...added]).toEqual(expected)
    expect(distinct).toBe(expected.filter(Boolean).length)
  })

  it('stays exact when every key falls into one partition (a skewed hash) and when scratch is reused', () => {
    // Equal keys land in one partition: the partition's table must grow past its usual size.
    const keys = Float64Array.from({ length: 20_000 }, (_, i) => (i % 2 === 0 ? 13800138000 : 13e9 + i))
    const added = new Uint8Array(keys.length)
    markFirstSeen(keys, keys.length, added)
    expect([...added]).toEqual(reference(keys))
    const again = Float64Array.from({ length: 12_000 }, (_, i) => 13e9 + (i % 7000))
    const added2 = new Uint8Array(again.length).fill(9)
    expect(markFirstSeen(again, again.length, added2)).toBe(7000)
    expect([...added2]).toEqual(reference(again))
  })

  it('keeps every distinct number of a list dense enough to regrow its table', () => {
    const text = Array.from({ length: 60_000 }, (_, i) => String(13e9 + ((i * 7919) % 45_000) * 1009)).join('\n')
    const r = parseNumberList(enc.encode(text))
    expect({ ...r, numbers: new TextDecoder().decode(r.numbers), invalidLines: '' }).toEqual({ ...referenceParse(enc.encode(text)), byCountry: undefined })
  })

  it('keeps its scratch for the next call until released, and parses alike after', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => String(13e9 + i * 7)).join('\n')
    const first = parseNumberList(enc.encode(text))
    expect(numberScratchBytes()).toBeGreaterThan(100_000 * 20)
    releaseNumberScratch()
    expect(numberScratchBytes()).toBe(0)
    const again = parseNumberList(enc.encode(text))
    expect(again.valid).toBe(100_000)
    // As text: the same bytes, compared in one step rather than element by element (1.2 MB).
    expect(new TextDecoder().decode(again.numbers)).toBe(new TextDecoder().decode(first.numbers))
  })

  it('grows its entry arrays past the size guess (short international numbers: 8 bytes an entry, not 12)', () => {
    const options: NumberListOptions = { mode: 'international', countryCodes: ['1', '44', '852'] }
    const text = Array.from({ length: 30_000 }, (_, i) => `${['1', '44', '852'][i % 3]}${String(100000 + ((i * 7919) % 20_000)).padStart(6, '0')}`.slice(0, 7)).join(',')
    const r = parseNumberList(enc.encode(text), options)
    expect(r.valid).toBeGreaterThan(1000)
    expect({ ...r, numbers: new TextDecoder().decode(r.numbers), invalidLines: new TextDecoder().decode(r.invalidLines) }).toEqual(referenceParse(enc.encode(text), options))
  })
})

describe('parseNumberList: international rules', () => {
  const options: NumberListOptions = { mode: 'international', countryCodes: ['1', '44', '85', '852', '+86'] }
  it.each([
    ['+447911123456', 'valid'], ['00447911123456', 'valid'], ['447911123456', 'valid'], ['+1-202-555-0123', 'valid'],
    ['8521234', 'valid'], ['123456789012345', 'valid'], ['+８５２９１２３４５６７', 'valid'],
    ['+44791', 'length'], ['1234567890123456', 'length'], ['00123456', 'length'], ['0012345678901234567', 'length'],
    ['+337911123456', 'country'], ['0337911123456', 'country'], ['+0447911123456', 'country'],
    ['+44abc', 'format'], ['44+7911123456', 'format'], ['--', 'format'],
  ])('%s is %s', (entry, reason) => {
    expect(reasonOf(entry, options)).toBe(reason)
  })

  it('drops + or 00 and counts distinct numbers per calling code by the longest match', () => {
    const r = parse('+85291234567 0085291234567 85012345678 +12025550123 8613800138000', options)
    expect(r).toMatchObject({ total: 5, valid: 4, duplicates: 1, numbers: '85291234567\n85012345678\n12025550123\n8613800138000' })
    expect(r.byCountry).toEqual({ '1': 1, '44': 0, '85': 1, '852': 1, '86': 1 })
  })

  it('needs the country list and refuses malformed calling codes', () => {
    expect(() => parse('1', { mode: 'international' })).toThrow(TypeError)
    expect(() => parse('1', { mode: 'international', countryCodes: ['044'] })).toThrow(RangeError)
    expect(() => parse('1', { mode: 'international', countryCodes: ['1234567'] })).toThrow(RangeError)
  })
})

const VALID = ['13800138000', '13900139000', '19912345678', '15000000000', '17012345678']
const NOISE = ['a', 'Z', '+', '＋', '😀', '𠀀', '中', 'é', '\u00a0', '\ufffd', '#', '０', '９', '-', '.', '\u2028']
const SEPS = ['\n', '\r\n', '\r', ' ', '\t', '\v', '\f', ',', ';', '|', '，', '；', '、', '\u3000', '\ufeff', ', ', '\r\n\r\n']
const CODES = ['1', '44', '85', '852', '8', '1264', '86', '7']
const wide = (s: string, r: Prng) => s.replace(/\d/g, (d) => (r.next() < 0.3 ? String.fromCharCode(0xff10 + Number(d)) : d))
const dashes = (s: string, r: Prng) => s.replace(/\d/g, (d) => (r.next() < 0.1 ? r.pick(['-', '.']) + d : d))

function entry(r: Prng, international: boolean): string {
  const kind = r.int(8)
  let s: string
  if (kind < 3) s = international ? r.pick(['+', '00', '']) + r.pick(CODES) + r.digits(r.int(14)) : r.pick(['', '', '+86', '0086', '86']) + r.pick(VALID)
  else if (kind === 3) s = r.pick(['0', '00', '+', '86', '+86']) + r.digits(r.int(16))
  else if (kind === 4) s = r.digits(r.int(20))
  else if (kind === 5) s = r.pick(VALID).slice(0, r.int(12)) + r.pick(NOISE) + r.digits(r.int(4))
  else if (kind === 6) s = Array.from({ length: 1 + r.int(3) }, () => r.pick(NOISE)).join('')
  else s = '1' + r.digits(10)
  return dashes(wide(s, r), r)
}

function randomList(r: Prng, international: boolean): string {
  let text = r.next() < 0.2 ? '\ufeff' : ''
  const n = r.int(r.next() < 0.1 ? 400 : 40)
  for (let i = 0; i < n; i++) text += (i || r.next() < 0.3 ? r.pick(SEPS).repeat(1 + r.int(2)) : '') + entry(r, international)
  return text
}

function compare(bytes: Uint8Array, options?: NumberListOptions) {
  const want = referenceParse(bytes, options)
  // Also written over a copy of the input (the worker's way): the same result.
  for (const inPlace of [false, true]) {
    const got = parseNumberList(inPlace ? bytes.slice() : bytes, { ...options, inPlace })
    const decoded = { numbers: new TextDecoder().decode(got.numbers), invalidLines: new TextDecoder().decode(got.invalidLines) }
    expect({ ...got, ...decoded, byCountry: got.byCountry ?? want.byCountry }).toEqual(
      options?.mode === 'international' ? want : { ...want, byCountry: want.byCountry },
    )
  }
}

describe('parseNumberList against the string reference (seeded random inputs)', () => {
  it('agrees on 500 random domestic lists with every separator, CRLF, BOM, full-width and surrogate pairs', () => {
    for (let seed = 1; seed <= 500; seed++) compare(enc.encode(randomList(prng(seed), false)))
  })

  it('agrees on 300 random international lists', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = prng(seed * 7919)
      const codes = CODES.filter(() => r.next() < 0.6)
      compare(enc.encode(randomList(r, true)), { mode: 'international', countryCodes: codes })
    }
  })

  it('agrees on 500 random byte strings, invalid UTF-8 included', () => {
    const pool = [0x30, 0x31, 0x33, 0x38, 0x2b, 0x2d, 0x2e, 0x0a, 0x0d, 0x20, 0x2c, 0xe3, 0x80, 0x81, 0xef, 0xbc, 0x8c, 0x9b, 0x90, 0x99, 0xbb, 0xbf, 0xf0, 0x9f, 0x41, 0xc3]
    for (let seed = 1; seed <= 500; seed++) {
      const r = prng(seed * 104729)
      const bytes = Uint8Array.from({ length: r.int(120) }, () => (r.next() < 0.5 ? r.pick(pool) : 0x30 + r.int(10)))
      compare(bytes)
      compare(bytes, { mode: 'international', countryCodes: ['1', '3', '38', '8'] })
    }
  })
})
