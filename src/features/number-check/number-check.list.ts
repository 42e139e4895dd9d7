import {
  CHECK_STAT_TOTALS, FILE_STATUS_FILTER, MOBILE_STATUS_BATCH_TOTALS, MOBILE_STATUS_STAT_TOTALS, MOBILE_UE_TOTALS,
  checkStatRowSchema, checkStatSearchSchema, fileStatusKey, mobileStatusBatchRowSchema, mobileStatusBatchSearchSchema,
  mobileStatusStatRowSchema, mobileStatusStatSearchSchema, mobileUeRowSchema, mobileUeSearchSchema, type FileStatusKey,
} from '@/domain/lists/number-check'
import { UE_FILE_STATUS } from '@/domain/number-check-ue'
import { defineList, type ColumnDef, type ListContext, type ListDefinition, type SearchField, type Tone } from '@/grid'

// Number checks are not tied to a product: the account selector loads every account (spec section 6: else -1).
const NO_PRODUCT = -1
const isAdminType = (ctx: ListContext) => ctx.authUser.userType === 1
const accountFilter: SearchField = {
  name: 'cus_id', kind: 'account', prodType: NO_PRODUCT, label: (LL) => LL.lists.filters.account(), visibleWhen: isAdminType,
}
const dayRange: SearchField = {
  name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.gatheringTime(), shortcuts: 'day', defaultValue: 'lastMonth',
}
const createdRange: SearchField = { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.createTime(), shortcuts: 'day' }

const count = (field: string, header: ColumnDef['header']): ColumnDef => ({ field, header, type: 'count', width: 100 })
const statHead: ColumnDef[] = [
  { field: 'gather_time', header: (LL) => LL.lists.columns.gatheringTime(), type: 'date', sortable: true, width: 120 },
  { field: 'cus_id', header: (LL) => LL.lists.columns.account(), sortable: true, width: 110 },
  { field: 'cus_name', header: (LL) => LL.lists.columns.accountName(), width: 140 },
  { ...count('request_count', (LL) => LL.lists.columns.requestCount()), sortable: true },
  count('success_count', (LL) => LL.lists.columns.successCount()),
  count('failure_count', (LL) => LL.lists.columns.failureCount()),
]
/**
 * Nine figures beside the account: narrow, with headers on two lines, so all of them and their totals fit a
 * 1400 px window beside the sidebar (fixed widths: AG Grid's flex sized them before the vertical scrollbar came).
 */
const fitted = (c: ColumnDef): ColumnDef => (c.type === 'count' ? { ...c, width: 78, wrapHeader: true } : c)
const statusCounts: ColumnDef[] = [
  count('dead_count', (LL) => LL.lists.columns.deadCount()),
  count('real_count', (LL) => LL.lists.columns.realCount()),
  count('down_count', (LL) => LL.lists.columns.downCount()),
  count('not_count', (LL) => LL.lists.columns.notCount()),
  count('silence_count', (LL) => LL.lists.columns.silenceCount()),
  count('danger_count', (LL) => LL.lists.columns.dangerCount()),
]
const statusStatHead: ColumnDef[] = [
  { ...statHead[0], width: 105 },
  { ...statHead[1], width: 95 },
  { ...statHead[2], width: 120 },
  ...statHead.slice(3),
]

export const statusStatsList = defineList({
  id: 'number-check.status-stats',
  path: '/number-check/status-stats',
  title: (LL) => LL.lists.titles.statusStats(),
  endpoint: '/mobileStatus/mobileStatusStatistics',
  searchSchema: mobileStatusStatSearchSchema,
  rowSchema: mobileStatusStatRowSchema,
  searchFields: [dayRange, accountFilter],
  columns: [...statusStatHead, ...statusCounts].map(fitted),
  totals: MOBILE_STATUS_STAT_TOTALS,
  defaultSort: { orderBy: 'gather_time', order: 'desc' },
})

/** Blacklist and number-porting statistics share one shape, with their success and failure ratios. */
function checkStats(id: string, path: string, endpoint: string, title: ListDefinition['title']): ListDefinition {
  return defineList({
    id,
    path,
    title,
    endpoint,
    searchSchema: checkStatSearchSchema,
    rowSchema: checkStatRowSchema,
    searchFields: [dayRange, accountFilter],
    columns: [
      ...statHead,
      { field: 'successRatio', header: (LL) => LL.lists.columns.successRatio(), type: 'ratio', width: 100 },
      { field: 'failureRatio', header: (LL) => LL.lists.columns.failureRatio(), type: 'ratio', width: 100 },
    ],
    totals: CHECK_STAT_TOTALS,
    defaultSort: { orderBy: 'gather_time', order: 'desc' },
  })
}

