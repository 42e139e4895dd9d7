import { z } from 'zod'
import { INTEGER } from '../input'
import { SMS_TYPES } from '../marketing'
import { dateRangeShape, listQuerySchema, searchEnum, searchInt, searchText } from './query'

/** Content, video and csp templates: /contentTemplate/list, /videoTemplate/list, /cspTemplate/list. */

const templateSearchShape = {
  /** One template by its id (a review notice opens the list on it, `?id=`). */
  id: searchInt(INTEGER),
  cus_id: searchText(64),
  keyword: searchText(100),
  ...dateRangeShape,
}

// ---- content templates

export const contentTemplateSearchSchema = listQuerySchema.extend({
  ...templateSearchShape,
  check_status: searchInt(),
  /** A message type of marketing.ts. */
  sms_type: searchEnum(SMS_TYPES),
})
export type ContentTemplateSearch = z.infer<typeof contentTemplateSearchSchema>
export const contentTemplateRowSchema = z.object({
  id: z.number(),
  cus_id: z.string(),
  template_content: z.string(),
  keyword: z.string(),
  /** code, notice or marketing (marketing.ts) */
  sms_type: z.enum(SMS_TYPES),
  check_status: z.number(),
  result_desc: z.string(),
  check_time: z.string().nullable(),
  create_time: z.string(),
})
export type ContentTemplateRow = z.infer<typeof contentTemplateRowSchema>
export const CONTENT_TEMPLATE_SORTABLE = ['create_time', 'check_time'] as const

export type ContentCheckKey = 'checkPending' | 'checkNotAudited' | 'checkApproved' | 'checkRejected' | 'unknown'
/** check_status: 0 pending, 1 non-audited template, 2 approved, 3 rejected. */
export function contentCheckKey(status: number): ContentCheckKey {
  return (['checkPending', 'checkNotAudited', 'checkApproved', 'checkRejected'] as const)[status] ?? 'unknown'
}
/** Spec section 4: the filter offers 0, 2 and 3. */
export const CONTENT_CHECK_FILTER = [
  { value: 0, key: 'checkPending' },
  { value: 2, key: 'checkApproved' },
  { value: 3, key: 'checkRejected' },
] as const

// ---- video templates

export const videoTemplateSearchSchema = listQuerySchema.extend({ ...templateSearchShape, status: searchInt() })
export type VideoTemplateSearch = z.infer<typeof videoTemplateSearchSchema>
export const videoTemplateRowSchema = z.object({
  cus_template_id: z.number(),
  cus_id: z.string(),
  template_type: z.number(),
  /** the type in the caller's language */
  templateTypeStr: z.string(),
  title: z.string(),
  template_sign: z.string(),
  remark: z.string(),
  /** bytes; the console shows KB */
  size: z.number(),
  status: z.number(),
  /** the review's reason: why it was rejected ('' otherwise) */
  result_desc: z.string(),
  create_time: z.string(),
  update_time: z.string(),
})
export type VideoTemplateRow = z.infer<typeof videoTemplateRowSchema>
export const VIDEO_TEMPLATE_SORTABLE = ['create_time', 'update_time', 'size'] as const

export type VideoTemplateStatusKey = 'templatePending' | 'templateReviewing' | 'templateApproved' | 'templateRejected' | 'templateDeleted' | 'unknown'
/** Video template status: 5 or 0 pending, 1 in review, 2 approved, 3 rejected, 4 deleted. */
export function videoTemplateStatusKey(status: number): VideoTemplateStatusKey {
  if (status === 0 || status === 5) return 'templatePending'
  if (status === 1) return 'templateReviewing'
  if (status === 2) return 'templateApproved'
  if (status === 3) return 'templateRejected'
  if (status === 4) return 'templateDeleted'
  return 'unknown'
}
/** Filtering on 0 also finds 5, its synonym. */
export const VIDEO_TEMPLATE_STATUS_FILTER = [
  { value: 0, key: 'templatePending' },
  { value: 1, key: 'templateReviewing' },
  { value: 2, key: 'templateApproved' },
  { value: 3, key: 'templateRejected' },
  { value: 4, key: 'templateDeleted' },
] as const
export type VideoTemplateTypeKey = 'videoTypeStandard' | 'videoTypeVariable'
export const videoTemplateTypeKey = (t: number): VideoTemplateTypeKey => (t === 1 ? 'videoTypeVariable' : 'videoTypeStandard')

/** Bytes to KB with one decimal, as the video template list shows sizes. */
export const sizeKb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

// ---- csp templates

export const cspTemplateSearchSchema = listQuerySchema.extend({ ...templateSearchShape, template_status: searchInt() })
export type CspTemplateSearch = z.infer<typeof cspTemplateSearchSchema>
export const cspTemplateRowSchema = z.object({
  template_id: z.number(),
  cus_id: z.string(),
  template_name: z.string(),
  chatbot_id: z.string(),
  autograph: z.string(),
  /** fallback types, comma separated codes: 1 SMS, 2 video message, 3 read message; empty means none */
  low_type: z.string(),
  template_status: z.number(),
  /** the review's reason: why it was rejected ('' otherwise) */
  result_desc: z.string(),
  create_time: z.string(),
})
export type CspTemplateRow = z.infer<typeof cspTemplateRowSchema>
export const CSP_TEMPLATE_SORTABLE = ['create_time', 'template_id'] as const

/** Csp template status: 0 pending, 1 to 3 in review, 4 approved, 5 rejected. */
export function cspTemplateStatusKey(status: number): VideoTemplateStatusKey {
  if (status === 0) return 'templatePending'
  if (status >= 1 && status <= 3) return 'templateReviewing'
  if (status === 4) return 'templateApproved'
  if (status === 5) return 'templateRejected'
  return 'unknown'
}
/** Filtering on 1 finds every in-review code (1 to 3). */
export const CSP_TEMPLATE_STATUS_FILTER = [
  { value: 0, key: 'templatePending' },
  { value: 1, key: 'templateReviewing' },
  { value: 4, key: 'templateApproved' },
  { value: 5, key: 'templateRejected' },
] as const

export type FallbackKey = 'fallbackSms' | 'fallbackVideo' | 'fallbackRead'
const FALLBACK: Record<string, FallbackKey> = { 1: 'fallbackSms', 2: 'fallbackVideo', 3: 'fallbackRead' }
/** low_type "1,3" → ['fallbackSms', 'fallbackRead']; empty → [] (no fallback). */
export const fallbackKeys = (lowType: string): FallbackKey[] =>
  lowType.split(',').map((s) => FALLBACK[s.trim()]).filter((k): k is FallbackKey => k !== undefined)
