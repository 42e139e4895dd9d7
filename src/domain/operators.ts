import { z } from 'zod'

/*
 * Mainland mobile number segments by operator (/user/getOperatorPatterns; the send and check pages count valid
 * numbers per operator with them). Source: MIIT allocations as collected by VincentSit/ChinaMobilePhoneNumberRegex
 * (2020) and the Chinese Wikipedia page it cites. Since number portability (December 2019) a segment names the
 * operator that issued the number, not necessarily the one serving it today: the counts are an estimate, labelled so.
 *
 * A segment is 3 digits, or 4 where one 3-digit segment is split (1349 is Telecom's satellite range inside Mobile's
 * 134; 1700–1709 are virtual operators' within 170). Segments of no operator here (data cards 141/144/146/148,
 * 174 emergency and maritime) count as `other`.
 */
export const OPERATORS = ['mobile', 'unicom', 'telecom', 'broadcast', 'virtual'] as const
export type Operator = (typeof OPERATORS)[number]
export type OperatorOrOther = Operator | 'other'
/** Valid numbers per operator of a recipient list. */
export type OperatorCounts = Record<OperatorOrOther, number>

export const OPERATOR_SEGMENTS: Readonly<Record<Operator, readonly string[]>> = {
  mobile: ['1340', '1341', '1342', '1343', '1344', '1345', '1346', '1347', '1348', '135', '136', '137', '138', '139', '147',
    '150', '151', '152', '157', '158', '159', '172', '178', '182', '183', '184', '187', '188', '195', '197', '198'],
  unicom: ['130', '131', '132', '145', '155', '156', '166', '175', '176', '185', '186', '196'],
  telecom: ['133', '1349', '149', '153', '173', '177', '180', '181', '189', '190', '191', '193', '199'],
  broadcast: ['192'],
  virtual: ['162', '165', '167', '170', '171'],
}

export const operatorPatternsSchema = z.object({
  operators: z.array(z.object({ operator: z.enum(OPERATORS), segments: z.array(z.string()) })),
})
export type OperatorPatterns = z.infer<typeof operatorPatternsSchema>

export const operatorPatterns = (): OperatorPatterns => ({
  operators: OPERATORS.map((operator) => ({ operator, segments: [...OPERATOR_SEGMENTS[operator]] })),
})

/** Index into OPERATORS, or OTHER, for each 4-digit prefix 1000–1999 (the table's index is the prefix − 1000). */
export const OTHER = OPERATORS.length

/** The lookup table: a 3-digit segment fills its ten 4-digit prefixes, then 4-digit segments override theirs. */
export function operatorTable(segments: Readonly<Record<Operator, readonly string[]>> = OPERATOR_SEGMENTS): Uint8Array {
  const table = new Uint8Array(1000).fill(OTHER)
  for (const len of [3, 4]) {
    OPERATORS.forEach((op, i) => {
      for (const s of segments[op]) {
        if (s.length !== len || s[0] !== '1') continue
        const base = Number(s) * 10 ** (4 - len) - 1000
        table.fill(i, base, base + 10 ** (4 - len))
      }
    })
  }
  return table
}

/** The operator of one normalised 11-digit mainland number (a string, for the server and tests; pages use the byte scan). */
export function operatorOf(mobile: string, table = operatorTable()): OperatorOrOther {
  if (!/^1\d{10}$/.test(mobile)) return 'other'
  const i = table[Number(mobile.slice(0, 4)) - 1000]
  return i === OTHER ? 'other' : OPERATORS[i]
}

/**
 * The 4-digit prefixes of an operator's numbers (or of no operator's, `other`), for a filter written in SQL as
 * `left(mobile, 4) = any(prefixes)`; `other` the prefixes no operator holds. A number not of 11 digits starting with 1 is in none of them.
 */
export function operatorPrefixes(operator: OperatorOrOther, table = operatorTable()): string[] {
  const of = (i: number) => Array.from({ length: 1000 }, (_, k) => k).filter((k) => table[k] === i).map((k) => String(1000 + k))
  if (operator === 'other') return of(OTHER)
  return of(OPERATORS.indexOf(operator))
}
