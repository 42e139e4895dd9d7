import { z } from 'zod'
import { safeText, serialId } from './input'
import { hasOptOut, smsTypeSchema } from './marketing'
import { MAX_CONTENT_CHARS, templateAddSchema } from './send'
import { TEMPLATE_LIMITS as L } from './template-limits'

export * from './template-limits'

/*
 * Writing templates: one schema per payload, used by the console's editors and by the server routes.
 * Every refusal of a limit carries a TemplateIssueKey as its zod `message` (see template-limits.ts): the server
 * answers 400 with that message worded in the caller's language and the field named in `data.fields`; an editor
 * words the same key from the same issue (templateIssues below). Statuses: lists/templates.ts (spec section 4).
 */

const name = (max: number) => safeText().trim().min(1, 'required').max(max, 'tooLong')
const text = (max: number) => safeText().trim().max(max, 'tooLong')

// ---- content templates

/**
 * /contentTemplate/contentTemplateAdd, and the send pages' "save as template" (/user/templateAdd): one schema.
 * A text with {p1} … placeholders is a point-to-point template. Its type (marketing.ts; a notification when not
 * given) decides the rules of the sends that use it: a marketing template must carry a refusal instruction.
 */
export const contentTemplateAddSchema = templateAddSchema
  .extend({ sms_type: smsTypeSchema.default('notice') })
  .refine((t) => t.sms_type !== 'marketing' || hasOptOut(t.template_content), { path: ['template_content'], message: 'marketingOptOut' })
export type ContentTemplateAdd = z.input<typeof contentTemplateAddSchema>
export const CONTENT_TEMPLATE_CHARS = MAX_CONTENT_CHARS

/** /contentTemplate/contentTemplateDelete */
export const contentTemplateDeleteSchema = z.object({ id: serialId() })

// ---- 5G (csp) templates

export const CSP_BUTTON_KINDS = ['open-link', 'dial', 'reply'] as const
export type CspButtonKind = (typeof CSP_BUTTON_KINDS)[number]
export const CSP_MEDIA_KINDS = ['image', 'video', 'audio'] as const
export type CspMediaKind = (typeof CSP_MEDIA_KINDS)[number]

/** Dial targets: a mobile, a landline with area code, or a service number (95xxx, 400/800 …), optional leading +. */
const PHONE = /^\+?[0-9][0-9-]{2,19}$/

/**
 * A card's button (GSMA RCS "suggestion"): open-link opens `value` (an http(s) address), dial calls `value` (a phone
 * number), reply sends back `name` itself (value unused, stored empty).
 */
export const cspButtonSchema = z
  .object({
    kind: z.enum(CSP_BUTTON_KINDS),
    name: name(L.buttonNameChars),
    value: safeText().trim().max(L.buttonValueChars, 'tooLong').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'open-link' && !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(b.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'cspButtonUrl' })
    if (b.kind === 'dial' && !PHONE.test(b.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'cspButtonPhone' })
  })
export type CspButton = z.input<typeof cspButtonSchema>

/** One card: media picked from the account's materials (its kind must be one of CSP_MEDIA_KINDS), title, text, buttons. */
export const cspCardInputSchema = z
  .object({
    material_id: serialId(),
    title: text(L.cardTitleChars),
    text: text(L.cardTextChars),
    buttons: z.array(cspButtonSchema).max(L.buttonsPerCard, 'cspButtonCount').default([]),
  })
  .refine((c) => c.title || c.text, { message: 'cspCardEmpty', path: ['title'] })
export type CspCardInput = z.input<typeof cspCardInputSchema>

/**
 * /cspTemplate/add: a text message or a card carousel (1 card: a single rich card; 2 … cardsMax: a carousel), sent
 * by `chatbot_id` (one of the account's chatbots) with the signature `autograph`. Fallback (spec section 4, codes 1
 * SMS, 2 video message, 3 read message) as the send page's fallback tabs: each chosen code needs its content,
 * `video_template_id` naming the account's own approved video template.
 */
