import { PROD_TYPE } from '@/domain/constants'
import {
  COUNTRY_STAT_TOTALS, GATHERING_TOTALS, countryStatRowSchema, countryStatSearchSchema, gatheringRowSchema, gatheringSearchSchema,
} from '@/domain/lists/stats'
import { defineList, type ListDefinition } from '@/grid'
import { accountColumns, accountFilter, figureColumn, moneyColumns, statsTrend, unionColumns } from './fields'

/** Send statistics per day, month or year (the dimension filter) of one product: /dataGathering/list. */
function sendStats(id: string, path: string, prodType: number, title: ListDefinition['title']): ListDefinition {
  return defineList({
    id,
    path,
    title,
    endpoint: '/dataGathering/list',
    fixed: { prod_type: prodType },
    searchSchema: gatheringSearchSchema,
    rowSchema: gatheringRowSchema,
    above: statsTrend,
    searchFields: [
      {
        name: 'dimension',
        kind: 'dimension',
        label: (LL) => LL.lists.filters.dimension(),
        options: [
          { value: 0, label: (LL) => LL.lists.options.day() },
          { value: 1, label: (LL) => LL.lists.options.month() },
          { value: 2, label: (LL) => LL.lists.options.year() },
        ],
        defaultValue: 0,
      },
      { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.gatheringTime(), shortcutsBy: 'dimension', defaultValue: 'lastMonth' },
      accountFilter(prodType),
    ],
    columns: [
      { field: 'gathering_time', header: (LL) => LL.lists.columns.gatheringTime(), sortable: true, width: 130 },
      ...accountColumns,
      figureColumn('submitted', { priority: 1 }),
      figureColumn('sent', { priority: 1 }),
      ...unionColumns(),
      ...moneyColumns(),
    ],
    totals: GATHERING_TOTALS,
    // The file is the time-dimension list (per period, account and product, with replies): same search, more detail.
    download: { endpoint: '/dataGathering/downloadDimeList', name: (LL) => LL.lists.files.sendStats() },
    defaultSort: { orderBy: 'gathering_time', order: 'desc' },
  })
}

export const sendStatsList = sendStats('home-sms.send-stats', '/home-sms/send-stats', PROD_TYPE.ordinary, (LL) => LL.lists.titles.sendStats())
export const intlSendStatsList = sendStats(
  'intl-sms.send-stats', '/intl-sms/send-stats', PROD_TYPE.international, (LL) => LL.lists.titles.intlSendStats(),
)
export const videoSendStatsList = sendStats('video-sms.send-stats', '/video-sms/send-stats', PROD_TYPE.video, (LL) => LL.lists.titles.videoSendStats())
export const cspSendStatsList = sendStats('csp-sms.send-stats', '/csp-sms/send-stats', PROD_TYPE.csp, (LL) => LL.lists.titles.cspSendStats())

/** International statistics per destination country: /dataGathering/countryList. */
export const countryStatsList = defineList({
  id: 'intl-sms.country-stats',
  path: '/intl-sms/country-stats',
  title: (LL) => LL.lists.titles.countryStats(),
  endpoint: '/dataGathering/countryList',
  fixed: { prod_type: PROD_TYPE.international },
  searchSchema: countryStatSearchSchema,
  rowSchema: countryStatRowSchema,
  above: statsTrend,
  searchFields: [
    { name: 'country', kind: 'text', label: (LL) => LL.lists.filters.country(), placeholder: () => 'US' },
    { name: 'time', kind: 'dateRange', label: (LL) => LL.lists.filters.gatheringTime(), shortcuts: 'day', defaultValue: 'lastMonth' },
    accountFilter(PROD_TYPE.international),
  ],
  columns: [
    { field: 'country', header: (LL) => LL.lists.columns.countryCode(), sortable: true, width: 100 },
    { field: 'countryName', header: (LL) => LL.lists.columns.country(), width: 140 },
    figureColumn('submitted', { priority: 1 }),
    figureColumn('sent', { priority: 1 }),
    ...unionColumns(),
    ...moneyColumns(),
  ],
  totals: COUNTRY_STAT_TOTALS,
  defaultSort: { orderBy: 'sent_count', order: 'desc' },
  rowId: (row) => String(row.country),
})
