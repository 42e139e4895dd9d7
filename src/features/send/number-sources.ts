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

export interface NumberState {
  /** Distinct valid numbers, ASCII digits separated by '\n'. */
  numbers: Uint8Array
  total: number
  valid: number
  duplicates: number
  invalid: number
  samples: SourceSample[]
  sources: number
}

export const SAMPLE_LIMIT = 100
export const EMPTY_NUMBERS: NumberState = {
  numbers: new Uint8Array(0), total: 0, valid: 0, duplicates: 0, invalid: 0, samples: [], sources: 0,
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
    sources: prev.sources + 1,
  }
}

/** The invalid samples as a text file: one `source<TAB>line<TAB>entry<TAB>reason` a line. */
export function samplesText(samples: SourceSample[], reason: (r: InvalidReason) => string): string {
  return samples.map((s) => `${s.source}\t${s.line}\t${s.text}\t${reason(s.reason)}`).join('\r\n') + '\r\n'
}

/** The first `count` numbers of the kept list (a view, not a copy). */
export function firstLines(numbers: Uint8Array, count: number): Uint8Array {
  let seen = 0
  for (let i = 0; i < numbers.length; i++) if (numbers[i] === NL && ++seen === count) return numbers.subarray(0, i)
  return numbers
}
