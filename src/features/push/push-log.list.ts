import { PUSH_OUTCOME, PUSH_OUTCOME_FILTER, pushLogRowSchema, pushLogSearchSchema, pushOutcomeKey } from '@/domain/push'
import { pushErrorWords } from './push-error-words'
import { defineList, type ColumnDef, type ListContext, type SearchField } from '@/grid'

/** An enterprise sees its sub-accounts' pushes too (tenant scope on the server); the account column says whose. */
const seesOthers = (ctx: ListContext) => ctx.authUser.userType === 1 || ctx.authUser.userType === 2

const searchFields: SearchField[] = [
  { name: 'time', kind: 'dateRange', label: (LL) => LL.push.log.time(), shortcuts: 'day' },
  {
    name: 'outcome',
    kind: 'select',
    label: (LL) => LL.push.log.outcome(),
    options: PUSH_OUTCOME_FILTER.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
  },
]

const TONE = { [PUSH_OUTCOME.retry]: 'warn', [PUSH_OUTCOME.delivered]: 'ok', [PUSH_OUTCOME.failed]: 'bad' } as const

const columns: ColumnDef[] = [
  { field: 'create_time', header: (LL) => LL.push.log.time(), type: 'datetime', sortable: true, width: 170 },
  { field: 'cus_id', header: (LL) => LL.lists.columns.account(), width: 110, visibleWhen: seesOthers },
  {
    field: 'outcome',
    header: (LL) => LL.push.log.outcome(),
    type: 'status',
    status: (row) => ({ key: pushOutcomeKey(Number(row.outcome)), tone: TONE[Number(row.outcome) as 0 | 1 | 2] ?? 'muted' }),
    width: 110,
  },
  { field: 'items', header: (LL) => LL.push.log.items(), type: 'count', width: 90 },
  { field: 'status_code', header: (LL) => LL.push.log.statusCode(), width: 100 },
  { field: 'error', header: (LL) => LL.push.log.error(), type: 'content', width: 280, value: (row, LL) => pushErrorWords(LL, String(row.error ?? '')) },
  { field: 'next_at', header: (LL) => LL.push.log.nextAt(), type: 'datetime', width: 170 },
  { field: 'attempt', header: (LL) => LL.push.log.attempt(), type: 'count', width: 80 },
  { field: 'batch_id', header: (LL) => LL.push.log.deliveryId(), width: 110 },
  { field: 'url', header: (LL) => LL.push.log.url(), type: 'content', width: 240 },
]

/** /info/push-log: every attempt to deliver report pushes, newest first. */
export const pushLogList = defineList({
  id: 'info.push-log',
  path: '/info/push-log',
  title: (LL) => LL.push.log.title(),
  endpoint: '/pushLog/list',
  searchSchema: pushLogSearchSchema,
  rowSchema: pushLogRowSchema,
  searchFields,
  columns,
  defaultSort: { orderBy: 'create_time', order: 'desc' },
  rowId: (row) => String(row.id),
})
