import { lazy } from 'react'
import { carrierCodeKey, failureKind } from '@/domain/carrier-codes'
import { PROD_TYPE } from '@/domain/constants'
import { FAILURE_OPERATORS, FAILURE_TOTALS, failureRowSchema, failureSearchSchema } from '@/domain/lists/failures'
import { MT_STATUS_FAILURE } from '@/domain/lists/records'
import { defineList, shortcutRange, type ListContext } from '@/grid'

/** Spec section 6: an enterprise picks one of its accounts (itself or a sub-account), an administrator any. */
const filtersAccount = (ctx: ListContext) => ctx.authUser.userType === 1 || ctx.authUser.userType === 2

const PRODUCTS = [
  { value: PROD_TYPE.ordinary, key: 'prodOrdinary', records: '/home-sms/mt-records' },
  { value: PROD_TYPE.international, key: 'prodInternational', records: '/intl-sms/mt-records' },
  { value: PROD_TYPE.video, key: 'prodVideo', records: '/video-sms/mt-records' },
  { value: PROD_TYPE.csp, key: 'prodCsp', records: '/csp-sms/mt-records' },
] as const

/**
 * Failure analysis across batches: the failed records of a window by carrier code × operator, each with its count,
 * its share of every failure and its rate of the records sent to that operator, the failure rate per day above
 * (/dataGathering/failureList, /failureTrend, from the failure rollup). Enter opens the group's failed records (its
 * code and operator) of the same product, window and account.
 */
export const failureStatsList = defineList({
  id: 'home-sms.failure-stats',
  path: '/home-sms/failure-stats',
  title: (LL) => LL.lists.titles.failureStats(),
  endpoint: '/dataGathering/failureList',
  searchSchema: failureSearchSchema,
  rowSchema: failureRowSchema,
  above: lazy(() => import('./FailureTrend')),
  searchFields: [
    { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.gatheringTime(), shortcuts: 'day', defaultValue: 'lastMonth' },
    {
      name: 'prod_type', kind: 'select', label: (LL) => LL.lists.filters.product(), defaultValue: PROD_TYPE.ordinary,
      options: PRODUCTS.map(({ value, key }) => ({ value, label: (LL) => LL.status[key]() })),
    },
    {
      name: 'operator', kind: 'select', label: (LL) => LL.lists.filters.operator(),
      options: FAILURE_OPERATORS.map((op) => ({ value: op, label: (LL) => LL.alerts.operators[op]() })),
    },
    { name: 'cus_id', kind: 'account', prodType: -1, label: (LL) => LL.lists.filters.account(), visibleWhen: filtersAccount },
  ],
  columns: [
    {
      field: 'code', header: (LL) => LL.lists.columns.failureCode(), width: 260, sortable: true, priority: 1,
      value: (row, LL) => {
        const code = String(row.code)
        const key = carrierCodeKey(code)
        return key ? LL.carrier.withCode({ words: LL.carrier[key](), code }) : code
      },
    },
    {
      field: 'kind', header: (LL) => LL.lists.columns.failureKind(), width: 110,
      value: (row, LL) => {
        const kind = failureKind(String(row.code))
        return kind ? LL.carrier.kind[kind]() : '—'
      },
    },
    {
      field: 'operator', header: (LL) => LL.lists.columns.operator(), width: 150, sortable: true, priority: 1,
      value: (row, LL) => {
        const op = FAILURE_OPERATORS.find((o) => o === row.operator)
        return op ? LL.alerts.operators[op]() : String(row.operator)
      },
    },
    { field: 'failure_count', header: (LL) => LL.figures.failed.label(), tip: (LL) => LL.figures.failed.tip(), type: 'count', width: 110, sortable: true, priority: 1 },
    { field: 'share', header: (LL) => LL.lists.columns.failureShare(), type: 'ratio', width: 120, sortable: true, priority: 1 },
    { field: 'sent_count', header: (LL) => LL.lists.columns.operatorSent(), tip: (LL) => LL.figures.sent.tip(), type: 'count', width: 150 },
    { field: 'rate', header: (LL) => LL.lists.columns.failureRate(), type: 'ratio', width: 130, sortable: true },
  ],
  toolbar: [
    {
      id: 'failure-alert', label: (LL) => LL.lists.failureAlert.title(), visibleWhen: (ctx) => ctx.authUser.userType === 2,
      perform: async ({ LL }) => (await import('./failure-alert.actions')).editFailureAlert(LL),
    },
  ],
  totals: FAILURE_TOTALS,
  defaultSort: { orderBy: 'failure_count', order: 'desc' },
  rowId: (row) => `${String(row.code)}|${String(row.operator)}`,
  // The product's failed records of the window (and account) the analysis shows.
  detail: (row, search) => {
    const product = PRODUCTS.find((p) => p.value === Number(search.prod_type ?? PROD_TYPE.ordinary)) ?? PRODUCTS[0]
    const last = shortcutRange('lastMonth')
    const q = new URLSearchParams({ status: String(MT_STATUS_FAILURE), start_time: String(search.start_time ?? last.from), end_time: String(search.end_time ?? last.to) })
    if (search.cus_id) q.set('cus_id', String(search.cus_id))
    // The group's own records: its code (a failure reported without one has none to filter by) and operator.
    if (!String(row.code).startsWith('#')) q.set('report_code', String(row.code))
    q.set('operator', String(row.operator))
    return `${product.records}?${q}`
  },
})
