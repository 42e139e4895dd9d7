import { z } from 'zod'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './query'
import { safeText } from '../input'

/**
 * Statistics lists of /dataGathering/*: batch statistics, statistics by day/month/year, by country, the
 * time-dimension list, and the dashboard calls. Their figures are those of src/domain/figures.ts, from the daily
 * rollups: submitted (receive_count) = every record; sent = submitted minus records still held for review; delivered
 * (success) = mt_status 0 with report_result 0; unknown = waiting for or timed out on the status report (500, 600);
 * failed = every other sent record. Shares are of sent.
 */

/**
 * Billed messages (a long text bills several) and spend (the sum of the records' prices, yuan) of a row: the figures
 * `messages` and `spend` of src/domain/figures.ts, from mt_daily or the batch row.
 */
const moneyShape = () => ({ messages: z.number(), spend: z.number() })

// ---- batch statistics: /dataGathering/batchList, download /dataGathering/downloadBatch

export const batchSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  batch_id: searchText(64),
  batch_type: searchInt(),
  prod_type: searchInt(),
  ...dateRangeShape,
})
export type BatchSearch = z.infer<typeof batchSearchSchema>

export const batchRowSchema = z.object({
  batch_id: z.string(),
  batch_type: z.number(),
  create_time: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  prod_type: z.number(),
  receive_count: z.number(),
  /** received minus sent, never below 0 */
  wait_send_count: z.number(),
  sent_count: z.number(),
  success_count: z.number(),
  failure_count: z.number(),
  unknown_count: z.number(),
  ...moneyShape(),
  decodeContent: z.string(),
})
export type BatchRow = z.infer<typeof batchRowSchema>

export const BATCH_SORTABLE = ['create_time', 'batch_id', 'receive_count', 'sent_count', 'success_count', 'failure_count', 'unknown_count', 'messages', 'spend'] as const
/** The six-count totals row of spec section 9, with the batches' billed messages and spend. */
export const BATCH_TOTALS = ['receive_count', 'wait_send_count', 'sent_count', 'success_count', 'failure_count', 'unknown_count', 'messages', 'spend'] as const

export type BatchTypeKey = 'batchAudit' | 'batchSameContent' | 'batchPointToPoint' | 'unknown'
/** Batch statistic batch_type (spec section 4): 0 content review, 1 same-content, 2 one-to-one group send. */
export function batchTypeKey(batchType: number): BatchTypeKey {
  if (batchType === 0) return 'batchAudit'
  if (batchType === 1) return 'batchSameContent'
  if (batchType === 2) return 'batchPointToPoint'
  return 'unknown'
}
export const BATCH_TYPE_FILTER = [
  { value: 0, key: 'batchAudit' },
  { value: 1, key: 'batchSameContent' },
  { value: 2, key: 'batchPointToPoint' },
] as const

/** /dataGathering/mobileDownload: one batch's numbers and statuses. */
export const batchMobileSearchSchema = z.object({ batch_id: safeText().trim().min(1).max(64) })

// ---- statistics by day / month / year: /dataGathering/list

/** 0 day, 1 month, 2 year (spec section 9). */
export const dimensionField = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(2).default(0))

export const gatheringSearchSchema = listQuerySchema.extend({
  dimension: dimensionField(),
  prod_type: searchInt(),
  cus_id: searchText(64),
  ...dateRangeShape,
})
export type GatheringSearch = z.infer<typeof gatheringSearchSchema>

const countsShape = {
  receive_count: z.number(),
  sent_count: z.number(),
  success_count: z.number(),
  failure_count: z.number(),
  unknown_count: z.number(),
  /** "count (ratio%)", ratio of sent_count with two decimals */
  successUnionStr: z.string(),
  failureUnionStr: z.string(),
  unknownUnionStr: z.string(),
  ...moneyShape(),
}

export const gatheringRowSchema = z.object({
  /** yyyy-MM-dd, yyyy-MM or yyyy by dimension */
  gathering_time: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  ...countsShape,
})
export type GatheringRow = z.infer<typeof gatheringRowSchema>

export const GATHERING_SORTABLE = ['gathering_time', 'cus_id', 'receive_count', 'sent_count', 'success_count', 'failure_count', 'unknown_count', 'messages', 'spend'] as const
export const GATHERING_TOTALS = ['receive_count', 'sent_count', 'success_count', 'failure_count', 'unknown_count', 'messages', 'spend'] as const

// ---- by country (international): /dataGathering/countryList

export const countryStatSearchSchema = listQuerySchema.extend({
  prod_type: searchInt(),
  cus_id: searchText(64),
  /** ISO 3166 alpha-2 */
  country: searchText(2),
  ...dateRangeShape,
})
export type CountryStatSearch = z.infer<typeof countryStatSearchSchema>

export const countryStatRowSchema = z.object({
  country: z.string(),
  /** in the caller's language */
  countryName: z.string(),
  ...countsShape,
})
export type CountryStatRow = z.infer<typeof countryStatRowSchema>
export const COUNTRY_STAT_SORTABLE = ['country', 'receive_count', 'sent_count', 'success_count', 'failure_count', 'unknown_count', 'messages', 'spend'] as const
export const COUNTRY_STAT_TOTALS = GATHERING_TOTALS

