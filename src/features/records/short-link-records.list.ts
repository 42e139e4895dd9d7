import { CLICK_STATUS_FILTER, PROD_ORDINARY, shortLinkRowSchema, shortLinkSearchSchema } from '@/domain/lists/records'
import { defineList } from '@/grid'
import {
  accountColumns, accountFilter, contentColumn, contentFilter, mobileColumn, mobileFilter, sendStatusColumn,
  statusFilter, submitTimeColumn, timeFilter,
} from './fields'

/** Short-link sends: the promotion link with its clicked marker, click time and click source; filter by click. */
export const shortLinkRecordsList = defineList({
  id: 'home-sms.short-link-records',
  path: '/home-sms/short-link-records',
  title: (LL) => LL.lists.titles.shortLinkRecords(),
  endpoint: '/shortChainTool/list',
  searchSchema: shortLinkSearchSchema,
  rowSchema: shortLinkRowSchema,
  searchFields: [
    accountFilter(PROD_ORDINARY),
    mobileFilter,
    {
      name: 'click_status',
      kind: 'select',
      label: (LL) => LL.lists.filters.clickStatus(),
      options: CLICK_STATUS_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
    },
    statusFilter,
    timeFilter((LL) => LL.lists.filters.submitTime()),
    contentFilter,
  ],
  columns: [
    ...accountColumns,
    sendStatusColumn,
    mobileColumn,
    contentColumn(),
    { field: 'mtLonglink', header: (LL) => LL.lists.columns.promotionLink(), width: 220 },
    {
      field: 'clicked',
      header: (LL) => LL.lists.columns.clickStatus(),
      type: 'status',
      status: (row) => (row.clicked ? { key: 'clicked', tone: 'ok' } : { key: 'unclicked', tone: 'muted' }),
      width: 100,
    },
    { field: 'click_time', header: (LL) => LL.lists.columns.clickTime(), type: 'datetime', sortable: true, width: 170 },
    { field: 'osystem', header: (LL) => LL.lists.columns.osystem(), width: 110 },
    { field: 'browser', header: (LL) => LL.lists.columns.browser(), width: 110 },
    submitTimeColumn,
  ],
  download: { endpoint: '/shortChainTool/download', name: (LL) => LL.lists.files.shortLinkRecords() },
  defaultSort: { orderBy: 'receive_time', order: 'desc' },
  rowId: (row) => String(row.sn),
})
