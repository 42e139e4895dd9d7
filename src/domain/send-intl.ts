import { z } from 'zod'
import { groupSendSchema, MAX_CONTENT_CHARS, previewMessageSchema } from './send'
import { safeText } from './input'

/**
 * International send (spec section 5): /user/intlGroupSend and /user/intlGroupPreview, the same multipart form as
 * /user/groupSend (send.ts: a JSON `payload` field and a `numbers` file part), with three differences:
 *
 *   - the paying account is required ("account selected"): the console always names it, even for one's own;
 *   - numbers are read in international mode (parseNumberList) against the calling codes of the country list
 *     (/user/getBusCtyList): a leading `+` or `00` is dropped, 7 to 15 digits, starting with a listed calling code
 *     (the longest match is the country); any other number is invalid and not sent;
 *   - each number is billed at its country's price (country.price per message), not the account's product price.
 *
 * "One per line": the file is read with the shared separators (line breaks, and also `,` `;` `|` and spaces) rather
 * than refusing a list that uses them. A number written with spaces inside ("+44 7911 123456") then falls apart into
 * pieces that are counted invalid with their line numbers, which the page shows; refusing the whole list would tell
 * less. The console asks for one number per line with its country code.
 *
 * The sender id is optional (absent or empty: the route's default sender); when given it is 1 to 11 ASCII letters
 * and digits, the alphanumeric sender limit of GSM networks. Refusals beyond send.ts's: 400 accountRequired,
 * 400 invalidSenderId.
 */
export const SENDER_ID_MAX = 11
export const SENDER_ID_PATTERN = /^[A-Za-z0-9]*$/

export const senderIdSchema = safeText().trim().max(SENDER_ID_MAX).regex(SENDER_ID_PATTERN)

/** Client and server check of a sender id: null when fine, else which rule it breaks. */
export function senderIdProblem(v: string): 'chars' | 'tooLong' | null {
  const t = v.trim()
  if (!SENDER_ID_PATTERN.test(t)) return 'chars'
  return t.length > SENDER_ID_MAX ? 'tooLong' : null
}

export const intlSendSchema = groupSendSchema.extend({
  cus_id: safeText().trim().min(1).max(64),
  sender_id: senderIdSchema.optional(),
})
export type IntlSendPayload = z.infer<typeof intlSendSchema>

export const intlPreviewSchema = z.object({
  cus_id: safeText().trim().min(1).max(64),
  content: safeText().max(MAX_CONTENT_CHARS).optional(),
  sender_id: senderIdSchema.optional(),
})
export type IntlPreviewPayload = z.infer<typeof intlPreviewSchema>

/** One destination country of a send: distinct valid numbers, messages and cost at its price. */
export const countryCostSchema = z.object({
  iso: z.string(),
  calling_code: z.string(),
  numbers: z.number(),
  price: z.number(),
  messages: z.number(),
  cost: z.number(),
})
export type CountryCost = z.infer<typeof countryCostSchema>

export const intlPreviewResultSchema = z.object({
  messages: z.array(previewMessageSchema),
  numbers: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  total_messages: z.number(),
  cost: z.number(),
  /** Countries with at least one number, most numbers first. */
  by_country: z.array(countryCostSchema),
})
export type IntlPreviewResult = z.infer<typeof intlPreviewResultSchema>
