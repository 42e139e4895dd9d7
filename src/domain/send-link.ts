import { z } from 'zod'
import { groupSendSchema, MAX_CONTENT_CHARS } from './send'
import { safeText } from './input'

/**
 * Link send (/shortChainTool/smsLinkGroupSend): the multipart form of send.ts (a `payload` field validated by
 * linkSendSchema and a `numbers` file part); the reply is a SendResult. Every recipient gets a short link of its own,
 * `<base>/s/<code>`, which redirects (302) to `long_url` and records the click (time, system, browser) on that
 * recipient's sent record, where the short-link list (/shortChainTool/list) shows it.
 *
 * - Content: the short link goes where `{link}` stands (every occurrence); content without the marker gets it
 *   appended after a space (`fillLink`). The message billed is the filled one: content + the short link's length.
 * - Code: SHORT_CODE_LENGTH base62 characters from a cryptographic random source, unique in the database, so a link
 *   cannot be guessed from another; the short link's length is therefore fixed for a base.
 * - Base: the server's SHORT_LINK_BASE setting, else the origin the request reached (the API host). The console
 *   asks /shortChainTool/smsLinkInfo for it (and the price), so its live figures count the real length.
 * - Timed: the codes are made when the send is scheduled (the timed details already hold the filled messages, and
 *   the short links exist and redirect from then); a link is tied to its sent record on its first click after the
 *   batch went out (same mobile and account, the message carrying the code).
 * - Sensitive words are looked for in the content and the long URL.
 */

/** Base62 characters of a short code; the redirect route accepts exactly this shape. */
export const SHORT_CODE_LENGTH = 8
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{8}$/
/** Path of the public redirect, outside the API prefix. */
export const SHORT_LINK_PATH = '/s/'
export const LINK_MARKER = '{link}'
export const MAX_LONG_URL_CHARS = 2000

/** `<base>/s/<code>`; `base` is an origin (scheme, host, port) without a trailing slash. */
export const shortUrl = (base: string, code: string) => `${base.replace(/\/+$/, '')}${SHORT_LINK_PATH}${code}`

/** An example short link of the real length, for live figures and previews. */
export const exampleShortUrl = (base: string) => shortUrl(base, 'aB3dE5gH')

/** The content with its short link: every `{link}` replaced, or the link appended after a space when there is none. */
export function fillLink(content: string, url: string): string {
  return content.includes(LINK_MARKER) ? content.split(LINK_MARKER).join(url) : `${content} ${url}`
}

/** The content as a batch shows it: the marker always present (appended as fillLink would). */
export const linkTemplate = (content: string) => (content.includes(LINK_MARKER) ? content : `${content} ${LINK_MARKER}`)

/** http or https, at most MAX_LONG_URL_CHARS. Messages (the client translates them): required, tooLong, invalid. */
export const longUrlSchema = safeText()
  .trim()
  .min(1, { message: 'required' })
  .max(MAX_LONG_URL_CHARS, { message: 'tooLong' })
  .pipe(z.url({ protocol: /^https?$/, message: 'invalid' }))

export const linkSendSchema = groupSendSchema.pick({ cus_id: true, timing_time: true, idempotency_key: true, marketing: true }).extend({
  /** The message, with `{link}` where the short link goes (see fillLink). */
  content: safeText().trim().min(1).max(MAX_CONTENT_CHARS),
  long_url: longUrlSchema,
})
export type LinkSendPayload = z.infer<typeof linkSendSchema>

/** /shortChainTool/smsLinkInfo (JSON): what the console needs for live figures before anything is sent. */
export const linkInfoSchema = z.object({ cus_id: safeText().trim().min(1).max(64).optional() })
export const linkInfoResultSchema = z.object({
  /** The origin short links start with. */
  base: z.string(),
  /** Characters of every short link from this base. */
  short_url_length: z.number(),
  /** Price per message of the paying account (ordinary SMS). */
  price: z.number(),
})
export type LinkInfoResult = z.infer<typeof linkInfoResultSchema>

/** /shortChainTool/longToShort (JSON): one short link of the caller's account, not tied to a send. */
export const longToShortSchema = z.object({ long_url: longUrlSchema })
/** /shortChainTool/shortToLong (JSON): a short link (or just its code) back to its long URL. */
export const shortToLongSchema = z.object({ short_url: safeText().trim().min(1).max(MAX_LONG_URL_CHARS) })
/** How many of a link's first clicks a short-link tool answer lists (the click log keeps more). */
export const LINK_CLICKS_SHOWN = 20
export const linkClickSchema = z.object({ click_time: z.string(), os: z.string().nullable(), browser: z.string().nullable() })
export type LinkClick = z.infer<typeof linkClickSchema>
export const shortLinkResultSchema = z.object({
  code: z.string(),
  short_url: z.string(),
  long_url: z.string(),
  click_count: z.number(),
  created_at: z.string(),
  /** Its first clicks (LINK_CLICKS_SHOWN at most, link-preview fetchers and crawlers left out), oldest first. */
  clicks: z.array(linkClickSchema),
})
export type ShortLinkResult = z.infer<typeof shortLinkResultSchema>

/** The code of a short link or of a bare code; null when it has no valid code. */
export function codeOf(shortUrlOrCode: string): string | null {
  const s = shortUrlOrCode.trim()
  if (SHORT_CODE_PATTERN.test(s)) return s
  const i = s.lastIndexOf(SHORT_LINK_PATH)
  if (i < 0) return null
  const code = s.slice(i + SHORT_LINK_PATH.length).replace(/[?#].*$/, '').replace(/\/$/, '')
  return SHORT_CODE_PATTERN.test(code) ? code : null
}
