import { z } from 'zod'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './query'
import { safeText } from '../input'
import { MAX_CONTENT_CHARS } from '../send'

/** Timed (scheduled) batches and their details: /pageTimeBatch/*, /timeMtMessage/list. */

export const TIMED_STATUS = { toBeSent: 0, sent: 1, paused: 2, intercepted: 3, failed: 4, optedOut: 5, overCap: 6 } as const

export type TimedStatusKey = 'timedToBeSent' | 'timedSent' | 'timedPaused' | 'timedIntercepted' | 'timedOptedOut' | 'timedOverCap' | 'failure'
/**
 * send_status of a timed batch and of its details (spec section 4): 0 to be sent, 1 sent, 2 paused, 3 intercepted,
 * 5 (a detail) left out when sent because its number had opted out, 6 (a detail of a marketing batch) left out because
 * its number had had the day's cap of marketing messages, else failure.
 */
export function timedStatusKey(status: number): TimedStatusKey {
  if (status === 5) return 'timedOptedOut'
  if (status === 6) return 'timedOverCap'
  if (status === 0) return 'timedToBeSent'
  if (status === 1) return 'timedSent'
  if (status === 2) return 'timedPaused'
  if (status === 3) return 'timedIntercepted'
  return 'failure'
}
export const TIMED_STATUS_FILTER = [
  { value: 0, key: 'timedToBeSent' },
  { value: 1, key: 'timedSent' },
  { value: 2, key: 'timedPaused' },
  { value: 3, key: 'timedIntercepted' },
  { value: 4, key: 'failure' },
] as const
/** A detail's statuses: a batch's, and 5, a number left out at sending because it had opted out (never a batch's). */
export const TIMED_DETAIL_STATUS_FILTER = [...TIMED_STATUS_FILTER, { value: 5, key: 'timedOptedOut' }] as const

export type TimedTypeKey = 'timedSameContent' | 'timedPointToPoint' | 'unknown'
/** Timed batch_type: 0 same content, 1 point-to-point, else unknown. */
export function timedTypeKey(batchType: number): TimedTypeKey {
  if (batchType === 0) return 'timedSameContent'
  if (batchType === 1) return 'timedPointToPoint'
  return 'unknown'
}
export const TIMED_TYPE_FILTER = [
  { value: 0, key: 'timedSameContent' },
  { value: 1, key: 'timedPointToPoint' },
] as const

// ---- /pageTimeBatch/list; download of one batch's numbers /pageTimeBatch/mobileDownload {time_batch}

export const timedBatchSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  time_batch: searchText(64),
  send_status: searchInt(),
  batch_type: searchInt(),
  prod_type: searchInt(),
  /** range of timing_time (the scheduled time) */
  ...dateRangeShape,
})
export type TimedBatchSearch = z.infer<typeof timedBatchSearchSchema>

export const timedBatchRowSchema = z.object({
  time_batch: z.string(),
  cus_id: z.string(),
  prod_type: z.number(),
  batch_count: z.number(),
  batch_type: z.number(),
  send_status: z.number(),
  timing_time: z.string(),
  create_time: z.string(),
  decodeContent: z.string(),
  /** How its details carry the content (group, p2p, link, video, csp, intl): a link batch's each end in a short link. */
  kind: z.string(),
})
export type TimedBatchRow = z.infer<typeof timedBatchRowSchema>
export const TIMED_BATCH_SORTABLE = ['timing_time', 'create_time', 'batch_count', 'time_batch'] as const
export const TIMED_BATCH_TOTALS = ['batch_count'] as const

// ---- /timeMtMessage/list

export const timedDetailSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  time_batch: searchText(64),
  mobile: searchText(20),
  send_status: searchInt(),
  prod_type: searchInt(),
  ...dateRangeShape,
})
export type TimedDetailSearch = z.infer<typeof timedDetailSearchSchema>

export const timedDetailRowSchema = z.object({
  sn: z.number(),
  decodeMobile: z.string(),
  decodeContent: z.string(),
  send_status: z.number(),
  time_batch: z.string(),
  timing_time: z.string(),
  create_time: z.string(),
  cus_id: z.string(),
})
export type TimedDetailRow = z.infer<typeof timedDetailRowSchema>
export const TIMED_DETAIL_SORTABLE = ['timing_time', 'create_time', 'sn'] as const

// ---- actions

export const TIMED_OPERATIONS = ['pause', 'recover', 'intercept'] as const
export type TimedOperation = (typeof TIMED_OPERATIONS)[number]
export const timedOperationSchema = z.object({
  time_batch: safeText().trim().min(1).max(64),
  type: z.enum(TIMED_OPERATIONS),
})
/** Spec section 5: timed SMS edit, content not empty. */
export const timedEditSchema = z.object({
  time_batch: safeText().trim().min(1).max(64),
  content: safeText().trim().max(MAX_CONTENT_CHARS),
})
export const timedMobileDownloadSchema = z.object({ time_batch: safeText().trim().min(1).max(64) })

/**
 * The statuses each action starts from: pause only what is waiting, recover only what is paused, intercept what has
 * not been sent, edit content only before sending. A sent, intercepted or failed batch takes no action.
 */
export const TIMED_FROM: Record<TimedOperation | 'edit', readonly number[]> = {
  pause: [TIMED_STATUS.toBeSent],
  recover: [TIMED_STATUS.paused],
  intercept: [TIMED_STATUS.toBeSent, TIMED_STATUS.paused],
  edit: [TIMED_STATUS.toBeSent, TIMED_STATUS.paused],
}
export const TIMED_TO: Record<TimedOperation, number> = {
  pause: TIMED_STATUS.paused,
  recover: TIMED_STATUS.toBeSent,
  intercept: TIMED_STATUS.intercepted,
}
/** For row actions' enabledWhen. */
export const timedActionAllowed = (action: TimedOperation | 'edit', sendStatus: number) => TIMED_FROM[action].includes(sendStatus)
