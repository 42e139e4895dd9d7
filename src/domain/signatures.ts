import { z } from 'zod'
import { isPlainText, safeText, serialId } from './input'
import type { ServerMessage } from './messages'
import type { ErrorKey } from './validation'

/*
 * Signatures (短信签名): the 【name】 a domestic text message starts with, so the recipient knows who sent it. An
 * enterprise applies for one; the review (server/signatures/review.ts, by the rules below, or an administrator by hand)
 * approves or refuses it. Every domestic send and every content template must start with an approved signature of the
 * sending account's enterprise (a sub-account uses its enterprise's). The names follow what Chinese SMS gateways take
 * (Alibaba Cloud, Tencent Cloud: 2–12 characters, the brackets added by the platform).
 */

/** The console's signature list (src/domain/menu-catalog.ts); a review's notice opens it on the application (`?id=`). */
export const SIGNATURE_LIST_PATH = '/home-sms/signatures'

export const SIGNATURE_NAME_MIN = 2
export const SIGNATURE_NAME_MAX = 12
export const SIGNATURE_REMARK_CHARS = 200
export const SIGNATURE_REASON_CHARS = 200

/** Where the name comes from: the enterprise's registered name, its app, website, trademark, public account, other. */
export const SIGNATURE_SOURCES = ['company', 'app', 'website', 'trademark', 'public_account', 'other'] as const
export type SignatureSource = (typeof SIGNATURE_SOURCES)[number]

export const SIGNATURE_STATUS = { pending: 0, approved: 1, refused: 2, withdrawn: 3 } as const
export type SignatureStatusKey = 'signaturePending' | 'signatureApproved' | 'signatureRefused' | 'signatureWithdrawn' | 'unknown'
export const signatureStatusKey = (status: number): SignatureStatusKey =>
  (['signaturePending', 'signatureApproved', 'signatureRefused', 'signatureWithdrawn'] as const)[status] ?? 'unknown'
export const SIGNATURE_STATUS_FILTER = [0, 1, 2, 3].map((value) => ({ value, key: signatureStatusKey(value) }))

/** What the state allows: a pending or approved signature may be withdrawn, a refused or withdrawn one deleted. */
export const mayWithdraw = (status: number) => status === SIGNATURE_STATUS.pending || status === SIGNATURE_STATUS.approved
export const mayDelete = (status: number) => status === SIGNATURE_STATUS.refused || status === SIGNATURE_STATUS.withdrawn

/** Brackets the name cannot hold: the signature's own 【】, the ASCII [] some gateways read as one, the {p1} of a fill. */
const BRACKETS = /[【】[\]{}]/

/** The rule of a signature's name (trimmed): 2–12 characters, no brackets, no markup, control or invisible character, no space. */
export function checkSignatureName(name: string): ErrorKey | null {
  if (!name) return 'required'
  if (BRACKETS.test(name)) return 'signatureBrackets'
  if (!isPlainText(name)) return 'plainTextOnly'
  if (/\s/u.test(name)) return 'noSpaces'
  const chars = Array.from(name).length
  return chars < SIGNATURE_NAME_MIN || chars > SIGNATURE_NAME_MAX ? 'signatureLength' : null
}

const issue = (key: ErrorKey | null, ctx: z.RefinementCtx) => {
  if (key) ctx.addIssue({ code: 'custom', message: key })
}

export const signatureNameField = safeText().trim().superRefine((v, ctx) => issue(checkSignatureName(v), ctx))

/** /signature/add: the enterprise applies for `name`; the proof file is a material it uploaded (image or PDF). */
export const signatureAddSchema = z.object({
  name: signatureNameField,
  source: z.enum(SIGNATURE_SOURCES),
  proof_material_id: serialId().nullish(),
  remark: safeText().trim().max(SIGNATURE_REMARK_CHARS, 'tooLong').refine(isPlainText, 'plainTextOnly').default(''),
})
export type SignatureAdd = z.input<typeof signatureAddSchema>

