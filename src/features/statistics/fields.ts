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

/**
 * Success, failure and unknown as "count (ratio%)". The field is the count, so it sorts on the server and the totals
 * row (which has only the sums) shows the summed count.
 */
export function unionColumns(): ColumnDef[] {
  const union = (field: 'success_count' | 'failure_count' | 'unknown_count', str: string, header: ColumnDef['header']) =>
    count(field, header, { type: 'text', width: 150, priority: 1, value: (row) => row[str] ?? row[field], visibleWhen: showsStatus })
  return [
    union('success_count', 'successUnionStr', (LL) => LL.lists.columns.successUnion()),
    union('failure_count', 'failureUnionStr', (LL) => LL.lists.columns.failureUnion()),
    union('unknown_count', 'unknownUnionStr', (LL) => LL.lists.columns.unknownUnion()),
  ]
}
