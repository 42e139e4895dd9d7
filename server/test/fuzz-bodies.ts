import fc, { type Arbitrary } from 'fast-check'

/*
 * Request bodies for the API fuzzer (fuzz-kit.ts), derived from the JSON Schemas of the OpenAPI document: values
 * a schema allows (the subset z.toJSONSchema emits: object, array, string, integer, number, boolean, null, enum,
 * const, anyOf, formats date-time and uuid, pattern) and bodies it does not (wrong types, NUL, huge strings, deep
 * nesting, missing and extra fields, broken JSON). Valid is only what the schema says: the zod schema itself is the
 * oracle of what the server must accept (refinements are not in JSON Schema).
 */

export type Schema = { [k: string]: unknown }
/** Real values for fields of these names (demo accounts, existing ids), mixed in so valid bodies reach past lookups. */
export type Hints = Record<string, readonly unknown[]>
/** A body to send: a value to JSON-encode, or raw text as is. */
export type Body = { value: unknown } | { raw: string }

const INT32 = 2 ** 31 - 1
const DAY = 86_400_000

function stringOf(s: Schema): Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid()
  if (s.format === 'date-time') {
    // Mostly the future (timed sends need 10 minutes ahead), some past.
    const now = Date.now()
    return fc.date({ min: new Date(now - 30 * DAY), max: new Date(now + 60 * DAY), noInvalidDate: true }).map((d) => d.toISOString())
  }
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern))
  const min = (s.minLength as number | undefined) ?? 0
  const max = (s.maxLength as number | undefined) ?? 10_000
  const short = (unit: 'grapheme' | 'binary') => fc.string({ unit, minLength: min, maxLength: Math.min(max, min + 24) })
  // Mostly printable text (a control character may be refused by a rule JSON Schema cannot state), some of any code point.
  return fc.oneof({ arbitrary: short('grapheme'), weight: 5 }, short('binary'), fc.string({ unit: 'grapheme-ascii', minLength: max, maxLength: max }))
}

function integerOf(s: Schema): Arbitrary<number> {
  const min = Math.max(Number(s.minimum ?? -Infinity), s.exclusiveMinimum === undefined ? -Infinity : Number(s.exclusiveMinimum) + 1, Number.MIN_SAFE_INTEGER)
  const max = Math.min(Number(s.maximum ?? Infinity), s.exclusiveMaximum === undefined ? Infinity : Number(s.exclusiveMaximum) - 1, Number.MAX_SAFE_INTEGER)
  const small = fc.integer({ min: Math.max(min, -5), max: Math.min(max, Math.max(min, -5) + 100) })
  // Far ends too: an id of 99999999999 must be a 400, not a database overflow.
  return fc.oneof({ arbitrary: small, weight: 5 }, fc.integer({ min: Math.max(min, -INT32), max: Math.min(max, INT32) }), fc.constantFrom(min, max))
}

/** Values the schema allows; `hints` add real values for fields of those names. */
export function validOf(s: Schema, hints: Hints = {}, depth = 0): Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const)
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum)
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined
  if (alternatives) return fc.oneof(...alternatives.map((a) => validOf(a, hints, depth)))
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t) => validOf({ ...s, type: t }, hints, depth)))
  switch (s.type) {
    case 'string': return stringOf(s)
    case 'integer': return integerOf(s)
    case 'number': return fc.double({ min: Number(s.minimum ?? -1e12), max: Number(s.maximum ?? 1e12), noNaN: true, noDefaultInfinity: true })
    case 'boolean': return fc.boolean()
    case 'null': return fc.constant(null)
    case 'array': {
      const items = validOf((s.items ?? {}) as Schema, hints, depth + 1)
      const min = (s.minItems as number | undefined) ?? 0
      return fc.array(items, { minLength: min, maxLength: Math.max(min, Math.min((s.maxItems as number | undefined) ?? 5, 5)) })
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>
      const model = Object.fromEntries(Object.entries(props).map(([k, p]) => {
        const own = validOf(p, hints, depth + 1)
        return [k, hints[k]?.length ? fc.oneof(own, { arbitrary: fc.constantFrom(...hints[k]), weight: 3 }) : own]
      }))
      return fc.record(model, { requiredKeys: (s.required as string[] | undefined) ?? [] })
    }
    default: return fc.jsonValue({ maxDepth: depth > 2 ? 0 : 2 })
  }
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const WRONG_TYPES: unknown[] = [null, true, -1, 1.5, 1e300, '', 'x', '\u0000', [], {}, [1, 'a'], { a: { b: 1 } }]

