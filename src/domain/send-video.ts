import { z } from 'zod'
import { groupSendSchema } from './send'
import { safeText, serialId } from './input'

/**
 * Video send: /videoTemplate/videoSmsGroupSend, the multipart form of send.ts (`payload` JSON field +
 * `numbers` file part, parsed on the server in domestic mode like /user/groupSend).
 *
 * The template: `cus_template_id` must be the paying account's own video template (a sub-account sends its own
 * templates, as the template list scopes them), approved (status 2); any other (another tenant's, pending, in
 * review, rejected, deleted, missing) is refused with 400 videoTemplateNotApproved and nothing is stored.
 *
 * Records: prod_type 2; template_name is the template's title (the video records' subject column); content is
 * videoSmsText(sign, title), the text the handset shows with the video.
 *
 * Billing: one message per recipient at the account's video price (customer_product, prod_type 2), whatever the
 * video's size. videoSmsText stays within one message (measureContent), so the timed scheduler, which bills by
 * measured content, bills a timed video send the same. Refusals otherwise as send.ts (insufficientBalance,
 * invalidNumber, productNotActivated when the account has no video product).
 */
export const videoSendSchema = groupSendSchema.omit({ content: true }).extend({
  cus_template_id: serialId(),
})
export type VideoSendPayload = z.infer<typeof videoSendSchema>

/** Characters of a video message's text: at most one message (70 with non-ASCII characters). */
export const VIDEO_TEXT_CHARS = 70

/** The text a video message's record carries: 【sign】title, cut to one message. */
export function videoSmsText(sign: string, title: string): string {
  const text = `【${sign.trim()}】${title.trim()}`
  const chars = Array.from(text)
  return chars.length <= VIDEO_TEXT_CHARS ? text : chars.slice(0, VIDEO_TEXT_CHARS).join('')
}

/** /videoTemplate/getSendContentByCusTemplateId and /videoTemplate/getVideoTemplate. */
export const videoTemplateRequestSchema = z.object({
  cus_template_id: serialId(),
  /** The account that would send it (default the caller): the reply's price is that account's. */
  cus_id: safeText().trim().min(1).max(64).optional(),
})
export type VideoTemplateRequest = z.infer<typeof videoTemplateRequestSchema>

/** One frame of a video template's preview: a picture (a data: URI, no external host) and its caption. */
export const videoFrameSchema = z.object({
  seq: z.number(),
  /** image, video or audio */
  mediaType: z.string(),
  mediaUrl: z.string(),
  textContent: z.string(),
})
export type VideoFrame = z.infer<typeof videoFrameSchema>

/** What a send of the template shows (spec section 3, Preview: videoTheme, videoFrameList). */
export const videoSendContentSchema = z.object({
  cus_template_id: z.number(),
  videoTheme: z.string(),
  template_sign: z.string(),
  /** bytes */
  size: z.number(),
  status: z.number(),
  videoFrameList: z.array(videoFrameSchema),
  /** videoSmsText: the text each record carries. */
  smsTextContent: z.string(),
  /** The sending account's price per video message (null when it has no video product). */
  price: z.number().nullable(),
})
export type VideoSendContent = z.infer<typeof videoSendContentSchema>
