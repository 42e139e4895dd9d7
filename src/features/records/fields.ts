import type { ColumnDef, ListContext, Row, SearchField, Tone } from '@/grid'
import { carrierCodeKey } from '@/domain/carrier-codes'
import { MT_STATUS_FILTER, OPERATOR_FILTER, mtSendStatus, type MtRecordRow, type MtSendStatusKey } from '@/domain/lists/records'

/*
 * Columns and filters the record lists share, with the role and flag rules of spec section 6 attached once.
 * Only the record lists use them, so they live beside their declarations.
 */

/** userType 1 sees the send-account filter (spec section 6). */
export const isAdminType = (ctx: ListContext) => ctx.authUser.userType === 1
/** showClientStatus 0 hides the send status and report time columns (the server blanks them too). */
export const showsStatus = (ctx: ListContext) => ctx.authUser.showClientStatus !== 0
/**
 * clientForbidUnknown 1 together with showClientStatus removes the status filter; with showClientStatus 0 the
 * status is hidden altogether, so a filter on it would reveal it and is not offered either.
 */
export const offersStatusFilter = (ctx: ListContext) => showsStatus(ctx) && ctx.authUser.clientForbidUnknown !== 1
/** Content search only with showContentFilterWhere. */
export const searchesContent = (ctx: ListContext) => ctx.authUser.showContentFilterWhere === 1

const MT_TONES: Record<MtSendStatusKey, Tone> = { success: 'ok', timeout: 'warn', waiting: 'info', review: 'muted', failure: 'bad' }

export function sendStatusOf(row: Row) {
  const key = mtSendStatus(row as Pick<MtRecordRow, 'mt_status' | 'report_result'>)
  return key ? { key, tone: MT_TONES[key] } : null
}

export const accountFilter = (prodType: number): SearchField => ({
  name: 'cus_id', kind: 'account', prodType, label: (LL) => LL.lists.filters.account(), visibleWhen: isAdminType,
})
export const mobileFilter: SearchField = { name: 'mobile', kind: 'text', label: (LL) => LL.lists.filters.mobile() }
export const contentFilter: SearchField = {
  name: 'content', kind: 'text', label: (LL) => LL.lists.filters.content(), visibleWhen: searchesContent,
}
export const statusFilter: SearchField = {
  name: 'status',
  kind: 'select',
  label: (LL) => LL.lists.filters.sendStatus(),
  options: MT_STATUS_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
  visibleWhen: offersStatusFilter,
}
/** A carrier report code, as a batch page's failure group names it (with the status filter's visibility). */
export const reportCodeFilter: SearchField = {
  name: 'report_code', kind: 'text', label: (LL) => LL.lists.filters.reportCode(), placeholder: () => 'MK:0005', visibleWhen: offersStatusFilter,
}
export const operatorFilter: SearchField = {
  name: 'operator',
  kind: 'select',
  label: (LL) => LL.lists.filters.operator(),
  options: OPERATOR_FILTER.map((value) => ({ value, label: (LL) => LL.batch.operators[value]() })),
}
export const batchFilter: SearchField = { name: 'batch_id', kind: 'text', label: (LL) => LL.lists.filters.batchId() }
export const monthFilter: SearchField = { name: 'month', kind: 'month', label: (LL) => LL.lists.filters.month() }
/** The server searches the last 7 days when no window is named; the range shows that window. */
export const timeFilter = (label: SearchField['label']): SearchField => ({
  name: 'time', kind: 'dateRange', label, shortcuts: 'day', defaultValue: 'lastWeek',
})

export const accountColumns: ColumnDef[] = [
  { field: 'cus_id', header: (LL) => LL.lists.columns.account(), sortable: true, width: 120 },
  { field: 'cus_name', header: (LL) => LL.lists.columns.accountName(), width: 140, priority: 3 },
]
/** A record's number: pinned beside the row number, so it stays in view however far the row scrolls sideways. */
export const mobileColumn: ColumnDef = {
  field: 'decodeMobile', header: (LL) => LL.lists.columns.mobile(), type: 'phone', sortable: true, width: 130, priority: 1, pinned: 'left',
}
export const contentColumn = (field = 'decodeContent'): ColumnDef => ({
  // One line, cut with an ellipsis; the whole message on hover, in the detail (Enter) and in the expanded row.
  field, header: (LL) => LL.lists.columns.content(), type: 'content', width: 320, minWidth: 240, priority: 1,
})
export const sendStatusColumn: ColumnDef = {
  field: 'mt_status',
  header: (LL) => LL.lists.columns.sendStatus(),
  type: 'status',
  status: sendStatusOf,
  sortable: true,
  width: 130,
  priority: 1,
  visibleWhen: showsStatus,
}
/**
 * The carrier's report code in words, the code kept beside them for support: "已送达（DELIVRD）". Never narrower than
 * the common ones need ("状态报告超时（TIMEOUT）", "Report timed out (TIMEOUT)"); a rarer longer one is cut with its
 * whole text in the tooltip.
 */
export const statusDescColumn: ColumnDef = {
  field: 'report_result_desc', header: (LL) => LL.lists.columns.statusDesc(), type: 'content', width: 220, minWidth: 210, priority: 1,
  visibleWhen: showsStatus,
  value: (row, LL) => {
    const code = typeof row.report_result_desc === 'string' ? row.report_result_desc : ''
    const key = carrierCodeKey(code)
    return key ? LL.carrier.withCode({ words: LL.carrier[key](), code }) : code
  },
}
export const submitTimeColumn: ColumnDef = {
  field: 'receive_time', header: (LL) => LL.lists.columns.submitTime(), type: 'datetime', sortable: true, width: 170,
}
