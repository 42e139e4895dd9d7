import type { ResendPreview, ResendTarget } from '../../src/domain/batch'
import { TRANSIENT_CODES } from '../../src/domain/carrier-codes'
import { PROD_TYPE } from '../../src/domain/constants'
import { TIMED_STATUS } from '../../src/domain/lists/timed'
import type { SendResult } from '../../src/domain/send'
import type { Db } from '../db'
import { lockInSchema } from '../db/locks'
import { ApiError } from '../http/envelope'
import { commitSend, type SendPlan } from '../send/commit'
import { cspPlan, keepCspChoice, type CspChoice } from '../send/csp-send'
import { intlPlan, keepSenderId } from '../send/intl-send'
import { marketingRules } from '../send/marketing'
import { keepOnly, removedAmong } from '../send/scrub'
import { costOf, countMessages, countryPrices, priceOf } from '../send/store'
import { keepVideoTemplate, videoPlan } from '../send/video-send'
import { requireSignatures } from '../signatures/store'
import type { SessionUser } from '../users/repo'
import { FAILED, UNDELIVERED, visibleBatch, type BatchRow } from './read'

/** The advisory lock key of a batch's resends (one resend of each target per batch, decided under it). */
const RESEND_LOCK = 7_001

/** Whom a resend sends to, one row per number, with the text and country its record had. */
interface Recipients {
  mobiles: string[]
  contents: string[]
  countries: (string | null)[]
}

/** The transient failures, or the records whose report timed out. */
async function recipientsOf(db: Db, batchId: string, target: ResendTarget): Promise<Recipients> {
  const which = target === 'failed' ? `${FAILED('m')} and m.report_result_desc = any($2::text[])` : `${UNDELIVERED('m')} and m.mt_status = 600`
  const { rows } = await db.query<{ mobile: string; content: string; country_code: string | null }>(
    `select distinct on (m.mobile) m.mobile, m.content, m.country_code from mt_record m where m.batch_id = $1 and ${which} order by m.mobile, m.sn`,
    target === 'failed' ? [batchId, TRANSIENT_CODES] : [batchId])
  return { mobiles: rows.map((r) => r.mobile), contents: rows.map((r) => r.content), countries: rows.map((r) => r.country_code) }
}

/** How a batch sends again: the plan its kind's own send path makes (its checks with it), and the rows it keeps beside the batch. */
interface KindResend {
  plan: SendPlan
  after?: (tx: Db, result: SendResult) => Promise<unknown>
}

/** What a video or 5G batch sent, kept beside it by its send; a batch of the demo history has none and cannot be resent. */
async function keptRow<T>(tx: Db, sql: string, batchId: string): Promise<T> {
  const { rows } = await tx.query<T>(sql, [batchId])
  if (!rows[0]) throw new ApiError(409, 'resendNotRecorded')
  return rows[0]
}

/**
 * Each kind's resend through its own send path (server/send): a domestic SMS batch sends each number the text its
 * record had (a one-to-one batch's own values) under the signature and marketing rules; an international one the
 * batch's content to each number's country at that country's price today, with the batch's sender id; a video or
 * 5G one the template (and 5G fallbacks) it sent, which must still be approved, its chatbot online.
 */
async function kindResend(tx: Db, b: BatchRow, r: Recipients): Promise<KindResend> {
  const numbers = { mobiles: r.mobiles, invalid: 0, duplicates: 0 }
  if (b.prod_type === PROD_TYPE.international) {
    const prices = await countryPrices(tx, b.cus_id)
    // A country taken off the list since the send cannot be priced, so it is not resent.
    const known = r.mobiles.map((_, i) => i).filter((i) => prices.has(r.countries[i] ?? ''))
    const isos = known.map((i) => r.countries[i]!)
    const plan = await intlPlan(tx, b.cus_id, b.content, {
      ...numbers, mobiles: known.map((i) => r.mobiles[i]), isos, unitPrices: isos.map((iso) => prices.get(iso)!),
    }, null)
    return { plan, after: (tx, result) => keepSenderId(tx, result, b.sender_id) }
  }
  if (b.prod_type === PROD_TYPE.video) {
    const { cus_template_id: id } = await keptRow<{ cus_template_id: number }>(tx, 'select cus_template_id from video_send where batch_id = $1', b.batch_id)
    return { plan: await videoPlan(tx, b.cus_id, id, numbers, null), after: (tx, result) => keepVideoTemplate(tx, b.cus_id, result, id) }
  }
  if (b.prod_type === PROD_TYPE.csp) {
    const row = await keptRow<Omit<CspChoice, 'low_type' | 'sms_text' | 'video_template_id' | 'aim_text'> & {
      low_type: string; sms_text: string | null; video_template_id: number | null; aim_text: string | null
    }>(tx, 'select template_id, chatbot_id, low_type, sms_text, video_template_id, aim_text from csp_send where batch_id = $1', b.batch_id)
    const choice: CspChoice = {
      template_id: row.template_id, chatbot_id: row.chatbot_id,
      low_type: row.low_type ? row.low_type.split(',').map(Number) as CspChoice['low_type'] : [],
      sms_text: row.sms_text ?? undefined, video_template_id: row.video_template_id ?? undefined, aim_text: row.aim_text ?? undefined,
    }
    return { plan: await cspPlan(tx, b.cus_id, choice, numbers, null), after: (tx, result) => keepCspChoice(tx, b.cus_id, result, choice) }
  }
  const same = r.contents.every((c) => c === r.contents[0])
  return {
    plan: {
      prodType: b.prod_type, kind: b.batch_type === 2 ? 'p2p' : 'group', content: b.content, mobiles: r.mobiles,
      contents: same ? r.contents[0] : r.contents, unitPrice: await priceOf(tx, b.cus_id, b.prod_type),
      invalid: 0, duplicates: 0, reviewTexts: same ? [r.contents[0]] : r.contents, timing: null,
      signed: { content: r.contents[0] },
      marketing: { text: b.content, marked: b.marketing, field: 'content' },
    },
  }
}

