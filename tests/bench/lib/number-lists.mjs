// Deterministic pasted number lists for numbers.bench.mjs, built straight into bytes (a 5M list is ~65 MB, so no
// intermediate string): ~92% valid domestic numbers, some of them repeated (~5% of entries) or written with a
// +86 / 0086 / 86 prefix, dashes or full-width digits, and ~8% invalid ones (short, landline, letters), separated
// by a mix of LF, CRLF, commas, spaces, tabs, `；`, `，` and `、`.
const enc = new TextEncoder()
const SEPARATORS = ['\n', '\n', '\n', '\r\n', ',', ' ', '\t', '；', '，', '、', ', '].map((s) => enc.encode(s))
const INVALID = ['1380013800', '010-88886666', 'abc13800138', '12800138000', '138001380001', '+1415'].map((s) => enc.encode(s))
const FULL = [0xef, 0xbc] // full-width digit: EF BC 90+d

export function numberList(n, seed = 20250101) {
  const rand = mulberry32(seed)
  const out = new Uint8Array(n * 20 + 64)
  const recent = new Float64Array(4096)
  let at = 0
  const put = (bytes) => {
    out.set(bytes, at)
    at += bytes.length
  }
  for (let i = 0; i < n; i++) {
    if (i > 0) put(SEPARATORS[Math.floor(rand() * SEPARATORS.length)])
    const r = rand()
    if (r < 0.08) {
      put(INVALID[Math.floor(rand() * INVALID.length)])
      continue
    }
    let value = 13e9 + Math.floor(rand() * 7e9)
    if (r < 0.13) value = recent[Math.floor(rand() * 4096)] || value
    recent[i & 4095] = value
    const digits = String(value)
    const style = rand()
    if (style < 0.03) put(enc.encode('+86'))
    else if (style < 0.04) put(enc.encode('0086'))
    else if (style < 0.05) put(enc.encode('86'))
    for (let j = 0; j < 11; j++) {
      if (style > 0.98) out.set([...FULL, 0x90 + digits.charCodeAt(j) - 48], (at += 3) - 3)
      else out[at++] = digits.charCodeAt(j)
      if (style > 0.95 && style <= 0.98 && (j === 2 || j === 6)) out[at++] = 0x2d
    }
  }
  return out.subarray(0, at)
}

/** Small seeded PRNG (mulberry32): floats in [0, 1). */
export function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