export const cspTemplateAddSchema = z
  .object({
    cus_id: safeText().trim().min(1).max(64).optional(),
    template_name: name(L.cspNameChars),
    chatbot_id: safeText().trim().min(1, 'required').max(64),
    autograph: safeText().trim().min(L.autographMin, 'cspAutographLength').max(L.autographMax, 'cspAutographLength'),
    content_type: z.enum(['text', 'card']),
    text_5g: text(L.cspTextChars).default(''),
    cards: z.array(cspCardInputSchema).max(L.cardsMax, 'cspCardCount').default([]),
    low_type: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).max(3).default([]),
    sms_text: text(MAX_CONTENT_CHARS).optional(),
    video_template_id: serialId().optional(),
    aim_text: text(MAX_CONTENT_CHARS).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.content_type === 'text' && !p.text_5g) ctx.addIssue({ code: 'custom', path: ['text_5g'], message: 'required' })
    if (p.content_type === 'card' && p.cards.length < L.cardsMin) ctx.addIssue({ code: 'custom', path: ['cards'], message: 'cspCardCount' })
    if (new Set(p.low_type).size !== p.low_type.length) ctx.addIssue({ code: 'custom', path: ['low_type'], message: 'invalidValue' })
    if (p.low_type.includes(1) && !p.sms_text) ctx.addIssue({ code: 'custom', path: ['sms_text'], message: 'required' })
    if (p.low_type.includes(2) && !p.video_template_id) ctx.addIssue({ code: 'custom', path: ['video_template_id'], message: 'required' })
    if (p.low_type.includes(3) && !p.aim_text) ctx.addIssue({ code: 'custom', path: ['aim_text'], message: 'required' })
  })
export type CspTemplateAdd = z.input<typeof cspTemplateAddSchema>

/** /cspTemplate/templateDel, /cspTemplate/getCspTemplate, /cspTemplate/downloadTemplate */
export const cspTemplateIdSchema = z.object({ template_id: serialId() })
/** /cspTemplate/getCspTemplateByGateTemplateId: the id the carrier gave the template when it approved it. */
export const gateTemplateIdSchema = z.object({ gate_template_id: safeText().trim().min(1).max(64) })

// ---- video templates

/** One frame: a material (image, video or audio) and the text shown with it. */
export const videoFrameInputSchema = z.object({
  material_id: serialId(),
  text: text(L.frameTextChars).default(''),
})
export type VideoFrameInput = z.input<typeof videoFrameInputSchema>

/**
 * /videoTemplate/add (the specification names no creation call; this one follows /cspTemplate/add): ordered
 * frames, theme (`title`, the video message's subject) and signature. The server sums the materials' sizes and
 * the texts' UTF-8 bytes into `size` (the list's KB) and refuses past TEMPLATE_LIMITS.videoTotalKb.
 */
export const videoTemplateAddSchema = z.object({
  cus_id: safeText().trim().min(1).max(64).optional(),
  title: name(L.videoTitleChars),
  template_sign: safeText().trim().min(L.autographMin, 'cspAutographLength').max(L.autographMax, 'cspAutographLength'),
  /** 0 standard, 1 with variables ({p1} … in the frame texts) */
  template_type: z.union([z.literal(0), z.literal(1)]).default(0),
  remark: text(200).default(''),
  frames: z.array(videoFrameInputSchema).min(L.framesMin, 'videoFrameCount').max(L.framesMax, 'videoFrameCount'),
})
export type VideoTemplateAdd = z.input<typeof videoTemplateAddSchema>

/** /videoTemplate/templateDel, /videoTemplate/downloadTemplate */
export const videoTemplateIdSchema = z.object({ cus_template_id: serialId() })

// ---- results

export const templateAddedSchema = z.object({ id: z.number(), status: z.number() })
export type TemplateAdded = z.infer<typeof templateAddedSchema>

// ---- review (administrators, user type 1)

export const TEMPLATE_KINDS = ['content', 'csp', 'video'] as const
export type TemplateKind = (typeof TEMPLATE_KINDS)[number]

