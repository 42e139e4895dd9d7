/**
 * Exact list totals remembered for a few seconds per process, by the full query that counted them (its SQL and
 * parameters, which hold the tenant scope and every filter), so fifty analysts paging the same expensive search do
 * not count the same set fifty times. Why it is safe across processes: nothing is shared or invalidated; each entry
 * is exact as of when it was counted and lives at most `ttlMs`, so every process shows a total at most that old,
 * the page rows themselves are always read fresh, and a key can only be hit by a request with the same scope. Only
 * counts that could not come from the daily rollups are kept (those are cheap and exact anyway). ttlMs 0 turns it off.
 */
export class CountCache {
  private readonly entries = new Map<string, { n: number; at: number }>()

  constructor(private readonly ttlMs: number, private readonly max = 1000, private readonly now: () => number = Date.now) {}

  get(key: string): number | undefined {
    const e = this.entries.get(key)
    if (!e) return undefined
    if (this.now() - e.at >= this.ttlMs) {
      this.entries.delete(key)
      return undefined
    }
    return e.n
  }

  set(key: string, n: number): void {
    if (this.ttlMs <= 0) return
    this.entries.delete(key)
    this.entries.set(key, { n, at: this.now() })
    // Oldest first: a Map keeps insertion order.
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
  }

  get size(): number {
    return this.entries.size
  }
}
