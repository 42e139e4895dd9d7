import {
  PROD_CSP, PROD_ORDINARY, PROD_VIDEO, interactRowSchema, interactSearchSchema, moRecordRowSchema, moRecordSearchSchema,
} from '@/domain/lists/records'
import { defineList, optedOutColumn, type ColumnDef, type ListDefinition } from '@/grid'
import { accountColumns, accountFilter, contentColumn, contentFilter, mobileColumn, mobileFilter, timeFilter } from './fields'

/** Uplink (reply) records of spec section 2: account, account name, calling number, mobile, content, uplink time. */
const moColumns: ColumnDef[] = [
  ...accountColumns,
  { field: 'src_calling_number', header: (LL) => LL.lists.columns.callingNumber(), sortable: true, width: 140 },
  mobileColumn,
  optedOutColumn,
  contentColumn(),
  { field: 'deliver_time', header: (LL) => LL.lists.columns.uplinkTime(), type: 'datetime', sortable: true, width: 170 },
]

const moFields = (prodType: number) => [
  accountFilter(prodType),
  mobileFilter,
  timeFilter((LL) => LL.lists.filters.uplinkTime()),
  contentFilter,
]

function moList(id: string, path: string, prodType: number, title: ListDefinition['title']): ListDefinition {
  return defineList({
    id,
    path,
    title,
    endpoint: '/moRecord/list',
    fixed: { prod_type: prodType },
    searchSchema: moRecordSearchSchema,
    rowSchema: moRecordRowSchema,
    searchFields: moFields(prodType),
    columns: moColumns,
    download: { endpoint: '/moRecord/download', name: (LL) => LL.lists.files.moRecords() },
    defaultSort: { orderBy: 'deliver_time', order: 'desc' },
    rowId: (row) => String(row.sn),
  })
}

export const moRecordsList = moList('home-sms.mo-records', '/home-sms/mo-records', PROD_ORDINARY, (LL) => LL.lists.titles.moRecords())
export const videoMoRecordsList = moList('video-sms.mo-records', '/video-sms/mo-records', PROD_VIDEO, (LL) => LL.lists.titles.videoMoRecords())
export const cspMoRecordsList = moList('csp-sms.mo-records', '/csp-sms/mo-records', PROD_CSP, (LL) => LL.lists.titles.cspMoRecords())

/** Interaction (reply) records: the uplink columns plus the whole content of the conversation. */
export const interactRecordsList = defineList({
  id: 'home-sms.interact-records',
  path: '/home-sms/interact-records',
  title: (LL) => LL.lists.titles.interactRecords(),
  endpoint: '/interact/list',
  fixed: { prod_type: PROD_ORDINARY },
  searchSchema: interactSearchSchema,
  rowSchema: interactRowSchema,
  searchFields: moFields(PROD_ORDINARY),
  columns: [
    ...moColumns,
    { ...contentColumn('decodeWholeContent'), header: (LL) => LL.lists.columns.wholeContent(), width: 400 },
  ],
  download: { endpoint: '/interact/download', name: (LL) => LL.lists.files.interactRecords() },
  defaultSort: { orderBy: 'deliver_time', order: 'desc' },
  rowId: (row) => String(row.sn),
})
