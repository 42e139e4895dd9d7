/*
 * Column priorities (ColumnDef.priority): the figures that matter stay in the window. When the columns standing left
 * of the last priority-1 column are wider than the grid, the engine hides the least important of them (priority 3
 * before 2, the rightmost first among equals) until that column ends inside; columns right of it stay, a sideways
 * scroll away. Hidden columns stay in the column chooser, and a layout the user saved is never overridden.
 */
export const KEY_PRIORITY = 1
export const DEFAULT_PRIORITY = 2

export interface PlacedColumn {
  id: string
  /** What the column needs at least: a shared (flex) column's minimum, otherwise its width. */
  width: number
  priority: number
}

/** The ids to hide so that every priority-1 column of `columns` (in display order) ends within `available` px. */
export function columnsToHide(columns: readonly PlacedColumn[], available: number): string[] {
  let last = -1
  columns.forEach((c, i) => {
    if (c.priority <= KEY_PRIORITY) last = i
  })
  if (last < 0) return []
  const before = columns.slice(0, last + 1)
  let used = before.reduce((sum, c) => sum + c.width, 0)
  const candidates = before
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.priority > KEY_PRIORITY)
    .sort((a, b) => b.c.priority - a.c.priority || b.i - a.i)
  const hidden: string[] = []
  for (const { c } of candidates) {
    if (used <= available) break
    hidden.push(c.id)
    used -= c.width
  }
  return hidden
}
