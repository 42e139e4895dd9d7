import { measureContent } from '../../src/domain/billing'
import type { ResendPreview, ResendTarget } from '../../src/domain/batch'
import { TRANSIENT_CODES } from '../../src/domain/carrier-codes'
import { PROD_TYPE } from '../../src/domain/constants'
import { chargeFor } from '../../src/domain/money'
import type { SendResult } from '../../src/domain/send'
import type { Db } from '../db'
import { lockInSchema } from '../db/locks'
import { ApiError } from '../http/envelope'
import { enterpriseOf, optedOutAmong } from '../opt-outs/store'
import { commitSend } from '../send/commit'
import { priceOf } from '../send/store'
import type { SessionUser } from '../users/repo'
import { FAILED, UNDELIVERED, visibleBatch, type BatchRow } from './read'

/** The advisory lock key of a batch's resends (one resend of each target per batch, decided under it). */
const RESEND_LOCK = 7_001

/** Whom a resend sends to: the transient failures, or the records whose report timed out; one row per number. */
async function recipientsOf(db: Db, batchId: string, target: ResendTarget): Promise<{ mobiles: string[]; contents: string[] }> {
  const which = target === 'failed' ? `${FAILED('m')} and m.report_result_desc = any($2::text[])` : `${UNDELIVERED('m')} and m.mt_status = 600`
  const { rows } = await db.query<{ mobile: string; content: string }>(
    `select distinct on (m.mobile) m.mobile, m.content from mt_record m where m.batch_id = $1 and ${which} order by m.mobile, m.sn`,
    target === 'failed' ? [batchId, TRANSIENT_CODES] : [batchId])
  return { mobiles: rows.map((r) => r.mobile), contents: rows.map((r) => r.content) }
}

function resendable(b: BatchRow): void {
  // Video and 5G batches send templates, international ones per-country prices and sender ids: their own send pages.
  if (b.prod_type !== PROD_TYPE.ordinary) throw new ApiError(409, 'resendUnsupported')
}

const messagesOf = (contents: string[]) => contents.reduce((n, c) => n + measureContent(c).messages, 0)

/** What a resend would send and cost now (the confirmation): its numbers after the opt-out list, at the account's price. */
export async function previewResend(db: Db, user: SessionUser, batchId: string, target: ResendTarget): Promise<ResendPreview> {
  const b = await visibleBatch(db, user, batchId)
  resendable(b)
  const r = await recipientsOf(db, batchId, target)
  const out = await optedOutAmong(db, await enterpriseOf(db, b.cus_id), r.mobiles)
  const kept = r.contents.filter((_, i) => !out.has(r.mobiles[i]))
  const messages = messagesOf(kept)
  const price = await priceOf(db, b.cus_id, b.prod_type)
  const { rows } = await db.query<{ balance: number }>('select balance::float8 as balance from customer where cus_id = $1', [b.cus_id])
  return { target, numbers: kept.length, opted_out: out.size, messages, cost: chargeFor(messages, price), balance: Number(rows[0]?.balance ?? 0) }
}

/**
 * A resend as a new batch of the batch's account, through the one send path (commitSend): the idempotency key (a
 * retry gets the first reply, billed once), the signature check, the marketing rules, the opt-out scrub, the debit.
 * Each number gets the text its record had (a one-to-one batch's own values). Under a lock on the batch, a second
 * resend of the same target (another key) is refused with the batch that already went.
 */
export async function resend(db: Db, user: SessionUser, batchId: string, target: ResendTarget, key: string): Promise<SendResult & { resent_from: string }> {
  const b = await visibleBatch(db, user, batchId)
  resendable(b)
  const result = await commitSend(db, b.cus_id, key, async (tx) => {
    await lockInSchema(tx, RESEND_LOCK, batchId)
    const { rows: done } = await tx.query<{ batch_id: string }>(
      'select batch_id from sms_batch where resent_from = $1 and resend_target = $2 limit 1', [batchId, target])
    if (done[0]) throw new ApiError(409, 'resendDone', { batch: done[0].batch_id })
    const r = await recipientsOf(tx, batchId, target)
    if (!r.mobiles.length) throw new ApiError(409, 'resendNothing')
    const same = r.contents.every((c) => c === r.contents[0])
    return {
      prodType: b.prod_type, kind: b.batch_type === 2 ? 'p2p' : 'group', content: b.content, mobiles: r.mobiles,
      contents: same ? r.contents[0] : r.contents, unitPrice: await priceOf(tx, b.cus_id, b.prod_type),
      invalid: 0, duplicates: 0, reviewTexts: same ? [r.contents[0]] : r.contents, timing: null,
      signed: { content: r.contents[0] },
      marketing: { text: b.content, marked: b.marketing, field: 'content' },
    }
  }, async (tx, sent) => {
    // A marketing resend outside the marketing hours goes as a timed batch, which has no row to link until it is sent.
    if (!sent.timed) await tx.query('update sms_batch set resent_from = $2, resend_target = $3 where batch_id = $1', [sent.batch_id, batchId, target])
  })
  return { ...result, resent_from: batchId }
}
