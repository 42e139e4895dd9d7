import { PROD_TYPE, type ProdType } from '@/domain/constants'
import {
  TIMED_BATCH_TOTALS, TIMED_DETAIL_STATUS_FILTER, TIMED_STATUS_FILTER, TIMED_TYPE_FILTER, timedActionAllowed, timedBatchRowSchema, timedBatchSearchSchema,
  timedDetailRowSchema, timedDetailSearchSchema, timedStatusKey, timedTypeKey, type TimedOperation, type TimedStatusKey,
} from '@/domain/lists/timed'
import { defineList, type ColumnDef, type ListContext, type ListDefinition, type Row, type RowAction, type SearchField, type Tone } from '@/grid'

const isAdminType = (ctx: ListContext) => ctx.authUser.userType === 1
const actions = () => import('./timed.actions')

const STATUS_TONES: Record<TimedStatusKey, Tone> = {
  timedToBeSent: 'info', timedSent: 'ok', timedPaused: 'warn', timedIntercepted: 'muted', timedOptedOut: 'muted', timedOverCap: 'muted', failure: 'bad',
}
const sendStatusColumn: ColumnDef = {
  field: 'send_status',
  header: (LL) => LL.lists.columns.sendStatus(),
  type: 'status',
  status: (row) => {
    const key = timedStatusKey(Number(row.send_status))
    return { key, tone: STATUS_TONES[key] }
  },
  width: 110,
}

const allowed = (op: TimedOperation | 'edit') => (row: Row) => timedActionAllowed(op, Number(row.send_status))

/**
 * Pause, recover, intercept (confirmed first) and edit content, each enabled only from the statuses where the
 * transition makes sense; the server enforces the same table (TIMED_FROM).
 */
const rowActions: RowAction[] = [
  {
    id: 'pause', label: (LL) => LL.lists.actions.pause(), enabledWhen: allowed('pause'), shortcut: 'alt+p',
    perform: async (row, h) => (await actions()).operate('pause', row, h),
  },
  {
    id: 'recover', label: (LL) => LL.lists.actions.recover(), enabledWhen: allowed('recover'), shortcut: 'alt+shift+p',
    perform: async (row, h) => (await actions()).operate('recover', row, h),
  },
  {
    id: 'intercept', label: (LL) => LL.lists.actions.intercept(), enabledWhen: allowed('intercept'), tone: 'danger',
    confirm: (LL, row) => LL.lists.messages.interceptConfirm({ batch: String(row.time_batch) }),
    perform: async (row, h) => (await actions()).operate('intercept', row, h),
  },
  {
    id: 'edit', label: (LL) => LL.lists.actions.editContent(), enabledWhen: allowed('edit'),
    perform: async (row, h) => (await actions()).editContent(row, h),
  },
]

/** The batch's numbers as a file (/pageTimeBatch/mobileDownload). */
const numbersAction: RowAction = {
  id: 'numbers',
  label: (LL) => LL.lists.actions.downloadNumbers(),
  perform: async (row) => {
    const { download } = await import('@/api/transfer')
    await download('/pageTimeBatch/mobileDownload', { time_batch: row.time_batch }, String(row.time_batch))
  },
}

/** `statuses`: a batch's, or a detail's (which adds 5, opted out). */
const commonFields = (prodType: ProdType, statuses: readonly { value: number; key: TimedStatusKey }[]): SearchField[] => [
  { name: 'cus_id', kind: 'account', prodType, label: (LL) => LL.lists.filters.account(), visibleWhen: isAdminType },
  { name: 'time_batch', kind: 'text', label: (LL) => LL.lists.filters.timedBatch() },
  {
    name: 'send_status',
    kind: 'select',
    label: (LL) => LL.lists.filters.sendState(),
    options: statuses.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
  },
]
const timingRange: SearchField = { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.timingTime(), shortcuts: 'day' }

/**
 * The timed batches and details of one product's module. A video or 5G batch sends its template's content, so it has
 * no content edit (the server refuses one too).
 */
