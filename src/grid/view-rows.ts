import type { GridApi } from 'ag-grid-community'
import { ACTIONS_COL, INDEX_FIELD } from './column-ids'
import type { LL, ListDefinition, Row } from './define-list'
import { exportValue } from './format'

/**
 * Header and cells of "Export view": the columns as the user arranged them (order, hidden ones left out, no action
 * buttons), the values as displayed, headers in the current language, and the totals row last when there is one.
 */
export function exportTable(colIds: readonly string[], list: Pick<ListDefinition, 'columns'>, LL: LL, rows: readonly Row[], totals: Row | null) {
  const byField = new Map(list.columns.map((c) => [c.field, c]))
  const ids = colIds.filter((id) => id === INDEX_FIELD || byField.has(id))
  const header = ids.map((id) => (id === INDEX_FIELD ? LL.grid.index() : (byField.get(id)?.header(LL) ?? id)))
  const body: unknown[][] = rows.map((r) => ids.map((id) => {
    const col = byField.get(id)
    return col ? exportValue(col, r, LL) : r[INDEX_FIELD]
  }))
  if (totals) {
    body.push(ids.map((id) => {
      const col = byField.get(id)
      if (id === INDEX_FIELD) return LL.grid.total()
      return col?.valueOfTotals ? exportValue(col, totals, LL) : (totals[id] ?? '')
    }))
  }
  return { header, body }
}

export function viewRows(api: GridApi<Row>, list: ListDefinition, LL: LL, rows: readonly Row[], totals: Row | null) {
  const ids = api.getAllDisplayedColumns().map((c) => c.getColId()).filter((id) => id !== ACTIONS_COL)
  return exportTable(ids, list, LL, rows, totals)
}