/**
 * /contentTemplate/review, /cspTemplate/review, /videoTemplate/review: an administrator approves or rejects a
 * pending (or in review) template; a rejection needs its reason, stored as `result_desc` and shown to the customer.
 */
export const templateReviewSchema = z
  .object({
    id: serialId(),
    approve: z.boolean(),
    reason: text(L.reasonChars).default(''),
  })
  .refine((r) => r.approve || r.reason, { message: 'required', path: ['reason'] })
export type TemplateReview = z.input<typeof templateReviewSchema>

/** Spec section 4, per kind: the codes a new template gets, the review sets and the decided ones. */
export const TEMPLATE_STATUS = {
  content: { pending: 0, reviewing: [] as number[], approved: 2, rejected: 3 },
  csp: { pending: 0, reviewing: [1, 2, 3], approved: 4, rejected: 5 },
  video: { pending: 0, reviewing: [1], approved: 2, rejected: 3 },
} as const
/** True when a template of `kind` in `status` still waits for a decision. */
export const isUndecided = (kind: TemplateKind, status: number) =>
  status === TEMPLATE_STATUS[kind].pending || (TEMPLATE_STATUS[kind].reviewing as readonly number[]).includes(status) ||
  (kind === 'video' && status === VIDEO_PENDING_SYNONYM)
/** Video status 5 is a synonym of 0 (pending), as the spec has it. */
export const VIDEO_PENDING_SYNONYM = 5

// ---- details (/cspTemplate/getCspTemplate, …ByGateTemplateId; /videoTemplate/getVideoTemplate, …ByGateTemplateId)

const reviewShape = {
  /** The review's reason (a rejection's cause), '' while undecided. */
  result_desc: z.string(),
  check_time: z.string().nullable(),
  /** The carrier's id for the approved template; null until approved. */
  gate_template_id: z.string().nullable(),
  create_time: z.string(),
}

/** A card as stored: what the editor submitted plus the material's served address and kind (the preview's mediaUrl). */
export const cspCardStoredSchema = z.object({
  cardSeq: z.number(),
  material_id: z.number().nullable(),
  mediaType: z.enum(CSP_MEDIA_KINDS),
  mediaUrl: z.string(),
  cardTitle: z.string(),
  textContent: z.string(),
  buttons: z.array(z.object({ buttonName: z.string(), kind: z.enum(CSP_BUTTON_KINDS).optional(), value: z.string().optional() })),
})
export type CspCardStored = z.infer<typeof cspCardStoredSchema>

export const cspTemplateDetailSchema = z.object({
  template_id: z.number(),
  cus_id: z.string(),
  template_name: z.string(),
  chatbot_id: z.string(),
  autograph: z.string(),
  low_type: z.string(),
  template_status: z.number(),
  ...reviewShape,
  contentType: z.string(),
  text5g: z.string(),
  cspCardList: z.array(cspCardStoredSchema),
  smsTextContent: z.string(),
  video_template_id: z.number().nullable(),
  videoTheme: z.string(),
  videoFrameList: z.array(z.object({ seq: z.number(), mediaType: z.string(), mediaUrl: z.string(), textContent: z.string() })),
  aimTextContent: z.string(),
})
export type CspTemplateDetail = z.infer<typeof cspTemplateDetailSchema>

export const videoTemplateDetailSchema = z.object({
  cus_template_id: z.number(),
  cus_id: z.string(),
  title: z.string(),
  template_sign: z.string(),
  template_type: z.number(),
  remark: z.string(),
  /** bytes; the list shows KB */
  size: z.number(),
  status: z.number(),
  ...reviewShape,
  update_time: z.string(),
  videoFrameList: z.array(z.object({
    seq: z.number(), mediaType: z.string(), mediaUrl: z.string(), textContent: z.string(), material_id: z.number().nullable(),
  })),
})
export type VideoTemplateDetail = z.infer<typeof videoTemplateDetailSchema>
