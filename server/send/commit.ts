import type { SendResult } from '../../src/domain/send'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { deliverWarningsAfterCommit } from '../warn/deliver'
import {
  costOf, countMessages, debit, nextBatchId, sensitiveIn, storeBatchRow, storeRecords, storeTimed, storeTimedBatch, storeTimedDetails,
  type RecipientExtras, type Recipients, type SendKind, type StoreBatch, type StoreTimed,
} from './store'
import {
  analyzeIfGrown, beginStoring, closeStoringRange, extendStoringRange, finishStoring, inChunks, openStoringRange, storesInChunks, undoStoring,
} from './storing'

/** What a send stores, worked out by its kind inside the transaction (after the key is claimed). */
export interface SendPlan extends Recipients, RecipientExtras {
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
   * The kind's own rows of recipients `from..to` (short links, answer pages), written in the transaction that stores
   * their records and before them (a link send may still redraw those recipients' codes): a large send on PGlite
   * writes them chunk by chunk with its records, so they too stay out of the first transaction.
   */
  recipientRows?: (tx: Db, batchId: string, from: number, to: number) => Promise<void>
}

/** A retried request's first reply, or null when this request claimed the key. */
async function claimKey(tx: Db, cusId: string, key: string): Promise<SendResult | null> {
  // On PostgreSQL a concurrent retry waits here for the first transaction, then finds its reply.
  const claimed = await tx.query(
    'insert into send_idempotency (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, key])
  if (claimed.rows.length) return null
  const { rows } = await tx.query<{ response: SendResult }>(
    'select response from send_idempotency where cus_id = $1 and idempotency_key = $2', [cusId, key])
  // PGlite stores a large send in chunks (storing.ts): a retry arriving between them finds the key claimed, no reply.
  if (!rows[0]?.response) throw new ApiError(409, 'sendStillStoring')
  return rows[0].response
}

/** A large immediate send on PGlite whose records are still to be stored, chunk by chunk, after the first transaction. */
interface Storing {
  batch: StoreBatch
  status: number
  now: Date
  result: SendResult
  recipientRows?: SendPlan['recipientRows']
}

/** A large timed send on PGlite whose details are still to be stored, chunk by chunk, after the first transaction. */
interface Scheduling {
  timed: StoreTimed
  timeBatch: string
  now: Date
  result: SendResult
  recipientRows?: SendPlan['recipientRows']
}

/**
 * The one shape of every send, all or nothing: claim the idempotency key (a retry gets the first reply and nothing
 * is sent or billed again), let the kind work out its plan, then either store a timed batch (the balance is checked;
 * the scheduler bills it when due) or debit and store the batch and every record; `after` adds the kind's own rows
 * (short links, fallback choices, sender id) knowing the batch id. The reply is kept for retries.
 *
 * Normally one transaction. A large immediate send on PGlite (storesInChunks) debits, claims the key and writes the
 * batch row in the first, then stores its records a chunk per transaction while the batch stays invisible, and
 * completes it in a last short one; anything failing on the way undoes it all (storing.ts), and a crash is undone at
 * the next start.
 */
export async function commitSend(
  db: Db,
  cusId: string,
  key: string,
  plan: (tx: Db) => Promise<SendPlan>,
  after?: (tx: Db, result: SendResult) => Promise<void>,
  opts: { chunkedFrom?: number } = {},
): Promise<SendResult> {
  let storing: Storing | null = null
  let scheduling: Scheduling | null = null
  const first = await db.transaction(async (tx) => {
    const earlier = await claimKey(tx, cusId, key)
    if (earlier) return earlier
    const p = await plan(tx)
    // Σ over recipients of the messages of what each receives, × its price (the country's, for international).
    const messages = countMessages(p)
    const cost = costOf(p, p.unitPrice)
    const counts = { numbers: p.mobiles.length, invalid: p.invalid, duplicates: p.duplicates, messages, cost }
    const stored = { cusId, prodType: p.prodType, content: p.content, templateName: p.templateName, mobiles: p.mobiles, contents: p.contents,
      countryCodes: p.countryCodes, longLinks: p.longLinks }
    let result: SendResult
    if (p.timing && storesInChunks(db, p.mobiles.length, opts.chunkedFrom)) {
      // A large timed send on PGlite: the batch row now, hidden (send_storing names it) until its last detail is in.
      const timed: StoreTimed = { ...stored, kind: p.kind, timing: p.timing, cost }
      const { result: batch, now } = await storeTimedBatch(tx, timed)
      await beginStoring(tx, { batchId: batch.batch_id, cusId, key, cost: 0, timedStage: 'schedule' })
      result = { ...counts, ...batch }
      scheduling = { timed, timeBatch: batch.batch_id, now, result, recipientRows: p.recipientRows }
    } else if (p.timing) {
      const rows = p.recipientRows && ((id: string) => p.recipientRows!(tx, id, 0, p.mobiles.length))
      result = { ...counts, ...(await storeTimed(tx, { ...stored, kind: p.kind, timing: p.timing, cost }, rows)) }
    } else {
      const balanceAfter = await debit(tx, cusId, cost)
      const batchId = await nextBatchId(tx, 'B')
      const review = await sensitiveIn(tx, p.reviewTexts)
      const batch: StoreBatch = {
        ...stored, batchId, batchType: p.kind === 'p2p' ? 2 : 1, unitPrice: p.unitPrice, unitPrices: p.unitPrices, review,
      }
      const chunked = storesInChunks(db, p.mobiles.length, opts.chunkedFrom)
      if (chunked) await beginStoring(tx, { batchId, cusId, key, cost })
      const { status, now } = await storeBatchRow(tx, batch)
      if (!chunked) {
        await p.recipientRows?.(tx, batchId, 0, p.mobiles.length)
        await storeRecords(tx, batch, status, now, 0, p.mobiles.length)
      }
      result = { ...counts, batch_id: batchId, timed: false, balance_after: balanceAfter, send_time: new Date().toISOString(), status }
      if (chunked) storing = { batch, status, now, result, recipientRows: p.recipientRows }
    }
    await after?.(tx, result)
    if (!storing && !scheduling) await saveReply(tx, cusId, key, result)
    return result
  })
  if (storing) await storeInChunks(db, cusId, key, storing)
  if (scheduling) await scheduleInChunks(db, cusId, key, scheduling)
  // A balance warning the debit queued goes out only now that the send has committed.
  await deliverWarningsAfterCommit(db)
  return first
}

const saveReply = (tx: Db, cusId: string, key: string, result: SendResult) =>
  tx.query('update send_idempotency set response = $3 where cus_id = $1 and idempotency_key = $2', [cusId, key, JSON.stringify(result)])

/** Records (and the kind's rows of the same recipients) a chunk per transaction, then the batch completes with its reply kept; on any failure all is undone. */
async function storeInChunks(db: Db, cusId: string, key: string, s: Storing): Promise<void> {
  const n = s.batch.mobiles.length
  try {
    await inChunks(db, n, async (tx, i, to) => {
      await s.recipientRows?.(tx, s.batch.batchId, i, to)
      if (i === 0) await openStoringRange(tx, s.batch.batchId, s.now)
      await storeRecords(tx, s.batch, s.status, s.now, i, to)
      await extendStoringRange(tx, s.batch.batchId)
    })
    await db.transaction(async (tx) => {
      await finishStoring(tx, s.batch.batchId)
      await saveReply(tx, cusId, key, s.result)
    })
  } catch (e) {
    await undoStoring(db, s.batch.batchId)
    throw e
  } finally {
    closeStoringRange(s.batch.batchId)
  }
  await analyzeIfGrown(db, 'mt_record', n)
}

/**
 * A large timed send's details (and the kind's rows of the same recipients: short links, answer pages) a chunk per
 * transaction, then the batch is shown, editable and due from one short last transaction that also keeps the reply
 * for retries; on any failure all is undone (storing.ts: details, batch and kind rows deleted, key freed). Nothing
 * to refund: a timed send is billed when the scheduler sends it.
 */
async function scheduleInChunks(db: Db, cusId: string, key: string, s: Scheduling): Promise<void> {
  const n = s.timed.mobiles.length
  try {
    await inChunks(db, n, async (tx, i, to) => {
      await s.recipientRows?.(tx, s.timeBatch, i, to)
      await storeTimedDetails(tx, s.timed, s.timeBatch, s.now, i, to)
    })
    await db.transaction(async (tx) => {
      await finishStoring(tx, s.timeBatch)
      await saveReply(tx, cusId, key, s.result)
    })
  } catch (e) {
    await undoStoring(db, s.timeBatch)
    throw e
  }
  await analyzeIfGrown(db, 'time_mt_message', n)
}