/** /signature/withdraw, /signature/delete */
export const signatureIdSchema = z.object({ id: serialId() })

/** /signature/review: an administrator approves or refuses a pending application; a refusal needs its reason. */
export const signatureReviewSchema = z
  .object({
    id: serialId(),
    approve: z.boolean(),
    reason: safeText().trim().max(SIGNATURE_REASON_CHARS, 'tooLong').default(''),
  })
  .refine((r) => r.approve || r.reason, { message: 'required', path: ['reason'] })
export type SignatureReview = z.input<typeof signatureReviewSchema>

/** /signature/usable: the approved signatures a send of `cus_id` (the caller when absent) may start with. */
export const signatureUsableSchema = z.object({ cus_id: safeText().trim().min(1).max(64).optional() })
export const signatureUsableResultSchema = z.object({ names: z.array(z.string()) })
export type SignatureUsable = z.infer<typeof signatureUsableResultSchema>

// ---- messages

/** The 【name】 a message starts with: the name, or null when it starts with no 【…】 of a signature's length. */
export function signatureOf(content: string): string | null {
  const m = /^【([^【】]{1,30})】/u.exec(content)
  return m ? m[1] : null
}

/** `content` starting with 【name】: a signature it starts with is replaced, else 【name】 is put before it. */
export function withSignature(content: string, name: string): string {
  const found = signatureOf(content)
  return `【${name}】${found === null ? content : content.slice(found.length + 2)}`
}

/** Why a message's text may not be sent by an enterprise with the approved signatures `approved`; null when it may. */
export function signatureRefusal(content: string, approved: readonly string[]): { key: ServerMessage; vars: Record<string, string> } | null {
  const found = signatureOf(content)
  if (found === null) return { key: 'signatureMissing', vars: {} }
  return approved.includes(found) ? null : { key: 'signatureNotApproved', vars: { name: found } }
}

// ---- the automatic review

/**
 * Words that name no one: a signature tells the recipient who is writing, so a generic word alone is refused (the
 * gateways' own rule: 签名不能为通用词), as is a name of digits and punctuation only.
 */
export const GENERIC_SIGNATURE_NAMES = [
  '测试', '短信', '验证码', '通知', '提醒', '客服', '官方', '系统', '公告', '服务', '平台', '中国', '国家', '政府', '银行',
  'test', 'sms', 'notice', 'service', 'system', 'official',
] as const

/** Sources whose name is not the enterprise's registered one: the review wants a proof file (screenshot, certificate). */
export const PROOF_SOURCES: readonly SignatureSource[] = ['app', 'website', 'trademark', 'public_account']

export interface ReviewInput {
  name: string
  remark: string
  source: SignatureSource
  hasProof: boolean
  /** Another enterprise holds this name approved. */
  takenElsewhere: boolean
}

export type ReviewDecision = { approve: true } | { approve: false; reason: ServerMessage; vars: Record<string, string> }

/** The automatic review: sensitive words (name or remark), a generic name, a name another holds, a missing proof. */
export function reviewSignature(s: ReviewInput, sensitiveWords: readonly string[]): ReviewDecision {
  const lower = `${s.name} ${s.remark}`.toLowerCase()
  const word = sensitiveWords.find((w) => lower.includes(w.toLowerCase()))
  if (word) return { approve: false, reason: 'reviewSensitive', vars: { word } }
  const name = s.name.toLowerCase()
  if ((GENERIC_SIGNATURE_NAMES as readonly string[]).includes(name) || /^[\p{N}\p{P}\p{S}]+$/u.test(name)) {
    return { approve: false, reason: 'signatureGeneric', vars: { name: s.name } }
  }
  if (s.takenElsewhere) return { approve: false, reason: 'signatureTaken', vars: { name: s.name } }
  if (PROOF_SOURCES.includes(s.source) && !s.hasProof) return { approve: false, reason: 'signatureProofMissing', vars: {} }
  return { approve: true }
}