/** A field's value replaced by something hostile (not necessarily invalid for every schema: zod decides). */
const hostileValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...WRONG_TYPES),
  fc.string().map((t) => `${t}\u0000${t}`),
  fc.constantFrom('2024-02-30', '0000-00-00', '9999-99-99 99:99:99', '99999999999', '-99999999999999999999', '1e309', 'NaN'),
  fc.constantFrom(99_999_999_999, 99_999_999_999_999, -(2 ** 53), 2 ** 63),
  fc.integer({ min: 100_000, max: 1_500_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 1_000 }).map((d) => JSON.parse(nested(d)) as unknown),
)

/** Bodies a schema of type object refuses or that stress its reader: some derived from a valid body. */
export function invalidOf(s: Schema, hints: Hints = {}): Arbitrary<Body> {
  const valid = validOf(s, hints) as Arbitrary<Record<string, unknown>>
  const keys = Object.keys((s.properties ?? {}) as object)
  const required = (s.required as string[] | undefined) ?? []
  const derived: Arbitrary<Body>[] = [
    fc.tuple(valid, fc.constantFrom('__proto__', 'constructor', 'extra', 'a'.repeat(300)), fc.jsonValue()).map(([v, k, x]) => ({ value: { ...v, [k]: x } })),
  ]
  if (keys.length) {
    derived.push(fc.tuple(valid, fc.constantFrom(...keys), hostileValue).map(([v, k, x]) => ({ value: { ...v, [k]: x } })))
  }
  if (required.length) {
    derived.push(fc.tuple(valid, fc.constantFrom(...required)).map(([v, k]) => {
      const { [k]: _, ...rest } = v
      return { value: rest }
    }))
  }
  const whole: Arbitrary<Body> = fc.oneof(
    fc.constantFrom<unknown>(null, [], 0, 'body', true, [{}]).map((value) => ({ value })),
    fc.constantFrom('{"a":', '{', 'nul\u0000', '\ud800', '{"a":1}}', '').map((raw) => ({ raw })),
    fc.integer({ min: 1_000, max: 50_000 }).map((d) => ({ raw: nested(d) })),
  )
  return fc.oneof({ arbitrary: fc.oneof(...derived), weight: 4 }, { arbitrary: whole, weight: 1 })
}

/** A `numbers` part: a few lines, mostly valid mobiles; or hostile text. Kept small: the fuzzer's sends are billed. */
export const numbersFile: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.array(fc.oneof(fc.stringMatching(/^1[3-9]\d{9}$/), fc.stringMatching(/^\+?\d{1,15}$/), fc.string()), { minLength: 1, maxLength: 5 }).map((l) => l.join('\n')), weight: 5 },
  fc.constantFrom('', '\u0000\u0000', '13900000000\u000013900000001', `${'1'.repeat(200_000)}\n13900000000`, '\r\n\r\n'),
)

/** A `rows` part (mobile TAB values): small valid rows, or rows with hostile values. */
export const rowsFile: Arbitrary<string> = fc.array(
  fc.tuple(fc.stringMatching(/^1[3-9]\d{9}$/), fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', 'x'.repeat(5_000))), { maxLength: 3 }))
    .map(([m, values]) => [m, ...values].join('\t')),
  { minLength: 1, maxLength: 5 },
).map((rows) => rows.join('\n'))
