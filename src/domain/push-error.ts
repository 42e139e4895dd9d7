/**
 * Why a report push attempt failed (push_attempt.error). The row keeps one short technical line in a fixed shape,
 * written only through `pushErrorText` (operators read it in the database and the server log as is); the console
 * reads it back with `pushErrorOf` and shows it in the user's language. A line in no known shape (an old row, a
 * system message) is shown as it is, under the generic "connection failed" words.
 */
export const pushErrorText = {
  http: (status: number | null) => `HTTP ${status ?? '?'}`,
  timeout: (ms: number) => `timeout after ${ms} ms`,
  noAddress: () => 'no push address',
  invalidAddress: () => 'invalid address',
  scheme: (scheme: string) => `scheme ${scheme} refused`,
  unresolved: (host: string, code?: string) => (code ? `cannot resolve ${host}: ${code}` : `cannot resolve ${host}`),
  refused: (address: string, range: string) => `address ${address} (${range}) refused`,
}

export type PushError =
  | { kind: 'none' }
  | { kind: 'http'; status: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'noAddress' }
  | { kind: 'invalidAddress' }
  | { kind: 'scheme'; scheme: string }
  | { kind: 'unresolved'; host: string; code: string }
  | { kind: 'refused'; address: string; range: string }
  | { kind: 'connectionRefused' }
  | { kind: 'connectionReset' }
  | { kind: 'tls'; code: string }
  | { kind: 'network'; detail: string }

const TLS = /CERT|TLS|SSL|EPROTO/

export function pushErrorOf(raw: string): PushError {
  const s = raw.trim()
  let m: RegExpMatchArray | null
  if (s === '') return { kind: 'none' }
  if ((m = /^HTTP (\S+)$/.exec(s))) return { kind: 'http', status: m[1] }
  if ((m = /^timeout after (\d+) ms$/.exec(s))) return { kind: 'timeout', ms: Number(m[1]) }
  if (s === pushErrorText.noAddress()) return { kind: 'noAddress' }
  if (s === pushErrorText.invalidAddress()) return { kind: 'invalidAddress' }
  if ((m = /^scheme (\S+) refused$/.exec(s))) return { kind: 'scheme', scheme: m[1] }
  if ((m = /^cannot resolve (\S+?)(?:: (.+))?$/.exec(s))) return { kind: 'unresolved', host: m[1], code: m[2] ?? '' }
  if ((m = /^address (\S+) \((\w+)\) refused$/.exec(s))) return { kind: 'refused', address: m[1], range: m[2] }
  if (s === 'ECONNREFUSED') return { kind: 'connectionRefused' }
  if (s === 'ECONNRESET' || s === 'socket hang up') return { kind: 'connectionReset' }
  if (TLS.test(s)) return { kind: 'tls', code: s }
  return { kind: 'network', detail: s }
}

/** ipaddr.js ranges a refused address most often falls in, with words in the dictionaries; others show their id. */
export const PUSH_RANGE_WORDS = ['loopback', 'private', 'linkLocal', 'carrierGradeNat', 'uniqueLocal', 'unspecified', 'multicast', 'reserved'] as const
export type PushRangeWord = (typeof PUSH_RANGE_WORDS)[number]
export const isPushRangeWord = (r: string): r is PushRangeWord => (PUSH_RANGE_WORDS as readonly string[]).includes(r)
