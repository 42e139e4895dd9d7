import { describe, expect, it } from 'vitest'
import { parseNumberList } from '../../../workers/numbers'
import { combineBytes, EMPTY_NUMBERS, firstLines, mergeResult, samplesText, type NumberState } from './number-sources'

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

  it('writes the samples as tab-separated lines with the translated reason', () => {
    const text = samplesText([{ source: 'a.txt', line: 7, text: '123', reason: 'length' }], (r) => `<${r}>`)
    expect(text).toBe('a.txt\t7\t123\t<length>\r\n')
  })

  it('takes the first numbers of the kept list for a preview', () => {
    const kept = enc('13800138000\n13900139000\n13700137000')
    expect(dec(firstLines(kept, 2))).toBe('13800138000\n13900139000')
    expect(dec(firstLines(kept, 5))).toBe('13800138000\n13900139000\n13700137000')
  })
})
