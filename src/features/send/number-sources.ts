import type { OperatorCounts } from '@/domain/operators'
import type { InvalidReason, NumberListResult } from './numbers-client'

/*
 * Combining recipient sources (pasted text, typed text, files). Only the distinct valid numbers are kept, as the
 * worker's bytes; a new source is parsed together with them, so numbers repeated across sources count as
 * duplicates once. The counts of earlier sources are carried forward, since their raw text is not kept.
 */
export interface SourceSample {
  /** The source's label, e.g. "Paste 2" or a file name. */
  source: string
  line: number
  text: string
  reason: InvalidReason
}

/** A source's invalid entries (the worker's invalidLines) for "download invalid lines". */
export interface RejectedPart {
  source: string
  /** Lines of kept numbers parsed before the source's own (subtracted from the line numbers). */
  offset: number
  /** `line<TAB>entry<TAB>reason\n` a line, UTF-8. */
  lines: Uint8Array
}

export interface NumberState {
  /** Distinct valid numbers, ASCII digits separated by '\n'. */
  numbers: Uint8Array
  total: number
  valid: number
  duplicates: number
  invalid: number
  samples: SourceSample[]
  /** Every invalid entry of every source, for the download (samples holds the first ones, for the screen). */
  rejected: RejectedPart[]
  sources: number
  /** Valid numbers per operator (domestic lists), for the breakdown under the counts. */
  byOperator?: OperatorCounts
}

export const SAMPLE_LIMIT = 100
export const EMPTY_NUMBERS: NumberState = {
  numbers: new Uint8Array(0), total: 0, valid: 0, duplicates: 0, invalid: 0, samples: [], rejected: [], sources: 0,
}

const NL = 10

/** The bytes to parse: the kept numbers, a line break, then the new source (a fresh buffer, safe to transfer). */
export function combineBytes(kept: Uint8Array, added: Uint8Array): Uint8Array {
  if (kept.length === 0) return added.byteOffset === 0 && added.byteLength === added.buffer.byteLength ? added : added.slice()
  const out = new Uint8Array(kept.length + 1 + added.length)
  out.set(kept, 0)
  out[kept.length] = NL
  out.set(added, kept.length + 1)
  return out
}

/**
 * The new state after `result` = parse(combineBytes(prev.numbers, source)). The kept numbers take the first
 * prev.valid lines and are all valid and distinct, so every invalid entry and every duplicate is the new source's;
 * its line numbers are shifted back to the source's own.
 */
export function mergeResult(prev: NumberState, result: NumberListResult, source: string): NumberState {
  const offset = prev.numbers.length === 0 ? 0 : prev.valid
  const fresh = result.invalidSamples.map((s) => ({ source, line: s.line - offset, text: s.text, reason: s.reason }))
  return {
    numbers: result.numbers,
    total: prev.total + result.total - prev.valid,
    valid: result.valid,
    duplicates: prev.duplicates + result.duplicates,
    invalid: prev.invalid + result.invalid,
    samples: [...prev.samples, ...fresh].slice(0, SAMPLE_LIMIT),
    rejected: result.invalidLines.length ? [...prev.rejected, { source, offset, lines: result.invalidLines }] : prev.rejected,
    sources: prev.sources + 1,
    byOperator: result.byOperator,
  }
}

/** What invalidLinesFile reads: samples, and every invalid entry in parts (see RejectedPart). */
export interface InvalidLines<R extends string> {
  samples: { source: string; line: number; text: string; reason: R }[]
  rejected: RejectedPart[]
}

/**
 * Every invalid entry as a text file for "download invalid lines": one `source<TAB>line<TAB>entry<TAB>reason` a line
 * (CRLF, for spreadsheet programs), the reason in the page's language. Built from the parts, decoded one at a time;
 * a draft saved before the parts existed has only its samples. Also the point-to-point page's refused rows.
 */
export function invalidLinesFile<R extends string>(state: InvalidLines<R>, reason: (r: R) => string): Blob {
  const type = 'text/plain;charset=utf-8'
  const parts = state.rejected
  if (!parts.length) return new Blob(state.samples.map((s) => `${s.source}\t${s.line}\t${s.text}\t${reason(s.reason)}\r\n`), { type })
  const labels = new Map<string, string>()
  const label = (r: R) => labels.get(r) ?? labels.set(r, reason(r)).get(r)!
  const decoder = new TextDecoder()
  return new Blob(
    parts.map(({ source, offset, lines }) =>
      decoder.decode(lines).replace(/^(\d+)\t([^\t\n]*)\t(\w+)\n/gm, (_, line: string, text: string, r: R) =>
        `${source}\t${Number(line) - offset}\t${text}\t${label(r)}\r\n`),
    ),
    { type },
  )
}

/** The first `count` numbers of the kept list (a view, not a copy). */
export function firstLines(numbers: Uint8Array, count: number): Uint8Array {
  let seen = 0
  for (let i = 0; i < numbers.length; i++) if (numbers[i] === NL && ++seen === count) return numbers.subarray(0, i)
  return numbers
}

/**
 * The first `count` kept numbers as strings, read from the worker's bytes (at most `count` lines are decoded, so a
 * million kept numbers cost nothing): the sample under the numbers box after a paste.
 */
export function sampleNumbers(numbers: Uint8Array, count: number): string[] {
  if (count <= 0 || numbers.length === 0) return []
  return new TextDecoder().decode(firstLines(numbers, count)).split('\n').filter(Boolean)
}

/** Separators parseNumberList accepts (src/domain/numbers.ts), as characters. */
const SEPARATORS = new Set([...'\t\n\v\f\r ,;|，；、\u3000\uFEFF'])
/** How a domestic entry may start: a national number, or it after 86, +86 or 0086. */
const DOMESTIC_LEADS = ['', '86', '+86', '0086']

/** `n` (digits, one leading `+`) is a proper start of some valid domestic form: 1, then 3–9, then 9 digits. */
function domesticStart(n: string): boolean {
  return DOMESTIC_LEADS.some((lead) => {
    if (n.length >= lead.length + 11) return false
    for (let i = 0; i < n.length; i++) {
      const c = n[i]
      const k = i - lead.length
      const ok = k < 0 ? c === lead[i] : k === 0 ? c === '1' : k === 1 ? c >= '3' && c <= '9' : c >= '0' && c <= '9'
      if (!ok) return false
    }
    return true
  })
}

/**
 * Where the number still being typed starts: the box's last entry (no separator after it) when it is not a valid
 * number yet but more digits could make it one, e.g. "1380013" or "+86"; else `text.length`. The count made while
 * typing leaves it out, so a half-typed number is not listed as invalid at every pause; leaving the box or Send
 * counts it as it is. International numbers are held while they have fewer than the 7 digits the shortest has.
 */
export function typingStart(text: string, mode: 'domestic' | 'international' = 'domestic'): number {
  let start = text.length
  while (start > 0 && !SEPARATORS.has(text[start - 1])) start--
  const entry = text
    .slice(start)
    .replace(/[-.]/g, '')
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
  if (!entry || !/^\+?\d*$/.test(entry)) return text.length
  const growing = mode === 'international' ? entry.replace(/^\+|^00/, '').length < 7 : domesticStart(entry)
  return growing ? start : text.length
}
