import { PERM_INTL_PRICE } from '@/domain/auth'
import {
  PROD_CSP, PROD_INTERNATIONAL, PROD_ORDINARY, PROD_VIDEO,
  mtRecordRowSchema, mtRecordSearchSchema, newMtRecordSearchSchema,
} from '@/domain/lists/records'
import { defineList, optedOutColumn, type ColumnDef, type ListDefinition, type LL, type SearchField } from '@/grid'
import {
  accountColumns, accountFilter, batchFilter, contentColumn, contentFilter, mobileColumn, mobileFilter, monthFilter, operatorFilter, reportCodeFilter,
  sendStatusColumn, showsStatus, statusDescColumn, statusFilter, submitTimeColumn, timeFilter,
} from './fields'

/** Sent records (spec sections 2 and 4): one shape for every product, with the product's extra columns. */
function mtColumns(extra: ColumnDef[]): ColumnDef[] {
  return [
    ...accountColumns,
    mobileColumn,
    optedOutColumn,
    contentColumn(),
    { field: 'month', header: (LL) => LL.lists.columns.month(), type: 'month', priority: 3 },
    sendStatusColumn,
    statusDescColumn,
    submitTimeColumn,
    {
      field: 'report_time', header: (LL) => LL.lists.columns.reportTime(), type: 'datetime', sortable: true, width: 170,
      visibleWhen: showsStatus,
    },
    // Pinned with the number: the batch a record belongs to is what a user follows from here (1440 px shows it).
    { field: 'batch_id', header: (LL) => LL.lists.columns.batchId(), sortable: true, width: 130, pinned: 'left' },
    ...extra,
  ]
}

function mtFields(prodType: number, extra: SearchField[] = []): SearchField[] {
  return [
    accountFilter(prodType),
    mobileFilter,
    statusFilter,
    timeFilter((LL) => LL.lists.filters.submitTime()),
    monthFilter,
    batchFilter,
    ...extra,
    contentFilter,
  ]
}

const fileName = (LL: LL) => LL.lists.files.mtRecords()
/** Enter on a sent record: the record in full (its message page), read from /mtRecord/detail. */
const detailAction: Pick<ListDefinition, 'openDetail'> = {
  openDetail: (row) => void import('./records.actions').then((m) => m.showRecordDetail(row)),
}
const defaultSort = { orderBy: 'receive_time', order: 'desc' } as const

export const mtRecordsList = defineList({
  id: 'home-sms.mt-records',
  path: '/home-sms/mt-records',
  title: (LL) => LL.lists.titles.mtRecords(),
  endpoint: '/mtRecord/list',
  fixed: { prod_type: PROD_ORDINARY },
  searchSchema: mtRecordSearchSchema,
  rowSchema: mtRecordRowSchema,
  searchFields: mtFields(PROD_ORDINARY, [reportCodeFilter, operatorFilter]),
  columns: mtColumns([]),
  download: { endpoint: '/mtRecord/download', name: fileName },
  defaultSort,
  rowId: (row) => String(row.sn),
  ...detailAction,
})

export const intlMtRecordsList = defineList({
  id: 'intl-sms.mt-records',
  path: '/intl-sms/mt-records',
  title: (LL) => LL.lists.titles.intlMtRecords(),
  endpoint: '/newMtRecord/list',
  fixed: { prod_type: PROD_INTERNATIONAL },
  searchSchema: newMtRecordSearchSchema,
  rowSchema: mtRecordRowSchema,
  searchFields: mtFields(PROD_INTERNATIONAL, [
    { name: 'country', kind: 'text', label: (LL) => LL.lists.filters.country(), placeholder: () => 'US' },
  ]),
  columns: mtColumns([
    { field: 'countryName', header: (LL) => LL.lists.columns.country(), width: 120 },
    {
      field: 'priceStr', header: (LL) => LL.lists.columns.price(), width: 100,
      visibleWhen: (ctx) => !!ctx.flags[PERM_INTL_PRICE],
    },
  ]),
  download: { endpoint: '/newMtRecord/download', name: fileName },
  defaultSort,
  rowId: (row) => String(row.sn),
  ...detailAction,
})

export const videoMtRecordsList = defineList({
  id: 'video-sms.mt-records',
  path: '/video-sms/mt-records',
  title: (LL) => LL.lists.titles.videoMtRecords(),
  endpoint: '/newMtRecord/list',
  fixed: { prod_type: PROD_VIDEO },
  searchSchema: newMtRecordSearchSchema,
  rowSchema: mtRecordRowSchema,
  searchFields: mtFields(PROD_VIDEO),
  columns: mtColumns([{ field: 'title', header: (LL) => LL.lists.columns.subject(), width: 160 }]),
  download: { endpoint: '/newMtRecord/download', name: fileName },
  defaultSort,
  rowId: (row) => String(row.sn),
  ...detailAction,
})

export const cspMtRecordsList = defineList({
  id: 'csp-sms.mt-records',
  path: '/csp-sms/mt-records',
  title: (LL) => LL.lists.titles.cspMtRecords(),
  endpoint: '/newMtRecord/list',
  fixed: { prod_type: PROD_CSP },
  searchSchema: newMtRecordSearchSchema,
  rowSchema: mtRecordRowSchema,
  searchFields: mtFields(PROD_CSP),
  columns: mtColumns([{ field: 'template_name', header: (LL) => LL.lists.columns.templateName(), width: 160 }]),
  download: { endpoint: '/newMtRecord/download', name: fileName },
  defaultSort,
  rowId: (row) => String(row.sn),
  ...detailAction,
})
