/*
 * First occurrences among millions of phone numbers, for parseNumberList's de-duplication.
 *
 * A JavaScript Set of strings costs an object per number and stops at 2^24 entries in V8. A single typed-array hash
 * table does not, but once it outgrows the caches (~100k numbers) every lookup is a memory round trip: ~75 ns a key on
 * this class of machine, 75 of the ~110 ms a 1M-number parse took. So the keys are first partitioned by the top bits
 * of their hash, in two sequential passes (count, then scatter with each key's index), into partitions of ~1,000 keys;
 * each partition is then de-duplicated in a small table that stays in the L1/L2 cache. Scattering keeps the keys of a
 * partition in input order, so the first one seen is the one kept. ~30 ms for 1M keys.
 *
 * Memory: 14 bytes of scratch a key (partition id, key copy, index), kept for the next call (see take()), plus the
 * caller's `added` flags. Keys are integers in [1, 2^53): 0 marks an empty slot.
 */
const TWO_32 = 4294967296
/** Average keys a partition; its table (2–4× that, 8 bytes a slot) then stays within 32 KB, in L1/L2. */
const PARTITION = 1024
const MAX_BITS = 16

/** Mixes both 32-bit halves of the key (so runs of consecutive numbers spread out) into 32 well-mixed bits. */
function hash(key: number): number {
  const lo = key >>> 0
  const hi = (key - lo) / TWO_32
  let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2f), 0x9e3779b1)
  h ^= h >>> 15
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  return h >>> 0
}

interface Scratch {
  parts: Uint16Array
  keys: Float64Array
  index: Int32Array
  bounds: Int32Array
  cursor: Int32Array
  table: Float64Array
}
let spare: Scratch | null = null

/**
 * Scratch for `count` keys: the last call's when big enough and at most 4× bigger than needed, else new. Fresh typed
 * arrays are memory the system faults in page by page (~0.5 ms a MB here, more on a busy machine); the numbers worker
 * re-parses the kept list with each new source, so reuse is the common case there.
 */
function take(count: number, partitions: number): Scratch {
  const s = spare
  if (s && s.keys.length >= count && s.keys.length <= count * 4 + 4096) {
    if (s.bounds.length <= partitions) s.bounds = new Int32Array(partitions + 1)
    if (s.cursor.length <= partitions) s.cursor = new Int32Array(partitions + 1)
    return s
  }
  const size = Math.max(count, 1024)
  const bounds = Math.max(partitions + 1, 1025)
  spare = {
    parts: new Uint16Array(size),
    keys: new Float64Array(size),
    index: new Int32Array(size),
    bounds: new Int32Array(bounds),
    cursor: new Int32Array(bounds),
    table: new Float64Array(4 * PARTITION),
  }
  return spare
}

/** Drops the kept scratch (tests; a caller done with huge lists). */
export function releaseFirstSeenScratch() {
  spare = null
}

/** Bytes of scratch kept for the next call. */
export function firstSeenScratchBytes(): number {
  return spare ? Object.values(spare).reduce((sum: number, a: ArrayBufferView) => sum + a.byteLength, 0) : 0
}

/**
 * Sets added[j] to 1 when keys[j] is not among keys[0..j), else 0, for j < count; returns the number of distinct keys.
 * keys: integers in [1, 2^53).
 */
export function markFirstSeen(keys: Float64Array, count: number, added: Uint8Array): number {
  let bits = 0
  while (bits < MAX_BITS && count >> bits > PARTITION) bits++
  const partitions = 1 << bits
  const shift = 32 - bits
  const s = take(count, partitions)
  const { parts, index, bounds, cursor } = s
  const scattered = s.keys

  // Count each partition's keys (bounds[p + 1]), then turn the counts into start offsets.
  bounds.fill(0, 0, partitions + 1)
  for (let j = 0; j < count; j++) {
    const p = bits === 0 ? 0 : hash(keys[j]) >>> shift
    parts[j] = p
    bounds[p + 1]++
  }
  let largest = 0
  for (let p = 0; p < partitions; p++) {
    largest = Math.max(largest, bounds[p + 1])
    bounds[p + 1] += bounds[p]
    cursor[p] = bounds[p]
  }
  for (let j = 0; j < count; j++) {
    const at = cursor[parts[j]]++
    scattered[at] = keys[j]
    index[at] = j
  }

  let capacity = 16
  while (capacity < largest * 2) capacity *= 2
  if (s.table.length < capacity) s.table = new Float64Array(capacity)
  const table = s.table
  let distinct = 0
  for (let p = 0; p < partitions; p++) {
    const from = bounds[p]
    const to = bounds[p + 1]
    // The smallest power of two at least twice the partition: at most half full, so probes stay short.
    let size = 16
    while (size < (to - from) * 2) size *= 2
    const mask = size - 1
    table.fill(0, 0, size)
    for (let k = from; k < to; k++) {
      const key = scattered[k]
      let i = hash(key) & mask
      let t = table[i]
      while (t !== 0 && t !== key) {
        i = (i + 1) & mask
        t = table[i]
      }
      if (t === 0) {
        table[i] = key
        distinct++
        added[index[k]] = 1
      } else added[index[k]] = 0
    }
  }
  return distinct
}
