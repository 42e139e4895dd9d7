/*
 * Recipient number lists: pasted text or a file's bytes in, counts and the distinct valid numbers out.
 * Pure and synchronous so it is tested and benchmarked in Node; numbers.worker.ts only exposes it.
 *
 * It scans the UTF-8 bytes once: no decoding of the whole input, no split into strings, no Set of strings (V8's
 * stops at 2^24 entries). A valid number is at most 15 digits with no leading zero, so its value as a double is
 * exact and identifies it. Valid entries are collected as numbers and offsets, de-duplicated at once in typed arrays
 * (first-seen.ts), and the distinct ones written into the output bytes. Memory: the output (at most the input's size,
 * or the input itself in place) plus ~28 bytes per valid entry, kept for the next call.
 *
 * Entries are separated by any run of: ASCII white space (tab, LF, VT, FF, CR, space), `,` `;` `|`, the full-width
 * `，` (U+FF0C) `；` (U+FF1B) `、` (U+3001), the ideographic space U+3000, and U+FEFF (the byte-order mark, ignored
 * wherever it is, as concatenated files carry one each). Inside an entry, `-` and `.` are dropped and full-width
 * digits U+FF10–U+FF19 read as digits. Line numbers count LF, CRLF and a lone CR as one line break each.
 *
 * Reasons, first applicable wins:
 *   domestic       1. format   a character other than digits, `-`, `.` and one leading `+`; or no digit at all
 *                  2. (prefix) `+86`, `0086` or `86` is dropped when exactly 11 digits follow it
 *                  3. format   a leading `+` that step 2 did not drop
 *                  4. landline the (remaining) number starts with 0
 *                  5. length   not 11 digits
 *                  6. format   not 1 then 3–9
 *   international  1. format   as above
 *                  2. (prefix) a leading `+`, else a leading `00`, is dropped
 *                  3. length   not 7 to 15 digits
 *                  4. country  no calling code of `countryCodes` starts it (the longest match is the country)
 */
import { CallingCodes, POW10 } from './calling-codes'
import type { OperatorCounts } from './operators'
import { firstSeenScratchBytes, markFirstSeen, releaseFirstSeenScratch } from './first-seen'
import { isMobileValue } from './mobile'

export type InvalidReason = 'format' | 'length' | 'landline' | 'country'
export interface InvalidEntry {
  /** 1-based line of the input the entry is on. */
  line: number
  /** The entry as written. */
  text: string
  reason: InvalidReason
}
export interface NumberListOptions {
  mode?: 'domestic' | 'international'
  /** Calling codes accepted in international mode (required there), e.g. ['1', '44', '852']. */
  countryCodes?: string[]
  /**
   * Write the numbers over the input instead of a new buffer (the input is then destroyed). For a caller that owns
   * the bytes, as the worker does a transferred buffer: no fresh 13 MB to fault in at 1M numbers. Safe because a
   * number is never written past the start of its own entry (it is at most as long, and its line break replaces at
   * least one separator byte), and invalid entries are read before anything is written over them.
   */
  inPlace?: boolean
}
export interface NumberListResult {
  /** Entries read; total = valid + duplicates + invalid. */
  total: number
  /** Distinct valid numbers. */
  valid: number
  /** Valid entries repeating an earlier one (compared after dropping prefixes, `-` and `.`). */
  duplicates: number
  invalid: number
  /**
   * The distinct valid numbers, first-seen order, normalised, as ASCII digits separated by `\n` (no trailing one).
   * Its own buffer (the input's with `inPlace`), which is the input's size unless more than a quarter of it would be left
   * unused: a trimming copy of every result (12 MB at 1M numbers, and the collections it brought on) took the
   * 1M-number parse from ~110 to ~200 ms. Transferring it moves that whole buffer.
   */
  numbers: Uint8Array
  /** The first INVALID_SAMPLE_LIMIT invalid entries. */
  invalidSamples: InvalidEntry[]
  /**
   * Every invalid entry, for "download invalid lines": UTF-8, one `line<TAB>entry<TAB>reason` a line, each ending in
   * `\n` (reason as InvalidReason names it). An entry never holds a tab or a line break (they separate entries).
   * Its own buffer, safe to transfer; empty when nothing is invalid.
   */
  invalidLines: Uint8Array
  /** International mode: distinct valid numbers per calling code (longest match), for per-country prices. */
  byCountry?: Record<string, number>
  /** Domestic mode: distinct valid numbers per operator; added by the workers (workers/operator-counts.ts), not here. */
  byOperator?: OperatorCounts
}

