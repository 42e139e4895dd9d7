import type { ColDef, ValueGetterParams } from 'ag-grid-community'
import type { ColumnDef, LL, ListContext, ListDefinition, Row } from './define-list'
import { formatCount } from '@/domain/count-format'
import { cellValue } from './format'
import { ActionsCell, splitActions } from './ActionsCell'
import { actionsColumnWidth, minColumnWidth, TYPE_WIDTH } from './column-widths'
import { DEFAULT_PRIORITY, KEY_PRIORITY } from './column-priority'
import { ACTIONS_COL, INDEX_FIELD } from './column-ids'

/** What a column definition carries for the engine (AG Grid's per-column `context`). */
export interface ColumnContext {
  priority: number
}

export function visibleColumns(def: ListDefinition, ctx: ListContext | null): ColumnDef[] {
  return def.columns.filter((c) => !c.visibleWhen || (ctx !== null && c.visibleWhen(ctx)))
}

/** Totals row: only the declared totals fields, read as they are (derived getters expect a whole record). */
function getter(col: ColumnDef, LL: LL) {
  return (p: ValueGetterParams<Row>) => {
    if (!p.data) return null
    if (p.node?.rowPinned && !col.valueOfTotals) {
      // A text column's total is a bare sum (the "count (ratio)" columns): grouped like every other count.
      const v = p.data[col.field] ?? null
      return col.type === 'text' && typeof v === 'number' ? formatCount(v) : v
    }
    return col.type === 'status' ? (col.status?.(p.data) ?? null) : cellValue(col, p.data, LL)
  }
}

/**
 * Fixed widths, each at least what its header and its values need in the current language (column-widths.ts), so
 * no header is cut. The long texts (`content`) share what is left of the window (flex, down to their minimum), so a
 * list fits its window when it can and scrolls sideways only when its minimums do not. A width the user drags stays
 * fixed (AG Grid drops the flex). Flex only there: figures sized by flex before the vertical scrollbar came would
 * end under it (the number statistics fit 1400 px by their fixed widths).
 */
function fluidWidth(c: ColumnDef, LL: LL): Pick<ColDef<Row>, 'width' | 'flex' | 'minWidth'> {
  const type = c.type ?? 'text'
  const declared = c.width ?? TYPE_WIDTH[type]
  if (type === 'thumbnail') return { width: declared }
  const minWidth = Math.max(c.minWidth ?? 0, c.wrapHeader ? minColumnWidth('', type, false) : minColumnWidth(c.header(LL), type, !!c.sortable))
  const width = Math.max(declared, minWidth)
  return type === 'content' ? { width, flex: width, minWidth } : { width, minWidth }
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
    context: { priority: KEY_PRIORITY } satisfies ColumnContext,
    valueGetter: (p) => (p.node?.rowPinned ? LL.grid.total() : p.data?.[INDEX_FIELD]),
  }
  const cols = visibleColumns(def, ctx).map<ColDef<Row>>((c) => ({
    colId: c.field,
    headerName: c.header(LL),
    ...(c.tip ? { headerTooltip: c.tip(LL) } : {}),
    type: c.type ?? 'text',
    ...fluidWidth(c, LL),
    valueGetter: getter(c, LL),
    sortable: !!c.sortable,
    comparator: () => 0,
    sortingOrder: ['desc', 'asc'],
    sort: sort.orderBy === c.field ? (sort.order ?? 'desc') : null,
    ...(c.wrapHeader ? { wrapHeaderText: true, autoHeaderHeight: true } : {}),
    ...(c.pinned ? { pinned: c.pinned } : {}),
    context: { priority: c.priority ?? DEFAULT_PRIORITY } satisfies ColumnContext,
  }))
  const actions = (def.rowActions ?? []).filter((a) => !a.visibleWhen || (ctx && a.visibleWhen(ctx)))
  if (!actions.length) return [index, ...cols]
  const { inline, more } = splitActions(actions)
  const actionsCol: ColDef<Row> = {
    colId: ACTIONS_COL,
    headerName: LL.grid.actions(),
    pinned: 'right',
    sortable: false,
    width: actionsColumnWidth(inline.map((a) => a.label(LL)), more.length > 0),
    suppressSizeToFit: true,
    cellRenderer: ActionsCell,
    cellRendererParams: { actions },
  }
  return [index, ...cols, actionsCol]
}