function timedListsOf(module: string, prodType: ProdType): ListDefinition[] {
  const actionsHere = prodType === PROD_TYPE.video || prodType === PROD_TYPE.csp ? rowActions.filter((a) => a.id !== 'edit') : rowActions
  const batches = defineList({
    id: `${module}.timed-batches`,
    path: `/${module}/timed-batches`,
    title: (LL) => LL.lists.titles.timedBatches(),
    endpoint: '/pageTimeBatch/list',
    fixed: { prod_type: prodType },
    searchSchema: timedBatchSearchSchema,
    rowSchema: timedBatchRowSchema,
    searchFields: [
      ...commonFields(prodType, TIMED_STATUS_FILTER),
      {
        name: 'batch_type',
        kind: 'select',
        label: (LL) => LL.lists.filters.batchType(),
        options: TIMED_TYPE_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
      },
      timingRange,
    ],
    columns: [
      { field: 'time_batch', header: (LL) => LL.lists.columns.timedBatch(), sortable: true, width: 160 },
      { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110 },
      {
        field: 'batch_type',
        header: (LL) => LL.lists.columns.batchType(),
        type: 'status',
        status: (row) => ({ key: timedTypeKey(Number(row.batch_type)), tone: 'info' }),
        width: 110,
      },
      { field: 'batch_count', header: (LL) => LL.lists.columns.batchCount(), type: 'count', sortable: true, width: 100 },
      sendStatusColumn,
      { field: 'timing_time', header: (LL) => LL.lists.columns.timingTime(), type: 'datetime', sortable: true, width: 170 },
      { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
      { field: 'decodeContent', header: (LL) => LL.lists.columns.content(), type: 'content', width: 320 },
    ],
    totals: TIMED_BATCH_TOTALS,
    rowActions: [...actionsHere, numbersAction],
    detail: (row) => `/${module}/timed-details?time_batch=${encodeURIComponent(String(row.time_batch))}`,
    defaultSort: { orderBy: 'timing_time', order: 'desc' },
    rowId: (row) => String(row.time_batch),
  })

  const details = defineList({
    id: `${module}.timed-details`,
    path: `/${module}/timed-details`,
    title: (LL) => LL.lists.titles.timedDetails(),
    endpoint: '/timeMtMessage/list',
    fixed: { prod_type: prodType },
    searchSchema: timedDetailSearchSchema,
    rowSchema: timedDetailRowSchema,
    searchFields: [
      { name: 'mobile', kind: 'text', label: (LL) => LL.lists.filters.mobile() },
      ...commonFields(prodType, TIMED_DETAIL_STATUS_FILTER),
      timingRange,
    ],
    columns: [
      { field: 'decodeMobile', header: (LL) => LL.lists.columns.mobile(), type: 'phone', width: 130 },
      { field: 'decodeContent', header: (LL) => LL.lists.columns.content(), type: 'content', width: 320 },
      sendStatusColumn,
      { field: 'time_batch', header: (LL) => LL.lists.columns.timedBatch(), width: 160 },
      { field: 'timing_time', header: (LL) => LL.lists.columns.timingTime(), type: 'datetime', sortable: true, width: 170 },
      { field: 'create_time', header: (LL) => LL.lists.columns.createTime(), type: 'datetime', sortable: true, width: 170 },
      { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110 },
    ],
    // A detail belongs to one timed batch: its actions act on that batch, from the detail's own status.
    rowActions: actionsHere,
    defaultSort: { orderBy: 'timing_time', order: 'desc' },
    rowId: (row) => String(row.sn),
  })
  return [batches, details]
}

/** Every send kind can be timed: each product's module lists its own timed batches. */
export const timedLists: ListDefinition[] = [
  ...timedListsOf('home-sms', PROD_TYPE.ordinary),
  ...timedListsOf('intl-sms', PROD_TYPE.international),
  ...timedListsOf('video-sms', PROD_TYPE.video),
  ...timedListsOf('csp-sms', PROD_TYPE.csp),
]
