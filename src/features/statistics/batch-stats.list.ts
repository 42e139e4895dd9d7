import { PROD_TYPE } from '@/domain/constants'
import { batchPagePath } from '@/domain/batch'
import { BATCH_TOTALS, BATCH_TYPE_FILTER, batchRowSchema, batchSearchSchema, batchTypeKey, successRate } from '@/domain/lists/stats'
import { defineList, type Tone } from '@/grid'
import { accountColumns, accountFilter, batchTrend, figureColumn, moneyColumns, showsStatus } from './fields'

const TYPE_TONES: Record<string, Tone> = { batchAudit: 'warn', batchSameContent: 'info', batchPointToPoint: 'info', unknown: 'muted' }

/** Batch statistics: type, time, the six counts with their totals row, batch id and content. */
export const batchStatsList = defineList({
  id: 'home-sms.batch-stats',
  path: '/home-sms/batch-stats',
  title: (LL) => LL.lists.titles.batchStats(),
  endpoint: '/dataGathering/batchList',
  fixed: { prod_type: PROD_TYPE.ordinary },
  searchSchema: batchSearchSchema,
  rowSchema: batchRowSchema,
  above: batchTrend,
  searchFields: [
    accountFilter(PROD_TYPE.ordinary),
    { name: 'batch_id', kind: 'text', label: (LL) => LL.lists.filters.batchId() },
    {
      name: 'batch_type',
      kind: 'select',
      label: (LL) => LL.lists.filters.batchType(),
      options: BATCH_TYPE_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
    },
    { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.createTime(), shortcuts: 'day' },
  ],
  // The figures first (submitted, sent, success and its rate, failure, unknown), kept in the window at 1400 px in both
  // languages beside the pinned batch id; the creation time gives way first on a narrow window (the batch's page has
  // it), and the type, account and content follow, a sideways scroll away.
  columns: [
    { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 160, priority: 3 },
    figureColumn('submitted'),
    figureColumn('sent', { priority: 1 }),
    figureColumn('delivered', { priority: 1, visibleWhen: showsStatus }),
    {
      field: 'success_rate', header: (LL) => LL.figures.rate.label(), tip: (LL) => LL.figures.rate.tip(), type: 'ratio', width: 100, priority: 1,
      value: (row) => successRate(row.success_count, row.sent_count), valueOfTotals: true, visibleWhen: showsStatus,
    },
    figureColumn('failed', { priority: 1, visibleWhen: showsStatus }),
    figureColumn('unknown', { priority: 1, visibleWhen: showsStatus }),
    // The server floors it at 0 (submitted minus sent); flooring here too keeps a stale row honest.
    figureColumn('waiting', {
      sortable: false,
      value: (row) => (typeof row.wait_send_count === 'number' ? Math.max(0, row.wait_send_count) : row.wait_send_count),
    }),
    ...moneyColumns(),
    {
      field: 'batch_type',
      header: (LL) => LL.lists.columns.batchType(),
      type: 'status',
      status: (row) => {
        const key = batchTypeKey(Number(row.batch_type))
        return { key, tone: TYPE_TONES[key] }
      },
      width: 190,
    },
    // The row's key, pinned beside the row number: it was a sideways scroll away at 1440 px.
    { field: 'batch_id', header: (LL) => LL.lists.columns.batchId(), sortable: true, width: 130, pinned: 'left' },
    ...accountColumns.map((c) => ({ ...c, sortable: false })),
    { field: 'decodeContent', header: (LL) => LL.lists.columns.content(), type: 'content', width: 320 },
  ],
  rowActions: [
    {
      id: 'numbers',
      label: (LL) => LL.lists.actions.downloadNumbers(),
      // One batch's numbers and their statuses, as a file (the spec's /dataGathering/mobileDownload).
      perform: async (row) => {
        const { download } = await import('@/api/transfer')
        await download('/dataGathering/mobileDownload', { batch_id: row.batch_id }, String(row.batch_id))
      },
    },
  ],
  // Enter (or a double click) opens the batch's page (followed live, its failures, resends and cancel).
  detail: (row) => batchPagePath(String(row.batch_id), Number(row.prod_type)),
  totals: BATCH_TOTALS,
  download: { endpoint: '/dataGathering/downloadBatch', name: (LL) => LL.lists.files.batchStats() },
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.batch_id),
})
