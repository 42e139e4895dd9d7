import { madeWith } from '../audit/diff'
import { servingRequest } from '../audit/context'
import { audit } from '../audit/write'
import type { SendResult } from '../../src/domain/send'
import type { Db } from '../db'
import { IN_FLIGHT_FROM, nameInFlight, type InFlight } from './in-flight'
import { marketingRules, type MarketingInput } from './marketing'
import { requireSignatures } from '../signatures/store'
import { sendStored } from '../ops/metrics'
import { scrubOptOuts, type Keep, type Scrubbable } from './scrub'
import {
  costOf, countMessages, debit, nextBatchId, sensitiveIn, storeBatchRow, storeRecords, storeTimed,
  type SendKind, type StoreBatch,
} from './store'
/** What a send stores, worked out by its kind inside the transaction (after the key is claimed). */
export interface SendPlan extends Scrubbable {
  prodType: number
  kind: SendKind
  /** The batch's content as the lists show it (the template of a point-to-point or link send). */
  content: string
  /** Video subject or csp template name. */
  templateName?: string | null
  /** Price per message; per-recipient `unitPrices` (international) take its place. */
  unitPrice: number
  invalid: number
  duplicates: number
  /** The texts searched for sensitive words (content, template, filled values, fallback texts, a link …). */
  reviewTexts: Iterable<string>
  /** ISO time of a timed send, else absent or null. */
  timing?: string | null
  /**
   * A domestic send's texts that must each start with an approved signature of the sender's enterprise (payload field
   * → text: the content, a point-to-point template, a 5G send's fallback SMS). International, video and 5G texts
   * carry none.
   */
  signed?: Record<string, string>
  /** A domestic SMS send's text and the sender's marketing mark, for the marketing rules (marketing.ts). */
  marketing?: MarketingInput
  /**
   * The kind's own rows of every recipient sent to (short links, answer pages), written before the records or
   * details; `keep` picks the kind's per-recipient columns for the recipients the opt-out scrub kept.
   */
  recipientRows?: (tx: Db, batchId: string, keep: Keep) => Promise<void>
}

