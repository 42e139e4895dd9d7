import { describe, expect, it } from 'vitest'
import { parseNumberList } from '../../../workers/numbers'
import { combineBytes, EMPTY_NUMBERS, firstLines, invalidLinesFile, mergeResult, sampleNumbers, typingStart, type NumberState } from './number-sources'

const enc = (s: string) => new TextEncoder().encode(s)
const add = (prev: NumberState, text: string, source: string) =>
  mergeResult(prev, parseNumberList(combineBytes(prev.numbers, enc(text))), source)
const dec = (b: Uint8Array) => new TextDecoder().decode(b)

describe('combining number sources', () => {
  it('counts one source as the parser does, with its own line numbers', () => {
    const s = add(EMPTY_NUMBERS, '13800138000\n13800138000\n12345\n13900139000', 'Paste 1')
    expect(s).toMatchObject({ total: 4, valid: 2, duplicates: 1, invalid: 1, sources: 1 })
    expect(s.samples).toEqual([{ source: 'Paste 1', line: 3, text: '12345', reason: 'length' }])
  })

  it('deduplicates across sources and keeps each source’s line numbers', () => {
    const a = add(EMPTY_NUMBERS, '13800138000\n13900139000', 'Paste 1')
    const b = add(a, '13900139000\n0551123456\n13700137000', 'list.txt')
    expect(b).toMatchObject({ total: 5, valid: 3, duplicates: 1, invalid: 1, sources: 2 })
    expect(b.samples).toEqual([{ source: 'list.txt', line: 2, text: '0551123456', reason: 'landline' }])
    expect(dec(b.numbers)).toBe('13800138000\n13900139000\n13700137000')
  })

  it('keeps earlier samples when a later source adds more', () => {
    const a = add(EMPTY_NUMBERS, 'x1\n13800138000', 'Paste 1')
    const b = add(a, '13800138000\n\n\n99', 'Paste 2')
    expect(b.samples.map((s) => [s.source, s.line])).toEqual([['Paste 1', 1], ['Paste 2', 4]])
    expect(b).toMatchObject({ total: 4, valid: 1, duplicates: 1, invalid: 2 })
  })

  it('downloads every invalid line of every source, past the samples, with its own line numbers and translated reasons', async () => {
    const first = Array.from({ length: 150 }, (_, i) => `bad${i}\n13800138000`).join('\n')
    const a = add(EMPTY_NUMBERS, first, 'Paste 1')
    const b = add(a, '13900139000\n0551123456；１２３\n13700137000', 'list.txt')
    const c = add(b, '13600136000', 'Paste 3')
    expect(c.samples).toHaveLength(100)
    expect(c.rejected.map((p) => p.source)).toEqual(['Paste 1', 'list.txt'])
    const lines = (await invalidLinesFile(c, (r) => `<${r}>`).text()).split('\r\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(152)
    expect(lines[0]).toBe('Paste 1\t1\tbad0\t<format>')
    expect(lines[149]).toBe('Paste 1\t299\tbad149\t<format>')
    expect(lines.slice(150)).toEqual(['list.txt\t2\t0551123456\t<landline>', 'list.txt\t2\t１２３\t<length>'])
  })

  it('downloads the samples of a draft saved before every invalid line was kept', async () => {
    const file = invalidLinesFile({ samples: [{ source: 'a.txt', line: 7, text: '123', reason: 'length' }], rejected: [] }, (r) => `<${r}>`)
    expect(await file.text()).toBe('a.txt\t7\t123\t<length>\r\n')
  })

  it('takes the first numbers of the kept list for a preview', () => {
    const kept = enc('13800138000\n13900139000\n13700137000')
    expect(dec(firstLines(kept, 2))).toBe('13800138000\n13900139000')
    expect(dec(firstLines(kept, 5))).toBe('13800138000\n13900139000\n13700137000')
  })
})

describe('sample of the kept numbers', () => {
  it('reads the first valid distinct numbers from the worker bytes, across sources', () => {
    const a = add(EMPTY_NUMBERS, 'x\n13800138000\n13800138000', 'Paste 1')
    const b = add(a, '13900139000, 13700137000 13600136000', 'Paste 2')
    expect(sampleNumbers(b.numbers, 3)).toEqual(['13800138000', '13900139000', '13700137000'])
    expect(sampleNumbers(b.numbers, 10)).toHaveLength(b.valid)
    expect(sampleNumbers(EMPTY_NUMBERS.numbers, 5)).toEqual([])
    expect(sampleNumbers(b.numbers, 0)).toEqual([])
  })
})

describe('the number still being typed', () => {
  const valid = (s: string, o?: Parameters<typeof parseNumberList>[1]) => parseNumberList(new TextEncoder().encode(s), o).valid

  it('holds back every proper start of a valid number, and never a valid one', () => {
    for (const whole of ['13800138000', '8613912345678', '+8613912345678', '008619912345678', '1-380-013-8000']) {
      for (let n = 1; n < whole.length; n++) {
        const text = `13700000001\n${whole.slice(0, n)}`
        expect(typingStart(text), text).toBe(12)
        expect(valid(text.slice(12)), text).toBe(0)
      }
      expect(valid(whole), whole).toBe(1)
      expect(typingStart(`13700000001\n${whole}`), whole).toBe(12 + whole.length)
    }
  })

  it('counts an entry that no more digits could make valid, and one a separator has ended', () => {
    for (const text of ['02088887777', '12', '1380013800a', '13800138000\n', '1380013,', '138001 ', '1380013、', '23', '861234', '+1', '']) {
      expect(typingStart(text), JSON.stringify(text)).toBe(text.length)
    }
    // Full-width digits read as digits.
    expect(typingStart('１３８')).toBe(0)
  })

  it('holds an international number until it has the 7 digits of the shortest', () => {
    const o = { mode: 'international' as const, countryCodes: ['852'] }
    expect(typingStart('+85212', 'international')).toBe(0)
    expect(typingStart('00852123', 'international')).toBe(0)
    expect(valid('+8521234567', o)).toBe(1)
    expect(typingStart('+8521234567', 'international')).toBe(11)
  })
})
