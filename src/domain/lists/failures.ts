import { z } from 'zod'
import { OPERATORS } from '../operators'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './query'

/*
 * Failure analysis across batches (/dataGathering/failureList, /dataGathering/failureTrend): the failed records of a
 * window by carrier code × operator, and the failure rate per day, from the failure rollup (mt_failure_daily, kept
 * by the record triggers): never a scan of the records. A failure is what src/domain/figures.ts counts as failed;
 * rates are of the records sent.
 */

/** The operators a failure is grouped under: the number's segment (src/domain/operators.ts), international 'other'. */
export const FAILURE_OPERATORS = [...OPERATORS, 'other'] as const
export type FailureOperator = (typeof FAILURE_OPERATORS)[number]
const operatorField = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(FAILURE_OPERATORS).optional())

/** Without a window the last 30 days (the screen's default, "last month"). */
export const FAILURE_DEFAULT_DAYS = 30

export const failureSearchSchema = listQuerySchema.extend({
  prod_type: searchInt(),
  cus_id: searchText(64),
  operator: operatorField(),
  ...dateRangeShape,
})
export type FailureSearch = z.infer<typeof failureSearchSchema>

export const failureRowSchema = z.object({
  /** The carrier's code (report_result_desc); '#<status>' for a failure reported without one. */
  code: z.string(),
  operator: z.string(),
  failure_count: z.number(),
  /** Percent of every failure of the search. */
  share: z.number(),
  /** Records sent to this operator in the search, and this code's failures as a percent of them. */
  sent_count: z.number(),
  rate: z.number(),
})
export type FailureRow = z.infer<typeof failureRowSchema>
export const FAILURE_SORTABLE = ['failure_count', 'share', 'rate', 'code', 'operator'] as const
export const FAILURE_TOTALS = ['failure_count', 'share'] as const

/** The failure rate per day of the same search (operator included): sent and failed per day, every day of the window. */
export const failureTrendSearchSchema = failureSearchSchema.omit({ pageNumber: true, pageSize: true, orderBy: true, order: true })
export const failureTrendSchema = z.object({
  axis: z.array(z.string()),
  partial: z.string().nullable(),
  sent: z.array(z.number()),
  failure: z.array(z.number()),
})
export type FailureTrend = z.infer<typeof failureTrendSchema>
