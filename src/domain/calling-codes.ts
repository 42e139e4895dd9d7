/*
 * Calling codes of the server's country list (`/user/getBusCtyList`) as flat lookup tables, one per code length,
 * so matching the longest code at the start of a number is at most six array reads and no string work.
 */
const MAX_CODE_DIGITS = 6
export const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i)

export class CallingCodes {
  /** tables[len][prefix] = index into codes, or -1. */
  private tables: (Int32Array | undefined)[] = []
  private longest = 0
  readonly codes: string[] = []

  /** Codes are digits with no leading zero, with or without a leading `+`; anything else is a caller bug. */
  constructor(codes: readonly string[]) {
    for (const raw of codes) {
      const code = raw.trim().replace(/^\+/, '')
      if (!/^[1-9]\d*$/.test(code) || code.length > MAX_CODE_DIGITS) {
        throw new RangeError(`calling code "${raw}" is not 1 to ${MAX_CODE_DIGITS} digits without a leading zero`)
      }
      const table = (this.tables[code.length] ??= new Int32Array(POW10[code.length]).fill(-1))
      if (table[Number(code)] >= 0) continue
      table[Number(code)] = this.codes.length
      this.codes.push(code)
      this.longest = Math.max(this.longest, code.length)
    }
  }

  /** Index of the longest code that starts `value`, a number of `digits` digits (no leading zero), or -1. */
  match(value: number, digits: number): number {
    for (let len = Math.min(this.longest, digits); len > 0; len--) {
      const table = this.tables[len]
      if (!table) continue
      const index = table[Math.floor(value / POW10[digits - len])]
      if (index >= 0) return index
    }
    return -1
  }
}
