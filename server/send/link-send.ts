import { measureContent } from '../../src/domain/billing'
import { PROD_TYPE } from '../../src/domain/constants'
import { MAX_CONTENT_CHARS, type SendResult } from '../../src/domain/send'
import { fillLink, linkTemplate, SHORT_CODE_LENGTH, shortUrl, type LinkSendPayload } from '../../src/domain/send-link'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { ParsedNumbers } from './group-send'
import { clearClashes, storeLinks, uniqueCodes } from './short-links'
import { commitSend } from './commit'
import { CodedMessages, priceOf } from './store'

/**
 * One link send, all or nothing (like groupSend): a short link per recipient, each message billed as filled with
 * its own link, the records carrying the long URL (the short-link list's promotion link). `base` is the origin the
 * short links start with. A timed send stores its filled messages and its links now and is billed when sent.
 */
export async function linkSend(db: Db, cusId: string, p: LinkSendPayload, numbers: ParsedNumbers, base: string): Promise<SendResult> {
  const { mobiles } = numbers
  if (!mobiles.length) throw new ApiError(400, 'invalidNumber')
  const prodType = PROD_TYPE.ordinary
  const createdAt = new Date()
  // Every short link has the same length, so one example measures every message (a content repeating {link} grows).
  const perRecipient = filledLength(p.content, base)
  let codes: string[] = []
  return commitSend(db, cusId, p.idempotency_key, async (tx) => {
    // The product first: an account without it mints no codes.
    const unitPrice = await priceOf(tx, cusId, prodType)
    // Checked against the stored links in the transaction that stores these.
    codes = uniqueCodes(mobiles.length)
    await clearClashes(tx, codes)
    return {
      prodType, kind: 'link', content: linkTemplate(p.content), mobiles, contents: new CodedMessages(codes, perRecipient, (code) => fillLink(p.content, shortUrl(base, code))),
      longLinks: new Array<string>(mobiles.length).fill(p.long_url), unitPrice,
      invalid: numbers.invalid, duplicates: numbers.duplicates, reviewTexts: [p.content, p.long_url], timing: p.timing_time,
      signed: { content: p.content },
      marketing: { text: p.content, marked: p.marketing ?? false, field: 'content' },
      recipientRows: (tx, batchId, keep) => storeLinks(tx, { codes: keep(codes), mobiles: keep(mobiles), cusId, batchId, longUrl: p.long_url, createdAt }),
    }
  })
}

/** Messages billed per recipient; 400 linkMessageTooLong when the content with its links passes MAX_CONTENT_CHARS. */
export function filledLength(content: string, base: string): number {
  const m = measureContent(fillLink(content, shortUrl(base, 'x'.repeat(SHORT_CODE_LENGTH))))
  if (m.chars > MAX_CONTENT_CHARS) throw new ApiError(400, 'linkMessageTooLong', { chars: m.chars, max: MAX_CONTENT_CHARS })
  return m.messages
}

