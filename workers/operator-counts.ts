import type { NumberListOptions, NumberListResult } from '../src/domain/numbers'
import { OPERATORS, operatorTable, OTHER, type OperatorCounts } from '../src/domain/operators'

/*
 * Valid numbers per operator, for the send and check pages' breakdown. The input is the numbers worker's output
 * (distinct valid numbers, ASCII digits separated by '\n'), possibly millions of them, so it is scanned byte by byte:
 * each number's first four digits index a 1,000-entry table (src/domain/operators.ts), no string is made.
 */
const NL = 10
const ZERO = 48
const TABLE = operatorTable()

export function countByOperator(numbers: Uint8Array, table: Uint8Array = TABLE): OperatorCounts {
  const per = new Float64Array(OTHER + 1)
  let prefix = 0
  let digits = 0
  let bad = false
  const end = () => {
    // A mainland mobile is 11 digits starting with 1; anything else (international input) is `other`.
    if (digits > 0) per[digits === 11 && !bad && prefix >= 1000 && prefix < 2000 ? table[prefix - 1000] : OTHER]++
  }
  for (let i = 0; i < numbers.length; i++) {
    const b = numbers[i]
    if (b === NL) {
      end()
      prefix = 0
      digits = 0
      bad = false
      continue
    }
    if (b < ZERO || b > ZERO + 9) bad = true
    else if (digits < 4) prefix = prefix * 10 + (b - ZERO)
    digits++
  }
  end()
  const out = { other: per[OTHER] } as OperatorCounts
  OPERATORS.forEach((op, i) => (out[op] = per[i]))
  return out
}

/** A domestic parse with its per-operator counts, as the workers hand it to the page (one more scan of the output). */
export function withOperatorCounts<R extends NumberListResult>(result: R, options?: NumberListOptions): R {
  if (options?.mode !== 'international') result.byOperator = countByOperator(result.numbers)
  return result
}

export type { OperatorCounts }
