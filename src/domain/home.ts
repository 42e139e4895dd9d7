import { z } from 'zod'
import { noticeSchema } from './notice'

/*
 * The home page's one answer (/home/summary): today's and this month's sending figures from the daily rollups
 * (calendar days of Asia/Shanghai, as the dashboards), the latest batches with their progress, the templates
 * waiting for review and the latest notices. Scoped as every list: an administrator sees the platform, an
 * enterprise itself and its sub-accounts, a sub-account itself.
 */
export const homeFiguresSchema = z.object({
  /** Submitted (src/domain/figures.ts): every record, as the overviews and the statistics count it. */
  received: z.number(),
  /** Sent to the carrier (submitted minus those waiting for review); the delivery rate's base. */
  sent: z.number(),
  success: z.number(),
  failure: z.number(),
  unknown: z.number(),
  /** What the records cost (the sum of their prices), a decimal string with the 4 decimals mt_daily keeps. */
  spend: z.string(),
})
export type HomeFigures = z.infer<typeof homeFiguresSchema>

export const homeBatchSchema = z.object({
  batch_id: z.string(),
  cus_id: z.string(),
  prod_type: z.number(),
  content: z.string(),
  create_time: z.string(),
  receive_count: z.number(),
  sent_count: z.number(),
  success_count: z.number(),
  failure_count: z.number(),
  unknown_count: z.number(),
})
export type HomeBatch = z.infer<typeof homeBatchSchema>

export const homeSummarySchema = z.object({
  /** Today in Asia/Shanghai, yyyy-MM-dd. */
  day: z.string(),
  today: homeFiguresSchema,
  month: homeFiguresSchema,
  /** The latest batches, newest first (HOME_BATCHES at most). */
  records: z.array(homeBatchSchema),
  /**
   * Templates waiting for review, by kind: the administrator's queue, or the account's own (and sub-accounts') waiting
   * ones. Waiting is the status each list's "pending" filter finds (content 0; video 0 or 5; 5G 0), so a count and the
   * list its link opens agree.
   */
  pendingTemplates: z.object({ content: z.number(), video: z.number(), csp: z.number() }),
  /** Enterprise customers on the platform (administrator only; null for the others). */
  customers: z.number().nullable(),
  /** The caller's own latest notices, unread first, and how many are unread. */
  notices: z.array(noticeSchema),
  unreadNotices: z.number(),
})
export type HomeSummary = z.infer<typeof homeSummarySchema>

export const HOME_BATCHES = 5
export const HOME_NOTICES = 3

/**
 * How far a batch has got: the share of its sent records whose outcome is known (a report, or a failure at
 * submission), 0–100. A batch whose records all wait for review has sent nothing and is at 0.
 */
export const batchProgress = (b: Pick<HomeBatch, 'sent_count' | 'success_count' | 'failure_count'>) =>
  b.sent_count > 0 ? Math.min(100, Math.floor(((b.success_count + b.failure_count) * 100) / b.sent_count)) : 0
