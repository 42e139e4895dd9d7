import { PROD_TYPE } from '../../src/domain/constants'
import type { SendResult } from '../../src/domain/send'
import { fillLink, linkTemplate, shortUrl, type LinkSendPayload } from '../../src/domain/send-link'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { ParsedNumbers } from './group-send'
import { freshCodes, storeLinks } from './short-links'
import { countMessages, debit, nextBatchId, priceOf, roundMoney, sensitiveIn, storeBatch, storeTimed } from './store'

/** The first reply of an earlier send with this key, or null when the key is claimed now for this one. */
async function claimKey(tx: Db, cusId: string, key: string): Promise<SendResult | null> {
  // On PostgreSQL a concurrent retry waits here for the first transaction, then finds its reply.
  const claimed = await tx.query(
    'insert into send_idempotency (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, key])
  if (claimed.rows.length) return null
  const { rows } = await tx.query<{ response: SendResult }>(
    'select response from send_idempotency where cus_id = $1 and idempotency_key = $2', [cusId, key])
  if (!rows[0]?.response) throw new ApiError(400, 'badRequest')
  return rows[0].response
}

/**
 * One link send, all or nothing (like groupSend): a short link per recipient, each message billed as filled with
 * its own link, the records carrying the long URL (the short-link list's promotion link). `base` is the origin the
 * short links start with. A timed send stores its filled messages and its links now and is billed when sent.
 */
export async function linkSend(db: Db, cusId: string, p: LinkSendPayload, numbers: ParsedNumbers, base: string): Promise<SendResult> {
  const { mobiles } = numbers
  if (!mobiles.length) throw new ApiError(400, 'invalidNumber')
  const prodType = PROD_TYPE.ordinary
  return db.transaction(async (tx) => {
    const earlier = await claimKey(tx, cusId, p.idempotency_key)
    if (earlier) return earlier
    const createdAt = new Date()
    const price = await priceOf(tx, cusId, prodType)
    const codes = await freshCodes(tx, mobiles.length)
    const contents = codes.map((code) => fillLink(p.content, shortUrl(base, code)))
    const longLinks = new Array<string>(mobiles.length).fill(p.long_url)
    const messages = countMessages({ mobiles, contents })
    const cost = roundMoney(messages * price)
    const template = linkTemplate(p.content)
    const counts = { numbers: mobiles.length, invalid: numbers.invalid, duplicates: numbers.duplicates, messages, cost }
    let result: SendResult
    if (p.timing_time) {
      const timed = await storeTimed(tx, { cusId, prodType, kind: 'link', content: template, mobiles, contents, longLinks, timing: p.timing_time, cost })
      result = { ...counts, ...timed }
    } else {
      const balanceAfter = await debit(tx, cusId, cost)
      const batchId = await nextBatchId(tx, 'B')
      const review = await sensitiveIn(tx, [p.content, p.long_url])
      const status = await storeBatch(tx, { batchId, cusId, prodType, batchType: 1, content: template, mobiles, contents, longLinks, unitPrice: price, review })
      result = { ...counts, batch_id: batchId, timed: false, balance_after: balanceAfter, send_time: new Date().toISOString(), status }
    }
    await storeLinks(tx, { codes, mobiles, cusId, batchId: result.batch_id, longUrl: p.long_url, createdAt })
    await tx.query('update send_idempotency set response = $3 where cus_id = $1 and idempotency_key = $2',
      [cusId, p.idempotency_key, JSON.stringify(result)])
    return result
  })
}
