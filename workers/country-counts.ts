import { CallingCodes, POW10 } from '../src/domain/calling-codes'

/*
 * Per-country counts of a recipient list for the international send page's breakdown. The input is the numbers
 * worker's output (distinct valid numbers, ASCII digits separated by '\n'), possibly millions of them, so it is
 * scanned byte by byte: no decoding, no split into strings. Each number goes to the longest calling code that starts
 * it, the same match parseNumberList and the server use.
 */
export interface CountryCounts {
  /** Numbers per calling code, for every code given (0 when none), keyed by the code without '+'. */
  counts: Record<string, number>
  /** Numbers no code starts (none for the parser's output with the same codes; other input may have some). */
  unmatched: number
}

const NL = 10
/** Past 15 digits a double no longer holds the number exactly; parseNumberList never outputs one that long. */
const MAX_DIGITS = 15

export function countByCallingCode(numbers: Uint8Array, codes: readonly string[]): CountryCounts {
  const cc = new CallingCodes(codes)
  const per = new Float64Array(cc.codes.length)
  let unmatched = 0
  let value = 0
  let digits = 0
  const end = (v: number, d: number) => {
    if (d === 0) return
    const i = d <= MAX_DIGITS && v >= POW10[d - 1] ? cc.match(v, d) : -1
    if (i >= 0) per[i]++
    else unmatched++
  }
  for (let i = 0; i < numbers.length; i++) {
    const b = numbers[i]
    if (b === NL) {
      end(value, digits)
      value = 0
      digits = 0
    } else {
      value = value * 10 + (b - 48)
      digits++
    }
  }
  end(value, digits)
  const counts: Record<string, number> = {}
  cc.codes.forEach((code, i) => (counts[code] = per[i]))
  return { counts, unmatched }
}
