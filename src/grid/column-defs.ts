import type { ColDef, ValueGetterParams } from 'ag-grid-community'
import type { ColumnDef, LL, ListContext, ListDefinition, Row } from './define-list'
import { formatCount } from '@/domain/count-format'
import { cellValue } from './format'
import { ActionsCell, splitActions } from './ActionsCell'

/** Row field holding the index across pages (set when the page arrives, so it survives column moves). */
export const INDEX_FIELD = '__index'
export const ACTIONS_COL = '__actions'

export function visibleColumns(def: ListDefinition, ctx: ListContext | null): ColumnDef[] {
  return def.columns.filter((c) => !c.visibleWhen || (ctx !== null && c.visibleWhen(ctx)))
}

/** Totals row: only the declared totals fields, read as they are (derived getters expect a whole record). */
function getter(col: ColumnDef, LL: LL) {
  return (p: ValueGetterParams<Row>) => {
    if (!p.data) return null
    if (p.node?.rowPinned) {
      // A text column's total is a bare sum (the "count (ratio)" columns): grouped like every other count.
      const v = p.data[col.field] ?? null
      return col.type === 'text' && typeof v === 'number' ? formatCount(v) : v
    }
    return col.type === 'status' ? (col.status?.(p.data) ?? null) : cellValue(col, p.data, LL)
  }
}

interface Options {
  LL: LL
  ctx: ListContext | null
  sort: { orderBy?: string; order?: 'asc' | 'desc' }
}

/**
 * AG Grid column definitions. Sorting is the server's: a sortable column shows AG Grid's header sort, but its
 * comparator keeps the server's order, and the screen turns sort changes into URL changes.
 */
export function buildColumnDefs(def: ListDefinition, { LL, ctx, sort }: Options): ColDef<Row>[] {
  const index: ColDef<Row> = {
    colId: INDEX_FIELD,
    headerName: LL.grid.index(),
    field: INDEX_FIELD,
    width: 72,
    pinned: 'left',
    sortable: false,
    suppressMovable: true,
    cellClass: 'sms-num',
    valueGetter: (p) => (p.node?.rowPinned ? LL.grid.total() : p.data?.[INDEX_FIELD]),
  }
  const cols = visibleColumns(def, ctx).map<ColDef<Row>>((c) => ({
    colId: c.field,
    headerName: c.header(LL),
    type: c.type ?? 'text',
    valueGetter: getter(c, LL),
    sortable: !!c.sortable,
    comparator: () => 0,
    sortingOrder: ['desc', 'asc'],
    sort: sort.orderBy === c.field ? (sort.order ?? 'desc') : null,
    ...(c.width ? { width: c.width } : {}),
    ...(c.wrapHeader ? { wrapHeaderText: true, autoHeaderHeight: true } : {}),
    ...(c.pinned ? { pinned: c.pinned } : {}),
  }))
  const actions = (def.rowActions ?? []).filter((a) => !a.visibleWhen || (ctx && a.visibleWhen(ctx)))
  if (!actions.length) return [index, ...cols]
  const actionsCol: ColDef<Row> = {
    colId: ACTIONS_COL,
    headerName: LL.grid.actions(),
    pinned: 'right',
    sortable: false,
    width: Math.max(90, splitActions(actions).inline.length * 64 + (splitActions(actions).more.length ? 40 : 0) + 16),
    cellRenderer: ActionsCell,
    cellRendererParams: { actions },
  }
  return [index, ...cols, actionsCol]
}