/**
 * What a resend would send and cost now (the confirmation), worked out as the resend does it: the kind's plan with
 * its checks (a template no longer approved, a signature withdrawn refuse here already), the marketing rules (when it
 * would go, the numbers over the cap) and the scrub's one reading, at the account's prices. Nothing is written.
 */
export async function previewResend(db: Db, user: SessionUser, batchId: string, target: ResendTarget): Promise<ResendPreview> {
  const b = await visibleBatch(db, user, batchId)
  const { rows } = await db.query<{ balance: number }>('select balance::float8 as balance from customer where cus_id = $1', [b.cus_id])
  const balance = Number(rows[0]?.balance ?? 0)
  return db.transaction(async (tx) => {
    const r = await recipientsOf(tx, batchId, target)
    if (!r.mobiles.length) return { target, numbers: 0, opted_out: 0, over_cap: 0, messages: 0, cost: 0, balance, send_time: null }
    const { plan } = await kindResend(tx, b, r)
    if (plan.signed) await requireSignatures(tx, b.cus_id, plan.signed)
    const rules = await marketingRules(tx, b.cus_id, plan.marketing, { mobiles: plan.mobiles, timing: null })
    const s = keepOnly(plan, await removedAmong(tx, b.cus_id, plan.mobiles, plan.marketing, rules.capped))
    return {
      target, numbers: s.plan.mobiles.length, opted_out: s.optedOut, over_cap: s.overCap,
      messages: countMessages(s.plan), cost: costOf(s.plan, s.plan.unitPrice), balance, send_time: rules.timing,
    }
  })
}

/** A resend of `target` of the batch that already went (a timed one still to go counts), or null. */
async function resentAs(tx: Db, batchId: string, target: ResendTarget): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `select batch_id as id from sms_batch where resent_from = $1 and resend_target = $2
     union all
     select time_batch from time_batch where resent_from = $1 and resend_target = $2 and send_status = any($3::int[])
     limit 1`, [batchId, target, [TIMED_STATUS.toBeSent, TIMED_STATUS.paused]])
  return rows[0]?.id ?? null
}

/**
 * A resend as a new batch of the batch's account, through the one send path (commitSend) with its kind's plan: the
 * idempotency key (a retry gets the first reply, billed once), the kind's checks, the signature check, the marketing
 * rules, the opt-out scrub, the debit. Under a lock on the batch, a second resend of the same target (another key) is
 * refused with the batch that already went. A marketing resend asked for outside the marketing hours goes as a timed
 * batch, which carries the link until the scheduler sends it (015_timed_resends.sql).
 */
export async function resend(db: Db, user: SessionUser, batchId: string, target: ResendTarget, key: string): Promise<SendResult & { resent_from: string }> {
  const b = await visibleBatch(db, user, batchId)
  let after: KindResend['after']
  const result = await commitSend(db, b.cus_id, key, async (tx) => {
    await lockInSchema(tx, RESEND_LOCK, batchId)
    const done = await resentAs(tx, batchId, target)
    if (done) throw new ApiError(409, 'resendDone', { batch: done })
    const r = await recipientsOf(tx, batchId, target)
    if (!r.mobiles.length) throw new ApiError(409, 'resendNothing')
    const kind = await kindResend(tx, b, r)
    if (!kind.plan.mobiles.length) throw new ApiError(409, 'resendNothing')
    after = kind.after
    return kind.plan
  }, async (tx, sent) => {
    await after?.(tx, sent)
    const sql = sent.timed
      ? 'update time_batch set resent_from = $2, resend_target = $3 where time_batch = $1'
      : 'update sms_batch set resent_from = $2, resend_target = $3 where batch_id = $1'
    await tx.query(sql, [sent.batch_id, batchId, target])
  }, 'batchResent')
  return { ...result, resent_from: batchId }
}