export const blacklistStatsList = checkStats(
  'number-check.blacklist-stats', '/number-check/blacklist-stats', '/mobileBlack/mobileBlackStatistics', (LL) => LL.lists.titles.blacklistStats(),
)
export const portingStatsList = checkStats(
  'number-check.porting-stats', '/number-check/porting-stats', '/numberPorting/numberPortingStatistics', (LL) => LL.lists.titles.portingStats(),
)

const FILE_TONES: Record<FileStatusKey, Tone> = { filePending: 'muted', fileChecking: 'info', fileDone: 'ok', fileFailed: 'bad', unknown: 'muted' }

/** 5G terminal (UE) check files. */
export const ueList = defineList({
  id: 'number-check.ue',
  path: '/number-check/ue',
  title: (LL) => LL.lists.titles.ue(),
  endpoint: '/mobileUe/list',
  searchSchema: mobileUeSearchSchema,
  rowSchema: mobileUeRowSchema,
  searchFields: [
    { name: 'file_name', kind: 'text', label: (LL) => LL.lists.filters.fileName() },
    {
      name: 'file_status',
      kind: 'select',
      label: (LL) => LL.lists.filters.fileStatus(),
      options: FILE_STATUS_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
    },
    createdRange,
    accountFilter,
  ],
  columns: [
    { field: 'batch_id', header: (LL) => LL.lists.columns.batchId(), width: 150 },
    { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110 },
    { field: 'file_name', header: (LL) => LL.lists.columns.fileName(), width: 200 },
    {
      field: 'file_status',
      header: (LL) => LL.lists.columns.fileStatus(),
      type: 'status',
      status: (row) => {
        const key = fileStatusKey(Number(row.file_status))
        return { key, tone: FILE_TONES[key] }
      },
      width: 100,
    },
    { ...count('batch_count', (LL) => LL.lists.columns.batchCount()), sortable: true },
    count('check_count', (LL) => LL.lists.columns.checkCount()),
    count('ue_count', (LL) => LL.lists.columns.ueCount()),
    count('nue_count', (LL) => LL.lists.columns.nueCount()),
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
  ],
  totals: MOBILE_UE_TOTALS,
  toolbar: [
    { id: 'ue-upload', label: (LL) => LL.numberCheck.ue.upload(), shortcut: 'alt+u', perform: async (h) => (await import('./ue-actions')).openUeUpload(h) },
  ],
  // While a file is pending or being checked its row follows the checker.
  pollWhile: (rows) => (rows.some((r) => r.file_status === UE_FILE_STATUS.pending || r.file_status === UE_FILE_STATUS.checking) ? 2000 : false),
  rowActions: [
    {
      id: 'numbers',
      label: (LL) => LL.lists.actions.downloadNumbers(),
      enabledWhen: (row) => row.file_status === UE_FILE_STATUS.done,
      perform: async (row) => {
        const { download } = await import('@/api/transfer')
        await download('/mobileUe/downloadMobile', { batch_id: row.batch_id }, String(row.batch_id))
      },
    },
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.batch_id),
})

/** Mobile-status check batches with their per-status counts. */
export const checkBatchesList = defineList({
  id: 'number-check.batches',
  path: '/number-check/batches',
  title: (LL) => LL.lists.titles.checkBatches(),
  endpoint: '/mobileStatus/list',
  searchSchema: mobileStatusBatchSearchSchema,
  rowSchema: mobileStatusBatchRowSchema,
  searchFields: [
    { name: 'batch_name', kind: 'text', label: (LL) => LL.lists.filters.batchName() },
    createdRange,
    accountFilter,
  ],
  columns: [
    { field: 'batch_name', header: (LL) => LL.lists.columns.batchName(), width: 200 },
    { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110 },
    { ...count('batch_count', (LL) => LL.lists.columns.batchCount()), sortable: true },
    ...statusCounts,
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
  ],
  totals: MOBILE_STATUS_BATCH_TOTALS,
  rowActions: [
    {
      id: 'send-to-live',
      label: (LL) => LL.numberCheck.sendToLive(),
      enabledWhen: (row) => Number(row.real_count) > 0,
      perform: async (row, { LL }) => {
        const { sendToLive } = await import('./send-to-live')
        await sendToLive(Number(row.id), LL)
      },
    },
  ],
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.id),
})

