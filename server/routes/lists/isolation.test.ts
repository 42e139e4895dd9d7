import { isolationMatrix, type IsolationEndpoint } from '../../lists/isolation.test-helper'

const WIDE = { start_time: '2000-01-01', pageSize: 500 }
const ALL: IsolationEndpoint['nonEmptyFor'] = ['admin', 'acme', 'acme01']
const list = (path: string, nonEmptyFor = ALL, body: Record<string, unknown> = WIDE): IsolationEndpoint => ({ path, kind: 'list', body, nonEmptyFor })
const download = (path: string, nonEmptyFor = ALL): IsolationEndpoint => ({ path, kind: 'download', body: WIDE, nonEmptyFor })
// One template by id: 200 for the accounts allowed, 404 for every other account's.
const item = (path: string, table: string, idCol: string, field: string, nonEmptyFor: IsolationEndpoint['nonEmptyFor']): IsolationEndpoint =>
  ({ path, kind: 'item', item: { table, idCol, field }, nonEmptyFor })

// The statistics, timed, recharge, template, address-book, number-check and account lists, as admin, acme, acme01.
isolationMatrix([
  list('/dataGathering/batchList'), download('/dataGathering/downloadBatch'),
  list('/dataGathering/list'), list('/dataGathering/dimeList'), download('/dataGathering/downloadDimeList'),
  list('/pageTimeBatch/list'), list('/timeMtMessage/list'),
  list('/recharge/list'), list('/epRecharge/list'),
  list('/contentTemplate/list'), list('/videoTemplate/list'), list('/cspTemplate/list', ['admin']),
  list('/addressBook/list'), list('/addressBook/groupList'), download('/addressBook/download'),
  list('/mobileStatus/mobileStatusStatistics'), list('/mobileBlack/mobileBlackStatistics'), list('/numberPorting/numberPortingStatistics'),
  list('/mobileUe/list'), list('/mobileStatus/list'),
  list('/user/subAccountList', ['admin', 'acme']),
  list('/pushLog/list'),
  // Each account's AppSecret is its first key row, so every family has rows.
  list('/apiKey/list', ALL, { pageSize: 500 }),
  item('/cspTemplate/getCspTemplate', 'csp_template', 'template_id', 'template_id', ['admin']),
  item('/cspTemplate/downloadTemplate', 'csp_template', 'template_id', 'template_id', ['admin']),
  item('/videoTemplate/getVideoTemplate', 'video_template', 'cus_template_id', 'cus_template_id', ['admin', 'acme', 'acme01']),
  item('/videoTemplate/downloadTemplate', 'video_template', 'cus_template_id', 'cus_template_id', ['admin', 'acme', 'acme01']),
  // A batch's page and its failure groups, and a sent record in full (routes/batch.ts): one of each account's.
  item('/batch/detail', 'sms_batch', 'batch_id', 'batch_id', ['admin', 'acme', 'acme01']),
  item('/batch/failures', 'sms_batch', 'batch_id', 'batch_id', ['admin', 'acme', 'acme01']),
  item('/mtRecord/detail', 'mt_record', 'sn', 'sn', ['admin', 'acme', 'acme01']),
])
