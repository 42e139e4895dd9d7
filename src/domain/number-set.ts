/*
 * A hash set of positive integers below 2^53, for deduplicating millions of phone numbers. A JavaScript Set of
 * strings would cost an object per number and stops at 2^24 entries in V8; this is one Float64Array (open addressing,
 * linear probing, 0 marks an empty slot, at most 70% full, doubled when it would be fuller), so memory stays
 * 12 to 23 bytes per distinct number whatever the count. A fuller table would be smaller but probe longer; an
 * emptier one misses the caches (and the TLB) more often once it is tens of megabytes, which costs more.
 */
const MIN_CAPACITY = 1024
const TWO_32 = 4294967296
const MAX_LOAD = 0.7

/** Mixes both 32-bit halves of the key so runs of consecutive numbers spread over the table. */
function slot(key: number, mask: number): number {
  const lo = key >>> 0
  const hi = (key - lo) / TWO_32
  let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2f), 0x9e3779b1)
  h ^= h >>> 15
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  return h & mask
}

function capacityFor(expected: number): number {
  let capacity = MIN_CAPACITY
  while (capacity * MAX_LOAD < expected) capacity *= 2
  return capacity
}

export class NumberSet {
  private keys: Float64Array
  private mask: number
  private slots = new Int32Array(0)
  /** The sum of addAll's warm-up reads, kept so the compiler cannot drop them; means nothing. */
  warmUp = 0
  size = 0

  /** expected: the likely number of distinct keys, so a good guess avoids regrowing. */
  constructor(expected = 0) {
    const capacity = capacityFor(expected)
    this.keys = new Float64Array(capacity)
    this.mask = capacity - 1
  }

  /**
   * An empty set for `expected` keys: the one last given back when its table is big enough and at most 4× bigger
   * than needed (then clearing it costs less than a fresh table), else a new one. A fresh 16 MB table (1M numbers)
   * is memory the system has to fault in page by page, 40–60 ms on a busy VM; clearing a used one is a few ms. The
   * numbers worker re-parses the kept list with each new source, so the reuse is the common case there.
   */
  static take(expected: number): NumberSet {
    const spare = NumberSet.spare
    NumberSet.spare = null
    const capacity = capacityFor(expected)
    if (spare && spare.keys.length >= capacity && spare.keys.length <= capacity * 4) {
      spare.keys.fill(0)
      spare.size = 0
      return spare
    }
    return new NumberSet(expected)
  }

  /** Hands a set no longer used back for the next take(); one is kept. */
  static give(set: NumberSet) {
    NumberSet.spare = set
  }

  private static spare: NumberSet | null = null

  /**
   * Adds keys[0..count) (integers in [1, 2^53)) in order, setting added[j] to 1 when keys[j] was new, else 0. It
   * first reads every key's home slot in a loop of independent loads, so their cache misses overlap instead of
   * costing a full memory round trip each (the table outgrows the caches at ~100k numbers).
   */
  addAll(keys: Float64Array, count: number, added: Uint8Array) {
    while (this.size + count > this.keys.length * MAX_LOAD) this.grow()
    if (this.slots.length < count) this.slots = new Int32Array(count)
    const table = this.keys
    const mask = this.mask
    const slots = this.slots
    let sink = 0
    for (let j = 0; j < count; j++) {
      const i = slot(keys[j], mask)
      slots[j] = i
      sink += table[i]
    }
    this.warmUp = sink
    for (let j = 0; j < count; j++) {
      const key = keys[j]
      let i = slots[j]
      let k = table[i]
      while (k !== 0 && k !== key) {
        i = (i + 1) & mask
        k = table[i]
      }
      added[j] = k === 0 ? 1 : 0
      if (k === 0) {
        table[i] = key
        this.size++
      }
    }
  }

  private grow() {
    const old = this.keys
    const keys = new Float64Array(old.length * 2)
    const mask = keys.length - 1
    for (let j = 0; j < old.length; j++) {
      const key = old[j]
      if (key === 0) continue
      let i = slot(key, mask)
      while (keys[i] !== 0) i = (i + 1) & mask
      keys[i] = key
    }
    this.keys = keys
    this.mask = mask
  }
}