export const INVALID_SAMPLE_LIMIT = 100
const DECODER = new TextDecoder()
const REASONS: InvalidReason[] = ['format', 'length', 'landline', 'country']
const REASON_BYTES = REASONS.map((r) => new TextEncoder().encode(`\t${r}\n`))
const FORMAT = -1
const LENGTH = -2
const LANDLINE = -3
const COUNTRY = -4

// Byte kinds; 0 is any other byte.
const SEP = 1
const LF = 2
const CR = 3
const DROP = 4
const PLUS = 5
const LEAD = 6 // 0xE3 or 0xEF: may start a full-width separator or digit
const KIND = new Uint8Array(256)
for (const b of [0x09, 0x0b, 0x0c, 0x20, 0x2c, 0x3b, 0x7c]) KIND[b] = SEP
KIND[0x0a] = LF
KIND[0x0d] = CR
KIND[0x2d] = KIND[0x2e] = DROP
KIND[0x2b] = PLUS
KIND[0xe3] = KIND[0xef] = LEAD

/** U+3000, U+3001 (E3 80 80/81), U+FF0C, U+FF1B (EF BC 8C/9B) and U+FEFF (EF BB BF). */
function isWideSeparator(bytes: Uint8Array, i: number): boolean {
  const b1 = bytes[i + 1]
  const b2 = bytes[i + 2]
  if (bytes[i] === 0xe3) return b1 === 0x80 && (b2 === 0x80 || b2 === 0x81)
  return b1 === 0xbc ? b2 === 0x8c || b2 === 0x9b : b1 === 0xbb && b2 === 0xbf
}

/**
 * Domestic rules on an entry's digits: the normalised number, or a reason < 0. value is exact up to 15 digits; past
 * that only the leading-zero test needs the real first digit, read off the entry's bytes at `start`.
 */
function domestic(digits: number, value: number, plus: boolean, bad: boolean, bytes: Uint8Array, start: number): number {
  if (bad || digits === 0) return FORMAT
  if ((digits === 13 || (digits === 15 && !plus)) && value >= 86e11 && value < 87e11) {
    const rest = value - 86e11
    if (rest < 1e10) return LANDLINE
    return isMobileValue(rest) ? rest : FORMAT
  }
  if (plus) return FORMAT
  if (digits <= 15 ? value < POW10[digits - 1] : firstDigit(bytes, start) === 0) return LANDLINE
  if (digits !== 11) return LENGTH
  return isMobileValue(value) ? value : FORMAT
}

/** International rules; `value < 10^(digits-2)` is exact whenever the digits left could be a valid length. */
function international(digits: number, value: number, plus: boolean, bad: boolean, codes: CallingCodes): number {
  if (bad || digits === 0) return FORMAT
  if (!plus && digits >= 2 && value < POW10[digits - 2]) digits -= 2
  if (digits < 7 || digits > 15) return LENGTH
  if (value < POW10[digits - 1]) return COUNTRY // a zero left after the prefix: no calling code starts with 0
  return codes.match(value, digits) >= 0 ? value : COUNTRY
}

/** The first digit of the entry at `start` (ASCII or full-width). */
function firstDigit(bytes: Uint8Array, start: number): number {
  for (let i = start; ; i++) {
    if (bytes[i] >= 0x30 && bytes[i] <= 0x39) return bytes[i] - 0x30
    if (bytes[i] === 0xef && bytes[i + 1] === 0xbc && bytes[i + 2] >= 0x90 && bytes[i + 2] <= 0x99) return bytes[i + 2] - 0x90
  }
}

function digitCount(value: number): number {
  let digits = 11
  while (digits > 1 && value < POW10[digits - 1]) digits--
  while (value >= POW10[digits]) digits++
  return digits
}

/** Writes the `digits` decimal digits of value (1 <= value < 1e15) at `at`; returns the position after them. */
function writeDigits(out: Uint8Array, at: number, value: number, digits: number): number {
  let hi = Math.floor(value / 1e8)
  let lo = value - hi * 1e8
  const end = at + digits
  for (let i = end - 1; i >= at; i--) {
    if (i >= end - 8) {
      const q = (lo / 10) | 0
      out[i] = 48 + lo - q * 10
      lo = q
    } else {
      const q = (hi / 10) | 0
      out[i] = 48 + hi - q * 10
      hi = q
    }
  }
  return end
}

