/*
 * Where the user left a list: the first row in view and the focused cell, per tab (path). Kept in memory for the
 * page's life: the tab strip brings back filters, sort and page through the URL, and this brings back the spot.
 */
export interface GridSpot {
  /** The view (filters, sort, page) the spot belongs to: another view of the same list starts at the top. */
  view: string
  firstRow: number
  focused?: { rowIndex: number; colId: string }
}

const spots = new Map<string, GridSpot>()
const MAX_SPOTS = 100

export function saveSpot(key: string, spot: GridSpot) {
  spots.delete(key)
  spots.set(key, spot)
  // Oldest first in a Map: drop the least recently saved beyond the bound.
  while (spots.size > MAX_SPOTS) spots.delete(spots.keys().next().value as string)
}

/** The spot saved under `key` for this view (the grid reads it once per mount). */
export function peekSpot(key: string, view: string): GridSpot | undefined {
  const s = spots.get(key)
  return s && s.view === view ? s : undefined
}

let restoring = 0

/** A grid is about to put the focus back on its saved cell: other focus rules wait for it. */
export function markRestoring(on: boolean) {
  restoring = Math.max(0, restoring + (on ? 1 : -1))
}

export function isRestoringSpot(): boolean {
  return restoring > 0
}
