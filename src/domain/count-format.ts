/*
 * The one way counts are written everywhere: grouped thousands, no decimals — "105,000", not "105000" —
 * in the grid, its totals row, the pager and every dictionary sentence with a count. Both console languages group
 * with a comma, so the locale only matters for the formatter's cache.
 */
const cache = new Map<string, Intl.NumberFormat>()

export function formatCount(n: number, locale = 'zh-CN'): string {
  if (!Number.isFinite(n)) return String(n)
  let f = cache.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    cache.set(locale, f)
  }
  return f.format(n)
}
