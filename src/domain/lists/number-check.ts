import { z } from 'zod'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './query'
import { safeText } from '../input'

/**
 * Number check: daily statistics of mobile status, blacklist and number-porting checks, the UE (terminal support)
 * check files and the mobile-status check batches.
 */

const statSearchShape = { cus_id: searchText(64), ...dateRangeShape }

// ---- /mobileStatus/mobileStatusStatistics

export const mobileStatusStatSearchSchema = listQuerySchema.extend(statSearchShape)
export type MobileStatusStatSearch = z.infer<typeof mobileStatusStatSearchSchema>

const statusCountsShape = {
  /** empty numbers */
  dead_count: z.number(),
  real_count: z.number(),
  /** powered off */
  down_count: z.number(),
  /** not in the operator's database */
  not_count: z.number(),
  silence_count: z.number(),
  danger_count: z.number(),
}

export const mobileStatusStatRowSchema = z.object({
  /** yyyy-MM-dd */
  gather_time: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  request_count: z.number(),
  success_count: z.number(),
  failure_count: z.number(),
  ...statusCountsShape,
})
export type MobileStatusStatRow = z.infer<typeof mobileStatusStatRowSchema>
export const MOBILE_STATUS_STAT_SORTABLE = ['gather_time', 'cus_id', 'request_count'] as const
export const MOBILE_STATUS_STAT_TOTALS = [
  'request_count', 'success_count', 'failure_count', 'dead_count', 'real_count', 'down_count', 'not_count', 'silence_count', 'danger_count',
] as const

// ---- /mobileBlack/mobileBlackStatistics and /numberPorting/numberPortingStatistics (same shape)

export const checkStatSearchSchema = listQuerySchema.extend(statSearchShape)
export type CheckStatSearch = z.infer<typeof checkStatSearchSchema>
export const checkStatRowSchema = z.object({
  gather_time: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  request_count: z.number(),
  success_count: z.number(),
  failure_count: z.number(),
  /** percent of request_count, two decimals, e.g. "97.50%" */
  successRatio: z.string(),
  failureRatio: z.string(),
})
export type CheckStatRow = z.infer<typeof checkStatRowSchema>
export const CHECK_STAT_SORTABLE = ['gather_time', 'cus_id', 'request_count'] as const
export const CHECK_STAT_TOTALS = ['request_count', 'success_count', 'failure_count'] as const

/** "97.50%"; 0 requests give "0.00%". */
export const ratioStr = (count: number, of: number) => `${(of > 0 ? (count * 100) / of : 0).toFixed(2)}%`

// ---- /mobileUe/list, download of a file's numbers /mobileUe/downloadMobile {batch_id}

export const mobileUeSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  file_name: searchText(200),
  file_status: searchInt(),
  ...dateRangeShape,
})
export type MobileUeSearch = z.infer<typeof mobileUeSearchSchema>
export const mobileUeRowSchema = z.object({
  batch_id: z.string(),
  cus_id: z.string(),
  file_name: z.string(),
  file_status: z.number(),
  batch_count: z.number(),
  check_count: z.number(),
  /** numbers whose terminal supports video / rich messages */
  ue_count: z.number(),
  nue_count: z.number(),
  create_time: z.string(),
})
export type MobileUeRow = z.infer<typeof mobileUeRowSchema>
export const MOBILE_UE_SORTABLE = ['create_time', 'batch_count'] as const
export const MOBILE_UE_TOTALS = ['batch_count', 'check_count', 'ue_count', 'nue_count'] as const
/** `ue` 1 only supporting numbers, 0 only the others, absent all. */
export const mobileUeDownloadSchema = z.object({
  batch_id: safeText().trim().min(1).max(64),
  ue: searchInt(),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
})

export type FileStatusKey = 'filePending' | 'fileChecking' | 'fileDone' | 'fileFailed' | 'unknown'
/** Number-check file_status: 0 pending, 1 checking, 2 done, 3 failed. */
export const fileStatusKey = (s: number): FileStatusKey =>
  (['filePending', 'fileChecking', 'fileDone', 'fileFailed'] as const)[s] ?? 'unknown'
export const FILE_STATUS_FILTER = [
  { value: 0, key: 'filePending' },
  { value: 1, key: 'fileChecking' },
  { value: 2, key: 'fileDone' },
  { value: 3, key: 'fileFailed' },
] as const

// ---- /mobileStatus/list: mobile-status check batches

export const mobileStatusBatchSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  batch_name: searchText(200),
  ...dateRangeShape,
})
export type MobileStatusBatchSearch = z.infer<typeof mobileStatusBatchSearchSchema>
export const mobileStatusBatchRowSchema = z.object({
  id: z.number(),
  cus_id: z.string(),
  batch_name: z.string(),
  batch_count: z.number(),
  ...statusCountsShape,
  create_time: z.string(),
})
export type MobileStatusBatchRow = z.infer<typeof mobileStatusBatchRowSchema>
export const MOBILE_STATUS_BATCH_SORTABLE = ['create_time', 'batch_count'] as const
export const MOBILE_STATUS_BATCH_TOTALS = ['batch_count', 'dead_count', 'real_count', 'down_count', 'not_count', 'silence_count', 'danger_count'] as const
