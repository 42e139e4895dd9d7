/*
 * Plain string reference of parseNumberList for the property tests: decode, split lines, split entries with a
 * regular expression, classify each entry with regular expressions, deduplicate with a Set. Obviously correct and
 * slow; it follows the rules in numbers.ts's header comment one by one.
 */
import { INVALID_SAMPLE_LIMIT, type InvalidEntry, type InvalidReason, type NumberListOptions } from './numbers'

const SEPARATORS = /[\t\n\v\f\r ,;|\uff0c\uff1b\u3001\u3000\ufeff]+/

function domestic(entry: string): string | InvalidReason {
  const s = entry.replace(/[-.]/g, '').replace(/[\uff10-\uff19]/g, (c) => String(c.charCodeAt(0) - 0xff10))
  if (!/^\+?\d+$/.test(s)) return 'format'
  const prefixed = /^(?:\+86|0086|86)(\d{11})$/.exec(s)
  const number = prefixed ? prefixed[1] : s
  if (number.startsWith('+')) return 'format'
  if (number.startsWith('0')) return 'landline'
  if (number.length !== 11) return 'length'
  return /^1[3-9]/.test(number) ? number : 'format'
}

function international(entry: string, codes: string[]): string | InvalidReason {
  const s = entry.replace(/[-.]/g, '').replace(/[\uff10-\uff19]/g, (c) => String(c.charCodeAt(0) - 0xff10))
  if (!/^\+?\d+$/.test(s)) return 'format'
  const number = s.startsWith('+') ? s.slice(1) : s.startsWith('00') ? s.slice(2) : s
  if (number.length < 7 || number.length > 15) return 'length'
  return codes.some((c) => number.startsWith(c)) ? number : 'country'
}

export function referenceParse(bytes: Uint8Array, options: NumberListOptions = {}) {
  const codes = (options.countryCodes ?? []).map((c) => c.trim().replace(/^\+/, '')).sort((a, b) => b.length - a.length)
  const classify = options.mode === 'international' ? (e: string) => international(e, codes) : domestic
  const seen = new Set<string>()
  const numbers: string[] = []
  const invalidSamples: InvalidEntry[] = []
  let invalidLines = ''
  const byCountry: Record<string, number> = Object.fromEntries(codes.map((c) => [c, 0]))
  let total = 0
  let duplicates = 0
  let invalid = 0
  new TextDecoder().decode(bytes).split(/\r\n|\r|\n/).forEach((text, i) => {
    for (const entry of text.split(SEPARATORS)) {
      if (!entry) continue
      total++
      const r = classify(entry)
      if (r === 'format' || r === 'length' || r === 'landline' || r === 'country') {
        if (invalid++ < INVALID_SAMPLE_LIMIT) invalidSamples.push({ line: i + 1, text: entry, reason: r })
        invalidLines += `${i + 1}\t${entry}\t${r}\n`
      } else if (seen.has(r)) duplicates++
      else {
        seen.add(r)
        numbers.push(r)
        const code = codes.find((c) => r.startsWith(c))
        if (code) byCountry[code]++
      }
    }
  })
  return { total, valid: numbers.length, duplicates, invalid, numbers: numbers.join('\n'), invalidSamples, invalidLines, byCountry }
}
