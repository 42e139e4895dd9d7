import { z } from 'zod'
import { groupSendSchema, MAX_CONTENT_CHARS } from './send'
import { safeText, serialId } from './input'

/**
 * 5G (csp) send: /cspTemplate/cspSmsGroupSend, the multipart form of send.ts (`payload` JSON field +
 * `numbers` file part, parsed on the server in domestic mode like /user/groupSend).
 *
 * Chatbot and template: `chatbot_id` must be one of the paying account's online chatbots (/user/getChatbotList) and
 * `template_id` the account's own csp template, approved (status 4) and registered for that chatbot. Otherwise 400
 * cspTemplateNotApproved (missing, another tenant's, pending, in review, rejected) or 400 cspChatbotMismatch (chatbot
 * not the account's, offline, or not the template's), and nothing is stored.
 *
 * Fallback (spec section 4): `low_type` is a subset of {1 SMS, 2 video message, 3 read message}, empty for none. Each
 * chosen type carries its content: 1 `sms_text` (the SMS sent when the handset cannot receive 5G), 2
 * `video_template_id` (the sending account's approved video template, status 2), 3 `aim_text` (the read message's
 * text). The console pre-fills them from the template's own registered fallback (its Preview entity). They are kept
 * with the batch (csp_send); sending them is the carrier's job when a 5G delivery fails.
 *
 * Records: prod_type 6, template_name the template's name, content cspRecordText(): the 5G text or the card titles,
 * cut to one message. Billing: one message per recipient at the account's csp price (customer_product prod_type 6),
 * whatever the cards hold; the record text stays within one message, so the timed scheduler (which bills by measured
 * content) bills a timed csp send the same. Fallback messages are not billed here: the carrier bills them on a
 * failed 5G delivery, which is outside this console. Other refusals as send.ts.
 */

export const CSP_CONTENT_TYPE = { text: 'text/plain', card: 'application/vnd.gsma.botmessage.v1.0+json' } as const
export const CSP_FALLBACK = { sms: 1, video: 2, read: 3 } as const
export type CspFallbackCode = 1 | 2 | 3
export const CSP_FALLBACK_CODES = [1, 2, 3] as const

/** csp_template.low_type ("1,3") as codes, unknown codes dropped, in order, each once. */
export function parseLowType(lowType: string): CspFallbackCode[] {
  const set = new Set(lowType.split(',').map((s) => Number(s.trim())))
  return CSP_FALLBACK_CODES.filter((c) => set.has(c))
}

export const cspMediaTypeSchema = z.enum(['image', 'video', 'audio'])
export type CspMediaType = z.infer<typeof cspMediaTypeSchema>

export const cspCardSchema = z.object({
  cardSeq: z.number(),
  mediaType: cspMediaTypeSchema,
  /** A data: URI or a path the server serves; never an external host. */
  mediaUrl: z.string(),
  cardTitle: z.string(),
  textContent: z.string(),
  buttons: z.array(z.object({ buttonName: z.string() })),
})
export type CspCard = z.infer<typeof cspCardSchema>

export const cspFrameSchema = z.object({ seq: z.number(), mediaType: z.string(), mediaUrl: z.string(), textContent: z.string() })
export type CspFrame = z.infer<typeof cspFrameSchema>

/** Spec section 3, Preview: what a csp template sends, and the fallback contents registered with it. */
export const cspPreviewSchema = z.object({
  contentType: z.enum([CSP_CONTENT_TYPE.text, CSP_CONTENT_TYPE.card]),
  text5g: z.string(),
  cspCardList: z.array(cspCardSchema),
  smsTextContent: z.string(),
  videoTheme: z.string(),
  videoFrameList: z.array(cspFrameSchema),
  aimTextContent: z.string(),
})
export type CspPreview = z.infer<typeof cspPreviewSchema>

/** /cspTemplate/getSendContentByCusTemplateId: the Preview plus the template it belongs to. */
export const cspSendContentSchema = cspPreviewSchema.extend({
  template_id: z.number(),
  template_name: z.string(),
  chatbot_id: z.string(),
  low_type: z.string(),
  template_status: z.number(),
  /** The sending account's price per 5G message (null when it has no csp product). */
  price: z.number().nullable(),
})
export type CspSendContent = z.infer<typeof cspSendContentSchema>

export const cspContentRequestSchema = z.object({
  template_id: serialId(),
  cus_id: safeText().trim().min(1).max(64).optional(),
})
export type CspContentRequest = z.infer<typeof cspContentRequestSchema>

/** /user/getChatbotList {cus_id}: the account's chatbots (default the caller's). */
export const chatbotListRequestSchema = z.object({ cus_id: safeText().trim().max(64).optional() })
export const CHATBOT_STATUS = { offline: 0, online: 1 } as const
export const chatbotSchema = z.object({ chatbot_id: z.string(), cus_id: z.string(), name: z.string(), status: z.number() })
export type Chatbot = z.infer<typeof chatbotSchema>

export const cspSendSchema = groupSendSchema
  .omit({ content: true })
  .extend({
    chatbot_id: safeText().trim().min(1).max(64),
    template_id: serialId(),
    low_type: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).max(3).default([]),
    sms_text: safeText().trim().max(MAX_CONTENT_CHARS).optional(),
    video_template_id: serialId().optional(),
    aim_text: safeText().trim().max(MAX_CONTENT_CHARS).optional(),
  })
  .superRefine((p, ctx) => {
    if (new Set(p.low_type).size !== p.low_type.length) ctx.addIssue({ code: 'custom', path: ['low_type'], message: 'repeated' })
    if (p.low_type.includes(1) && !p.sms_text) ctx.addIssue({ code: 'custom', path: ['sms_text'], message: 'required' })
    if (p.low_type.includes(2) && !p.video_template_id) ctx.addIssue({ code: 'custom', path: ['video_template_id'], message: 'required' })
    if (p.low_type.includes(3) && !p.aim_text) ctx.addIssue({ code: 'custom', path: ['aim_text'], message: 'required' })
  })
export type CspSendPayload = z.input<typeof cspSendSchema>

/** Characters of a csp record's text: one message (70 with non-ASCII characters). */
export const CSP_RECORD_CHARS = 70

/** What a csp record's content shows: the 5G text, or the card titles joined; cut to one message. */
export function cspRecordText(p: Pick<CspPreview, 'contentType' | 'text5g' | 'cspCardList'>): string {
  const text = p.contentType === CSP_CONTENT_TYPE.text ? p.text5g.trim() : p.cspCardList.map((c) => c.cardTitle.trim()).join(' / ')
  const chars = Array.from(text || '5G')
  return chars.length <= CSP_RECORD_CHARS ? chars.join('') : chars.slice(0, CSP_RECORD_CHARS).join('')
}
