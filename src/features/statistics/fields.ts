import { lazy } from 'react'
import { FIGURE_FIELDS, type Figure } from '@/domain/figures'
import type { ColumnDef, ListContext, SearchField } from '@/grid'

/** userType 1 sees the send-account filter (spec section 6). */
export const isAdminType = (ctx: ListContext) => ctx.authUser.userType === 1
/** showClientStatus 0 hides the success, failure and unknown columns. */
export const showsStatus = (ctx: ListContext) => ctx.authUser.showClientStatus !== 0

export const accountFilter = (prodType: number): SearchField => ({
  name: 'cus_id', kind: 'account', prodType, label: (LL) => LL.lists.filters.account(), visibleWhen: isAdminType,
})

export const accountColumns: ColumnDef[] = [
  { field: 'cus_id', header: (LL) => LL.lists.columns.account(), sortable: true, width: 120 },
  { field: 'cus_name', header: (LL) => LL.lists.columns.accountName(), width: 140, priority: 3 },
]

export const count = (field: string, header: ColumnDef['header'], extra: Partial<ColumnDef> = {}): ColumnDef => ({
  field, header, type: 'count', sortable: true, width: 110, ...extra,
})

/** A figure that matters (ColumnDef.priority 1): the engine keeps it in the window. */
export const keyCount = (field: string, header: ColumnDef['header'], extra: Partial<ColumnDef> = {}): ColumnDef =>
  count(field, header, { priority: 1, ...extra })

/** A figure's column (src/domain/figures.ts): its field, its one label and its tooltip. */
export const figureColumn = (figure: Exclude<Figure, 'rate'>, extra: Partial<ColumnDef> = {}): ColumnDef =>
  count(FIGURE_FIELDS[figure], (LL) => LL.figures[figure].label(), { tip: (LL) => LL.figures[figure].tip(), ...extra })

/**
 * Delivered, failed and unknown as "count (share%)" of sent. The field is the count, so it sorts on the server and
 * the totals row (which has only the sums) shows the summed count.
 */
export function unionColumns(): ColumnDef[] {
  const union = (figure: 'delivered' | 'failed' | 'unknown', str: string) =>
    figureColumn(figure, {
      header: (LL) => LL.lists.columns.withShare({ figure: LL.figures[figure].label() }),
      type: 'text', width: 150, priority: 1, value: (row) => row[str] ?? row[FIGURE_FIELDS[figure]], visibleWhen: showsStatus,
    })
  return [union('delivered', 'successUnionStr'), union('failed', 'failureUnionStr'), union('unknown', 'unknownUnionStr')]
}

/** Billed messages and spend (src/domain/figures.ts), after the key figures: from the rollups or the batch row. */
export const moneyColumns = (): ColumnDef[] => [
  figureColumn('messages'),
  figureColumn('spend', { type: 'money', width: 120 }),
]

/** The chart above a statistics list (nivo, loaded with the screen). */
export const statsTrend = lazy(() => import('./StatsTrend'))
/** The chart above the batch statistics: its batches, not the records' rollups. */
export const batchTrend = lazy(() => import('./StatsTrend').then((m) => ({ default: m.BatchTrend })))