/** A retried request's first reply, or null when this request claimed the key. */
async function claimKey(tx: Db, cusId: string, key: string): Promise<SendResult | null> {
  // A concurrent retry waits here for the first transaction: it finds the key free again (a rollback) or the reply.
  const claimed = await tx.query(
    'insert into send_idempotency (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, key])
  if (claimed.rows.length) return null
  const { rows } = await tx.query<{ response: SendResult }>(
    'select response from send_idempotency where cus_id = $1 and idempotency_key = $2', [cusId, key])
  return rows[0].response
}

/**
 * The one shape of every send, all or nothing in one transaction: claim the idempotency key (a retry gets the first
 * reply and nothing is sent or billed again), let the kind work out its plan, then either store a timed batch (the
 * balance is checked; the scheduler bills it when due) or debit and store the batch and every record; `after` adds
 * the kind's own rows (short links, fallback choices, sender id) knowing the batch id. The reply is kept for retries.
 * Other users' requests go on meanwhile on other connections (tests/bench/send-while-listing.bench.mjs).
 */
export async function commitSend(
  db: Db,
  cusId: string,
  key: string,
  plan: (tx: Db) => Promise<SendPlan>,
  after?: (tx: Db, result: SendResult) => Promise<void>,
  action: 'sendSubmitted' | 'batchResent' = 'sendSubmitted',
): Promise<SendResult> {
  // Set only when this request stored the send (a retry gets the first reply): for the sends-stored metrics.
  const fresh = { recipients: 0, timed: false, stored: false }
  let inFlight: InFlight | null = null
  const result = await db.transaction(async (tx) => {
    const earlier = await claimKey(tx, cusId, key)
    if (earlier) return earlier
    const planned = await plan(tx)
    // Inside the transaction: a signature withdrawn meanwhile either waits for this send or refuses it.
    if (planned.signed) await requireSignatures(tx, cusId, planned.signed)
    // A marketing send's hours and daily cap (marketing.ts): when it goes, and the numbers that had the day's cap.
    const rules = await marketingRules(tx, cusId, planned.marketing, planned)
    // Numbers on the enterprise's suppression list, and those over the cap, are neither sent nor billed; the batch
    // counts them.
    const scrubbed = await scrubOptOuts(tx, cusId, { ...planned, timing: rules.timing }, rules.capped)
    const { plan: p, optedOut, keep } = scrubbed
    // Σ over recipients of the messages of what each receives, × its price (the country's, for international).
    const messages = countMessages(p)
    const cost = costOf(p, p.unitPrice)
    const counts = { numbers: p.mobiles.length, invalid: p.invalid, duplicates: p.duplicates, opted_out: optedOut, messages, cost, ...rules.result, over_cap: scrubbed.overCap }
    const stored = { cusId, prodType: p.prodType, content: p.content, templateName: p.templateName, mobiles: p.mobiles, contents: p.contents,
      countryCodes: p.countryCodes, longLinks: p.longLinks, optedOut }
    let result: SendResult
    if (p.timing) {
      const rows = p.recipientRows && ((id: string) => p.recipientRows!(tx, id, keep))
      result = { ...counts, ...(await storeTimed(tx, { ...stored, kind: p.kind, timing: p.timing, cost }, rows)) }
    } else {
      const balanceAfter = await debit(tx, cusId, cost)
      const batchId = await nextBatchId(tx, 'B')
      const review = await sensitiveIn(tx, p.reviewTexts)
      const batch: StoreBatch = {
        ...stored, batchId, batchType: p.kind === 'p2p' ? 2 : 1, unitPrice: p.unitPrice, unitPrices: p.unitPrices, review,
      }
      const { status, now } = await storeBatchRow(tx, batch)
      await p.recipientRows?.(tx, batchId, keep)
      // A large send's records carry a time named for the lists to read around until this transaction commits.
      if (p.mobiles.length >= IN_FLIGHT_FROM) inFlight = await nameInFlight(db, tx, p.prodType, batchId, now)
      await storeRecords(tx, batch, status, inFlight?.time ?? now)
      result = { ...counts, batch_id: batchId, timed: false, balance_after: balanceAfter, send_time: new Date().toISOString(), status }
    }
    await rules.stored(tx, { ...result, over_cap: scrubbed.overCap })
    await after?.(tx, result)
    await recordSend(tx, action, cusId, p, result)
    await saveReply(tx, cusId, key, result)
    await inFlight?.done(tx)
    Object.assign(fresh, { recipients: p.mobiles.length, timed: Boolean(p.timing), stored: true })
    return result
  }).catch(async (e: unknown) => {
    await inFlight?.forget()
    throw e
  })
  if (fresh.stored) sendStored(fresh.recipients, fresh.timed)
  return result
}

/**
 * A send stored for a request (a route's or the signed API's), its entry in the same transaction: the kind, what it
 * sends (the content cut as every value is) and what it cost. A retry that gets the first reply records nothing.
 */
async function recordSend(tx: Db, action: 'sendSubmitted' | 'batchResent', cusId: string, p: SendPlan, r: SendResult) {
  const c = servingRequest()
  if (!c) return
  await audit(tx, c, { action, account: cusId, target: { id: r.batch_id }, changes: madeWith({
    kind: p.kind, prod_type: p.prodType, content: p.content, template: p.templateName ?? null, timed: r.timed, send_time: r.send_time,
    numbers: r.numbers, opted_out: r.opted_out, messages: r.messages, cost: r.cost, balance_after: r.balance_after,
  }) })
}

const saveReply = (tx: Db, cusId: string, key: string, result: SendResult) =>
  tx.query('update send_idempotency set response = $3 where cus_id = $1 and idempotency_key = $2', [cusId, key, JSON.stringify(result)])
