import {
  MT_STATUS_FAILURE, MT_STATUS_REVIEW, MT_STATUS_SUCCESS, MT_STATUS_TIMEOUT, MT_STATUS_WAITING, mtSendStatus, type MtSendStatusKey,
} from './records'

/*
 * The counters a sent record adds to, by its send status (mtSendStatus): sms_batch keeps them per batch, mt_daily
 * and mt_content_daily per day (all but timeout). The schema's triggers count them in SQL; the server renders its
 * sums and status totals from this table (server/lists/status-sums.ts), and its tests hold the triggers to it.
 */
export const MT_COUNTERS = ['receive', 'sent', 'success', 'failure', 'unknown', 'timeout'] as const
export type MtCounter = (typeof MT_COUNTERS)[number]
/** The counters of the daily rollups. */
export const DAILY_COUNTERS = ['receive', 'sent', 'success', 'failure', 'unknown'] as const satisfies readonly MtCounter[]

export const MT_SEND_STATUSES = ['review', 'success', 'failure', 'waiting', 'timeout'] as const satisfies readonly MtSendStatusKey[]

/** The send statuses each counter counts: received is every record, sent every one past review. */
export const COUNTER_STATUSES: Record<MtCounter, readonly MtSendStatusKey[]> = {
  receive: MT_SEND_STATUSES,
  sent: ['success', 'failure', 'waiting', 'timeout'],
  success: ['success'],
  failure: ['failure'],
  unknown: ['waiting', 'timeout'],
  timeout: ['timeout'],
}

/** The counters one record adds to. */
export function countersOf(row: { mt_status: number; report_result?: number | null }): MtCounter[] {
  const status = mtSendStatus(row)
  return MT_COUNTERS.filter((c) => status !== null && COUNTER_STATUSES[c].includes(status))
}

/** The counters of `n` records of one status, as a batch is stored: all waiting, or all held for review. */
export function uniformCounts(row: { mt_status: number; report_result?: number | null }, n: number): Record<MtCounter, number> {
  const counted = countersOf(row)
  return Object.fromEntries(MT_COUNTERS.map((c) => [c, counted.includes(c) ? n : 0])) as Record<MtCounter, number>
}

/** The send status a status filter value picks (700 is every failure code). */
export const FILTER_STATUS: Record<number, MtSendStatusKey> = {
  [MT_STATUS_SUCCESS]: 'success',
  [MT_STATUS_FAILURE]: 'failure',
  [MT_STATUS_REVIEW]: 'review',
  [MT_STATUS_WAITING]: 'waiting',
  [MT_STATUS_TIMEOUT]: 'timeout',
}

/** What a status counts in counters: the first, less the second when there is one. */
export const STATUS_COUNTERS: Record<MtSendStatusKey, readonly [MtCounter] | readonly [MtCounter, MtCounter]> = {
  success: ['success'],
  failure: ['failure'],
  review: ['receive', 'sent'],
  waiting: ['unknown', 'timeout'],
  timeout: ['timeout'],
}