interface Entries {
  values: Float64Array
  starts: Int32Array
  /** The entry's length in bytes, 255 for longer (then never the bare digits). */
  lengths: Uint8Array
  added: Uint8Array
}
/** The last call's entry arrays, reused like first-seen's scratch (fresh ones are faulted in page by page). */
let spareEntries: Entries | null = null

const NO_ENTRIES: Entries = { values: new Float64Array(0), starts: new Int32Array(0), lengths: new Uint8Array(0), added: new Uint8Array(0) }

/**
 * Drops the scratch kept for the next call (the entry arrays and first-seen's tables, ~28 bytes per valid entry of
 * the last big list: ~140 MB after 5M numbers). The worker calls it once it has been idle for a while.
 */
export function releaseNumberScratch() {
  spareEntries = null
  releaseFirstSeenScratch()
}

/** Bytes of scratch kept for the next call. */
export function numberScratchBytes(): number {
  const e = spareEntries
  return firstSeenScratchBytes() + (e ? e.values.byteLength + e.starts.byteLength + e.lengths.byteLength + e.added.byteLength : 0)
}

function entriesFor(capacity: number): Entries {
  const s = spareEntries
  spareEntries = null
  if (s && s.values.length >= capacity && s.values.length <= capacity * 4 + 4096) return s
  return { values: new Float64Array(capacity), starts: new Int32Array(capacity), lengths: new Uint8Array(capacity), added: new Uint8Array(capacity) }
}

const EMPTY = new Uint8Array(0)
class Collector {
  /** The last collector, emptied (see result()). */
  static last: Collector | null = null
  total = 0
  valid = 0
  duplicates = 0
  invalid = 0
  samples: InvalidEntry[] = []
  /** invalidLines being written: `rejected` holds its first `rejectedAt` bytes. */
  private rejected = EMPTY
  private rejectedAt = 0
  /** Where the scan stores valid entries (it keeps their count); grow() when full. */
  entries: Entries
  private out: Uint8Array
  private readonly perCode: Float64Array | null

  constructor(
    private bytes: Uint8Array,
    private readonly codes: CallingCodes | null,
    inPlace: boolean,
  ) {
    // Each distinct number is at most as long as its entry, and the `\n` before it at most the separator before that.
    this.out = inPlace ? bytes : new Uint8Array(bytes.length)
    // An 11-digit number and its separator: 12 bytes. Shorter entries are rarer; grow() covers them.
    this.entries = entriesFor(Math.ceil(bytes.length / 12) + 16)
    this.perCode = codes && new Float64Array(codes.codes.length)
  }

  /** An invalid entry: a sample (the first ones) and a line of invalidLines. Runs before anything is written in place. */
  reject(reason: number, start: number, end: number, line: number) {
    const { bytes } = this
    if (this.invalid++ < INVALID_SAMPLE_LIMIT) {
      this.samples.push({ line, text: DECODER.decode(bytes.subarray(start, end)), reason: REASONS[-reason - 1] })
    }
    const tail = REASON_BYTES[-reason - 1]
    const lineDigits = digitCount(line)
    const need = this.rejectedAt + lineDigits + 1 + (end - start) + tail.length
    if (need > this.rejected.length) {
      const grown = new Uint8Array(Math.max(need, this.rejected.length * 2, 4096))
      grown.set(this.rejected.subarray(0, this.rejectedAt))
      this.rejected = grown
    }
    const out = this.rejected
    let at = writeDigits(out, this.rejectedAt, line, lineDigits)
    out[at++] = 9
    for (let k = start; k < end; k++) out[at++] = bytes[k]
    for (let k = 0; k < tail.length; k++) out[at++] = tail[k]
    this.rejectedAt = at
  }

  /** Room for more valid entries than the guess: the arrays doubled, the entries so far copied. */
  grow(): Entries {
    const old = this.entries
    const next = entriesFor(old.values.length * 2)
    next.values.set(old.values)
    next.starts.set(old.starts)
    next.lengths.set(old.lengths)
    this.entries = next
    return next
  }

