// The benchmarks' timing rules, once: a figure is the median of its runs, after one run that warms the caches.

/** The middle value (the upper one of an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** Milliseconds of one call of `fn`. */
export async function timed(fn) {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

/** The median of `runs` timed calls of `fn`, after one untimed call. */
export async function medianOf(fn, runs) {
  await fn()
  const ms = []
  for (let i = 0; i < runs; i++) ms.push(await timed(fn))
  return median(ms)
}
