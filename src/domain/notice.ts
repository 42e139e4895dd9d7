import { z } from 'zod'
import { pageQuerySchema } from './api'
import { BIGINT, intIn } from './input'

/*
 * Notices on the bell of the top bar: balance warnings, template and signature review results. The server
 * words each in the reader's language from message keys (messages.ts) and their params.
 */

/** Rows kept per account: adding one past this drops the oldest. */
export const NOTICES_PER_ACCOUNT = 200

export const NOTICE_KINDS = ['balanceLow', 'templateReview', 'signatureReview', 'failureRate', 'signInAttack'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

const noticeId = () => intIn({ min: 1, max: BIGINT.max })

/** POST /notice/list: paged; `unreadFirst` puts unread notices before read ones (each newest first). */
export const noticeListSchema = pageQuerySchema.extend({ unreadFirst: z.boolean().default(false) })
export type NoticeListPayload = z.input<typeof noticeListSchema>

/** POST /notice/read: one notice by id, or all of the account's with `all: true`. */
export const noticeReadSchema = z
  .object({ id: noticeId().optional(), all: z.literal(true).optional() })
  .refine((v) => (v.id === undefined) !== (v.all === undefined), { message: 'id or all' })
export type NoticeReadPayload = z.infer<typeof noticeReadSchema>

export const noticeSchema = z.object({
  id: z.number(),
  /** The account the notice is for: always the reader's own. */
  cus_id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A console path the notice opens ('' when it opens nothing). */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
})
export type Notice = z.infer<typeof noticeSchema>

export const noticePageSchema = z.object({ records: z.array(noticeSchema), total: z.number(), unread: z.number() })
export type NoticePage = z.infer<typeof noticePageSchema>

export const noticeUnreadSchema = z.object({ unread: z.number() })
