import type { HeaderWords } from './lists/query'
import type { MtCounter } from './lists/mt-counters'

/*
 * The sending figures, defined once. Every screen that shows one (the home, the product overviews, the statistics by
 * day, month, year, country, sub-account and batch, the records' totals and the files) names it by its key here and
 * reads it from the same source: the daily rollups (mt_daily, calendar days of the platform's zone) or, for one batch,
 * its counters (sms_batch), both kept equal to the records by the schema's triggers. The client's words for each are
 * the `figures` dictionary (label and tooltip, src/i18n/*\/figures.ts); the files the server writes use FIGURE_WORDS,
 * and src/i18n/figures.test.ts holds the two to the same words.
 *
 * A record is one number of one send. A figure counts records, except billed messages (a long text is several
 * messages) and spend (money).
 */
export const FIGURES = ['submitted', 'sent', 'delivered', 'failed', 'unknown', 'waiting', 'messages', 'spend'] as const
export type Figure = (typeof FIGURES)[number]

/** The column of the rollups and batch rows each counted figure is (waiting is derived: submitted − sent). */
export const FIGURE_COUNTERS: Record<Exclude<Figure, 'waiting' | 'messages' | 'spend'>, MtCounter> = {
  submitted: 'receive',
  sent: 'sent',
  delivered: 'success',
  failed: 'failure',
  unknown: 'unknown',
}

/** The field a row of the statistics and the home carries each figure in. */
export const FIGURE_FIELDS: Record<Figure, string> = {
  submitted: 'receive_count',
  sent: 'sent_count',
  delivered: 'success_count',
  failed: 'failure_count',
  unknown: 'unknown_count',
  waiting: 'wait_send_count',
  messages: 'messages',
  spend: 'spend',
}

/** The figures' names in files (the server's words; the console's are the `figures` dictionary, the same words). */
export const FIGURE_WORDS: Record<Figure, HeaderWords> = {
  submitted: { 'zh-CN': '提交数', en: 'Submitted' },
  sent: { 'zh-CN': '已发送数', en: 'Sent to carrier' },
  delivered: { 'zh-CN': '成功数', en: 'Delivered' },
  failed: { 'zh-CN': '失败数', en: 'Failed' },
  unknown: { 'zh-CN': '未知数', en: 'Unknown' },
  waiting: { 'zh-CN': '待发送数', en: 'Waiting' },
  messages: { 'zh-CN': '计费条数', en: 'Billed messages' },
  spend: { 'zh-CN': '消费金额', en: 'Spend' },
}

/** The delivery rate's words: delivered as a share of sent (never of submitted: a record held for review has no outcome). */
export const RATE_WORDS: HeaderWords = { 'zh-CN': '成功率', en: 'Delivery rate' }