// ---- time-dimension list: /dataGathering/dimeList, download /dataGathering/downloadDimeList
// Per period, account and product, with the replies received in the period.

export const dimeSearchSchema = gatheringSearchSchema
export type DimeSearch = GatheringSearch
export const dimeRowSchema = gatheringRowSchema.extend({
  prod_type: z.number(),
  reply_count: z.number(),
})
export type DimeRow = z.infer<typeof dimeRowSchema>
export const DIME_SORTABLE = [...GATHERING_SORTABLE, 'prod_type', 'reply_count'] as const
export const DIME_TOTALS = [...GATHERING_TOTALS, 'reply_count'] as const

// ---- dashboards

export const indexInfoSearchSchema = z.object({
  prod_type: searchInt(),
  cus_id: searchText(64),
})
export type IndexInfoSearch = z.infer<typeof indexInfoSearchSchema>

/**
 * The overviews' 30 days: submitted per day (the figure their cards count), sent to the carrier, and the outcomes as
 * percentages of sent; calendar days of the platform's zone ending today (so far).
 */
const indexAxesShape = {
  timeAxis: z.array(z.string()),
  receiveCountAxis: z.array(z.number()),
  sentCountAxis: z.array(z.number()),
  successRatioAxis: z.array(z.number()),
  failureRatioAxis: z.array(z.number()),
  unknownRatioAxis: z.array(z.number()),
}

/** getSmsIndexInfo (video / international / 5G dashboard): the counts are submitted records. */
export const smsIndexInfoSchema = z.object({
  monthAllCount: z.number(),
  yesterdayAllCount: z.number(),
  todayAllCount: z.number(),
  todaySuccessCount: z.number(),
  todayFailureCount: z.number(),
  todayUnknownCount: z.number(),
  ...indexAxesShape,
})
export type SmsIndexInfo = z.infer<typeof smsIndexInfoSchema>

/** getNormalSmsIndexInfo (ordinary dashboard): the counts are submitted records. */
export const normalSmsIndexInfoSchema = z.object({
  prevMonthAllCount: z.number(),
  curMonthAllCount: z.number(),
  yesterdayAllCount: z.number(),
  todayAllCount: z.number(),
  ...indexAxesShape,
})
export type NormalSmsIndexInfo = z.infer<typeof normalSmsIndexInfoSchema>

/** /dataGathering/queryReplyCount: replies in the range (default today) and today. */
export const replyCountSearchSchema = z.object({ prod_type: searchInt(), cus_id: searchText(64), ...dateRangeShape })
export const replyCountSchema = z.object({ replyCount: z.number(), todayReplyCount: z.number() })
export type ReplyCount = z.infer<typeof replyCountSchema>

/** Success as a percentage of sent (two decimals shown by the grid); null with nothing sent, where no rate exists. */
export function successRate(success: unknown, sent: unknown): number | null {
  if (typeof success !== 'number' || typeof sent !== 'number' || sent <= 0) return null
  return (success * 100) / sent
}

/** "count (ratio%)" of the statistics rows; 0 sent gives 0.00%. */
export function unionStr(count: number, sent: number): string {
  const ratio = sent > 0 ? (count * 100) / sent : 0
  return `${count} (${ratio.toFixed(2)}%)`
}

// ---- the chart above a statistics list: /dataGathering/trend

/** The statistics list's own search (dimension, product, account, country, window), without paging. */
export const trendSearchSchema = z.object({
  dimension: dimensionField(),
  prod_type: searchInt(),
  cus_id: searchText(64),
  country: searchText(2),
  ...dateRangeShape,
})
export type TrendSearch = z.infer<typeof trendSearchSchema>

/**
 * The chart above the batch statistics: the batches of its own search (account, batch id, type, product, creation
 * window), their figures summed per day the batch was created, so the chart and the rows always agree.
 */
export const batchTrendSearchSchema = batchSearchSchema.pick({ cus_id: true, batch_id: true, batch_type: true, prod_type: true, start_time: true, end_time: true })
export type BatchTrendSearch = z.infer<typeof batchTrendSearchSchema>

/** The most periods one chart draws (a longer window keeps its last ones): about a year of days, ten of months. */
export const TREND_MAX_POINTS = [370, 120, 30] as const

/**
 * Per period of the window (days, months or years as the list's dimension; every period, zeros where nothing was
 * sent), the figures of src/domain/figures.ts; `partial` names the period still under way (today's, this month's,
 * this year's) when the window reaches it, which a chart draws as "so far".
 */
export const trendSchema = z.object({
  axis: z.array(z.string()),
  partial: z.string().nullable(),
  receive: z.array(z.number()),
  sent: z.array(z.number()),
  success: z.array(z.number()),
  failure: z.array(z.number()),
  unknown: z.array(z.number()),
  messages: z.array(z.number()),
  spend: z.array(z.number()),
})
export type Trend = z.infer<typeof trendSchema>