  /**
   * De-duplicates every valid entry at once (first-seen.ts: partitioned, cache-sized tables), then writes the distinct
   * numbers in input order. Writing over the input is safe: the write position never passes the entry being read.
   */
  result(count: number): NumberListResult {
    const { values, starts, lengths, added } = this.entries
    const { bytes, out, perCode } = this
    this.total = count + this.invalid
    this.valid = markFirstSeen(values, count, added)
    this.duplicates = count - this.valid
    let at = 0
    let written = 0
    for (let j = 0; j < count; j++) {
      if (!added[j]) continue
      if (written++ > 0) out[at++] = 10
      const value = values[j]
      const digits = digitCount(value)
      const start = starts[j]
      // Most entries are the bare digits: copy them rather than print the number.
      if (lengths[j] === digits) {
        for (let k = 0; k < digits; k++) out[at + k] = bytes[start + k]
        at += digits
      } else at = writeDigits(out, at, value, digits)
      if (perCode) perCode[this.codes!.match(value, digits)]++
    }
    spareEntries = this.entries
    this.entries = NO_ENTRIES
    // Kept alive, emptied: while one collector lives, its hidden class does, and the scan's optimised code (which
    // depends on that class, held only weakly by V8) survives a major collection instead of being thrown away.
    Collector.last = this
    const { total, valid, duplicates, invalid, samples } = this
    const numbers = at < out.length * 0.75 ? out.slice(0, at) : out.subarray(0, at)
    const invalidLines = this.rejected.slice(0, this.rejectedAt)
    this.bytes = this.out = this.rejected = EMPTY
    const result: NumberListResult = { total, valid, duplicates, invalid, numbers, invalidSamples: samples, invalidLines }
    if (perCode) result.byCountry = Object.fromEntries(this.codes!.codes.map((code, i) => [code, perCode[i]]))
    return result
  }
}

export function parseNumberList(bytes: Uint8Array, options: NumberListOptions = {}): NumberListResult {
  let codes: CallingCodes | null = null
  if (options.mode === 'international') {
    if (!options.countryCodes) throw new TypeError('international mode needs countryCodes')
    codes = new CallingCodes(options.countryCodes)
  }
  // The options are read here, not in scan(): their object (a fresh one from each worker message) has a hidden class
  // V8 holds weakly, and optimised code reading it is thrown away once no such object is left.
  return scan(bytes, codes, options.inPlace === true)
}

/**
 * The scan is one loop on purpose: an entry's state lives in locals the compiler keeps in registers, and each byte
 * costs a range check and, off the digit path, one table lookup.
 */
function scan(bytes: Uint8Array, codes: CallingCodes | null, inPlace: boolean): NumberListResult {
  const acc = new Collector(bytes, codes, inPlace)
  // The valid entries are stored by the loop itself, in locals: optimised code that reaches short-lived objects
  // depends on their hidden classes, and every major collection that frees the last of them throws it away (then
  // half the parse is spent re-optimising). Hence also Collector.last and the options read by the caller.
  let { values, starts, lengths } = acc.entries
  let count = 0
  const n = bytes.length
  let i = 0
  let line = 1
  while (i < n) {
    const kind = KIND[bytes[i]]
    if (kind === SEP) {
      i++
      continue
    }
    if (kind === LF || kind === CR) {
      line++
      i += kind === CR && bytes[i + 1] === 0x0a ? 2 : 1
      continue
    }
    if (kind === LEAD && isWideSeparator(bytes, i)) {
      i += 3
      continue
    }
    const start = i
    let digits = 0
    let value = 0
    let plus = false
    let bad = false
    while (i < n) {
      const b = bytes[i]
      let d = b - 0x30
      if (d < 0 || d > 9) {
        const k = KIND[b]
        if (k === DROP) {
          i++
          continue
        }
        if (k === PLUS) {
          if (digits > 0 || plus) bad = true
          plus = true
          i++
          continue
        }
        if (k === SEP || k === LF || k === CR || (k === LEAD && isWideSeparator(bytes, i))) break
        if (b === 0xef && bytes[i + 1] === 0xbc && bytes[i + 2] >= 0x90 && bytes[i + 2] <= 0x99) {
          d = bytes[i + 2] - 0x90
          i += 2
        } else {
          bad = true
          i++
          continue
        }
      }
      value = value * 10 + d
      digits++
      i++
    }
    const v = codes ? international(digits, value, plus, bad, codes) : domestic(digits, value, plus, bad, bytes, start)
    if (v > 0) {
      if (count === values.length) ({ values, starts, lengths } = acc.grow())
      values[count] = v
      starts[count] = start
      lengths[count] = i - start < 255 ? i - start : 255
      count++
    } else acc.reject(v, start, i, line)
  }
  return acc.result(count)
}
