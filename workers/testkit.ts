/** Seeded PRNG helpers for the property tests, so a failing case can be replayed from its seed. */
export function prng(seed: number) {
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]
  const digits = (n: number) => Array.from({ length: n }, () => String(int(10))).join('')
  return { next, int, pick, digits }
}
export type Prng = ReturnType<typeof prng>
