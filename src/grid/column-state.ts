import type { ColumnState } from 'ag-grid-community'

/*
 * Column order, width and visibility per user per list, in localStorage. Sort is not kept here: it lives
 * in the URL, so a bookmark and the stored layout never disagree.
 */
export type SavedColumn = Pick<ColumnState, 'colId' | 'width' | 'hide' | 'pinned' | 'flex'>

export function columnStateKey(cusId: string, listId: string): string {
  return `sms.grid.${cusId}.${listId}`
}

const storage = (): Storage | undefined => globalThis.localStorage as Storage | undefined

export function loadColumnState(key: string, store = storage()): SavedColumn[] | null {
  try {
    const raw = JSON.parse(store?.getItem(key) ?? 'null') as unknown
    if (!Array.isArray(raw)) return null
    return raw.filter((c): c is SavedColumn => !!c && typeof (c as SavedColumn).colId === 'string')
  } catch {
    return null
  }
}

export function saveColumnState(key: string, state: readonly ColumnState[], store = storage()): void {
  // A column still sharing the width (flex) is saved without its momentary width, which would fix it on restore;
  // one the user dragged has lost its flex and keeps its width.
  const slim: SavedColumn[] = state.map(({ colId, width, hide, pinned, flex }) => (flex ? { colId, hide, pinned, flex } : { colId, width, hide, pinned }))
  try {
    store?.setItem(key, JSON.stringify(slim))
  } catch {
    // A full or disabled storage only costs the layout on the next visit.
  }
}

export function clearColumnState(key: string, store = storage()): void {
  store?.removeItem(key)
}
