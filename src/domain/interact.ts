import { z } from 'zod'
import { APP_BASE } from './api'
import { DEFAULT_LOCALE, type Locale } from './constants'
import { safeText } from './input'

/**
 * Interactive messages: a same-content send (/user/groupSend) whose content carries `{interact}` gives
 * every recipient a page of its own, `<base>/sms-cloud/i/<code>`, where they read the message and answer. Each answer
 * is an uplink record of the sending account with the whole conversation (the interaction records list).
 *
 * - Code: 16 random bytes as base64url (22 characters, 128 bits), so a page cannot be found from another.
 * - The page is public (no token): /interact/messageInteractList shows the message and the answers given, and
 *   /interact/messageInteractSend adds one; both are rate-limited per code and per client address, and show nothing
 *   of the sender's account beyond what the message itself says.
 * - A page answers for INTERACT_TTL_DAYS after the send was made, then is 404 like an unknown code.
 */
export const INTERACT_MARKER = '{interact}'
export const INTERACT_CODE_LENGTH = 22
export const INTERACT_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/
/** The console route of the public page, under the application base. */
export const INTERACT_ROUTE = 'i'
export const INTERACT_PATH = `${APP_BASE}${INTERACT_ROUTE}/`
export const INTERACT_TTL_DAYS = 30
/** An answer's characters: a few SMS worth, not a document. */
export const MAX_ANSWER_CHARS = 300
/** Answers one page takes in all, so a page's conversation (and each whole content) stays bounded. */
export const MAX_ANSWERS = 20

/** `<base>/sms-cloud/i/<code>`; `base` is an origin without a trailing slash. */
export const interactUrl = (base: string, code: string) => `${base.replace(/\/+$/, '')}${INTERACT_PATH}${code}`

/** The content as a recipient gets it: every `{interact}` replaced by the page's address. */
export const fillInteract = (content: string, url: string) => content.split(INTERACT_MARKER).join(url)

export const hasInteract = (content: string) => content.includes(INTERACT_MARKER)

const codeSchema = safeText().trim().regex(INTERACT_CODE_PATTERN, { message: 'invalid' })

/** /interact/messageInteractList (no token): the page's message and its answers. */
export const interactViewSchema = z.object({ code: codeSchema })

/** /interact/messageInteractSend (no token): one answer. Messages: required, tooLong. */
export const interactAnswerSchema = z.object({
  code: codeSchema,
  content: safeText().trim().min(1, { message: 'required' }).max(MAX_ANSWER_CHARS, { message: 'tooLong' }),
})
export type InteractAnswerPayload = z.infer<typeof interactAnswerSchema>

export const interactAnswerRowSchema = z.object({ content: z.string(), time: z.string() })

export const interactViewResultSchema = z.object({
  /** The message as the recipient got it. */
  message: z.string(),
  sent_at: z.string(),
  answers: z.array(interactAnswerRowSchema),
  /** Answers the page still takes (MAX_ANSWERS in all). */
  answers_left: z.number(),
})
export type InteractView = z.infer<typeof interactViewResultSchema>

/**
 * The public page's language: the first of the visitor's browser languages that the product speaks (any `zh-*` is
 * Chinese, any `en-*` English), else the product's default. The page has no signed-in user whose choice to follow.
 */
export function recipientLocale(languages: readonly string[]): Locale {
  for (const l of languages) {
    if (/^zh\b/i.test(l)) return 'zh-CN'
    if (/^en\b/i.test(l)) return 'en'
  }
  return DEFAULT_LOCALE
}
