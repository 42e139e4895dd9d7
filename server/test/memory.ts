/*
 * Memory bounds for the "nothing grows faster than its input" tests. Heap figures, not times: a shared
 * machine changes how long a request takes, not how much it keeps alive.
 */

import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// A full collection before measuring, so garbage left by earlier work is neither counted nor, collected midway,
// taken off this call's growth. `gc` is reachable at run time this way without starting the process with a flag.
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

/** The most the JS heap stood above its level after a full collection while `fn` ran (sampled every ms), in MB. */
export async function heapGrowthDuring<T>(fn: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  collect()
  const start = process.memoryUsage().heapUsed
  let peak = start
  const sample = () => {
    const used = process.memoryUsage().heapUsed
    if (used > peak) peak = used
  }
  const timer = setInterval(sample, 1)
  try {
    const result = await fn()
    sample()
    return { result, growthMb: (peak - start) / 2 ** 20 }
  } finally {
    clearInterval(timer)
  }
}

/** Byte length of a response body as sent (UTF-8). */
export const bodyBytes = (value: unknown) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value))
