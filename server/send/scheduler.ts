import { measureContent } from '../../src/domain/billing'
import { PROD_TYPE } from '../../src/domain/constants'
import { uniformCounts } from '../../src/domain/lists/mt-counters'
import { TIMED_STATUS } from '../../src/domain/lists/timed'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { accountStatusSql } from '../users/repo'
import { defineJob } from '../jobs/define'
import { roundMoney } from '../../src/domain/money'
import { IN_FLIGHT_FROM, nameInFlight, type InFlight } from './in-flight'
import { enterpriseOf, exemptFromOptOuts, settingsOf } from '../opt-outs/store'
import { platformDayStart } from '../../src/domain/marketing'
import { marketingRuleOf } from './marketing'
import { countryPrices, debit, nextBatchId, priceOf, sensitiveIn } from './store'

/**
 * Sends timed batches when due. Only send_status 0 batches are due, so pause (2), intercept (3) and edits (content
 * changed in place) are honoured by what the row says at send time. Each batch is claimed with
 * `for update skip locked` inside the transaction that sends it: a second scheduler on the same PostgreSQL skips
 * the locked row, and once committed the batch is no longer 0, so no batch is sent twice.
 *
 * Billing happens here, at send time: cost = Σ measureContent(detail content).messages × the account's price (an
 * international detail: its country's price). The kind's own columns (country, link, template name) carry over. A
 * batch the balance cannot cover is marked failed (4), it and its details.
 */
export async function runDueBatches(db: Db, opts: { limit?: number; now?: Date } = {}): Promise<string[]> {
  const sent: string[] = []
  for (let i = 0; i < (opts.limit ?? 20); i++) {
    let inFlight: InFlight | null = null
    const id = await db.transaction((tx) => sendOne(db, tx, opts.now ?? new Date(), (f) => (inFlight = f))).catch(async (e: unknown) => {
      await inFlight?.forget()
      throw e
    })
    if (id === null) break
    sent.push(id)
  }
  return sent
}

interface Due {
  time_batch: string
  cus_id: string
  prod_type: number
  batch_type: number
  kind: string
  content: string
  template_name: string | null
  marketing: boolean
  /** A resend that went timed (server/batch/resend.ts): the batch it resends to, and to which of its records. */
  resent_from: string | null
  resend_target: string | null
}

/** The details to send, grouped by what decides their price: the text (messages) and the country (unit price). */
interface Group {
  content: string
  country_code: string | null
  n: number
}

/** What the copy of a due batch's details into its records needs. */
interface Copy {
  timeBatch: string
  batchId: string
  prodType: number
  status: number
  /** The records' time: a Date, or a time named in flight (text with microseconds). */
  now: Date | string
  templateName: string | null
  groups: Group[]
  prices: number[]
}

/** Claims, bills and writes the sms_batch of the next due batch and copies its details into its records; its id, or null. */
async function sendOne(db: Db, tx: Db, now: Date, named: (f: InFlight | null) => void): Promise<string | null> {
  const { rows } = await tx.query<Due>(
    `select time_batch, cus_id, prod_type::int as prod_type, batch_type::int as batch_type, kind, content, template_name, marketing,
       resent_from, resend_target from time_batch
     where send_status = $1 and timing_time <= $2
       -- A closed account (a sub-account of a closed customer too) sends nothing: its due batches wait, unbilled,
       -- until it is opened again.
       and exists (select 1 from customer c where c.cus_id = time_batch.cus_id and ${accountStatusSql('c')} = 1)
     order by timing_time limit 1 for update skip locked`, [TIMED_STATUS.toBeSent, now])
  if (!rows.length) return null
  const b = rows[0]
  // Numbers that opted out since the batch was scheduled are left out now, unbilled.
  const optedOut = await scrubTimed(tx, b.time_batch, b.cus_id)
  // A marketing batch reaches no number that had the day's cap of the enterprise's marketing messages already.
  const overCap = b.marketing ? await capTimed(tx, b.time_batch, b.cus_id, now) : 0
  const groups = (await tx.query<Group>(
    `select content, country_code, count(*)::int as n from time_mt_message where time_batch = $1 and send_status = $2
     group by content, country_code`, [b.time_batch, TIMED_STATUS.toBeSent])).rows
  const billed = await bill(tx, b, groups).catch((e: unknown) => {
    if (e instanceof ApiError) return null
    throw e
  })
  const prices = billed?.prices
  if (!billed || !prices) {
    await mark(tx, b.time_batch, TIMED_STATUS.failed)
    return b.time_batch
  }
  const review = await sensitiveIn(tx, groups.map((g) => g.content))
  const batchId = await nextBatchId(tx, 'B')
  const total = groups.reduce((s, g) => s + g.n, 0)
  const status = review ? 100 : 500
  const c = uniformCounts({ mt_status: status }, total)
  await tx.query(
    `insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time,
       receive_count, sent_count, success_count, failure_count, unknown_count, timeout_count, opted_out, marketing, over_cap,
       resent_from, resend_target)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [batchId, b.cus_id, b.prod_type, review ? 0 : b.batch_type === 1 ? 2 : 1, b.content, now, c.receive, c.sent, c.success, c.failure, c.unknown, c.timeout, optedOut,
      b.marketing, overCap, b.resent_from, b.resend_target])
  await carryKindRows(tx, b, batchId)
  // A large batch's records carry a time named for the lists to read around until this transaction commits.
  const inFlight = total >= IN_FLIGHT_FROM ? await nameInFlight(db, tx, b.prod_type, batchId, now) : null
  named(inFlight)
  await copyDetails(tx, { timeBatch: b.time_batch, batchId, prodType: b.prod_type, status, now: inFlight?.time ?? now, templateName: b.template_name, groups, prices })
  await mark(tx, b.time_batch, TIMED_STATUS.sent)
  await inFlight?.done(tx)
  return b.time_batch
}

/**
 * What the kind keeps of a timed batch beside its details goes with the batch it becomes: an international one's
 * sender id, the template (and 5G fallbacks) a video or 5G one sent, which its resend sends again.
 */
async function carryKindRows(tx: Db, b: Due, batchId: string): Promise<void> {
  if (b.kind === 'intl') {
    await tx.query('update sms_batch set sender_id = t.sender_id from time_batch t where t.time_batch = $1 and sms_batch.batch_id = $2', [b.time_batch, batchId])
  } else if (b.kind === 'video') {
    await tx.query('insert into video_send (batch_id, cus_id, cus_template_id) select $2, cus_id, cus_template_id from video_send where batch_id = $1', [b.time_batch, batchId])
  } else if (b.kind === 'csp') {
    await tx.query(
      `insert into csp_send (batch_id, cus_id, chatbot_id, template_id, low_type, sms_text, video_template_id, aim_text)
       select $2, cus_id, chatbot_id, template_id, low_type, sms_text, video_template_id, aim_text from csp_send where batch_id = $1`, [b.time_batch, batchId])
  }
}

/**
 * The opt-out scrub of a timed batch as it goes (server/send/scrub.ts for the others): its details still to be sent
 * whose numbers are on the enterprise's list, found by one join of the details with the list, are marked opted out
 * (5) and counted on the batch. Returns the batch's count of numbers left out, at scheduling and now.
 */
async function scrubTimed(tx: Db, timeBatch: string, cusId: string): Promise<number> {
  const ent = await enterpriseOf(tx, cusId)
  // Timed batches carry no template type yet: exemptFromOptOuts decides for them as for every send.
  if (exemptFromOptOuts(await settingsOf(tx, ent), {})) return 0
  const { rows } = await tx.query<{ opted_out: number }>(
    `with d as (
       update time_mt_message d set send_status = $4 from opt_out o
       where d.time_batch = $1 and d.send_status = $3 and o.ent_id = $2 and o.mobile = d.mobile and o.removed_at is null
       returning 1)
     update time_batch set opted_out = opted_out + (select count(*) from d) where time_batch = $1 returning opted_out`,
    [timeBatch, ent, TIMED_STATUS.toBeSent, TIMED_STATUS.optedOut])
  return rows[0].opted_out
}

/**
 * The daily cap of a marketing batch as it goes (marketing.ts for the others): its details still to be sent whose
 * numbers had the enterprise's cap of marketing messages on the platform day of `now` are marked over the cap (6).
 * Returns how many.
 */
async function capTimed(tx: Db, timeBatch: string, cusId: string, now: Date): Promise<number> {
  const ent = await enterpriseOf(tx, cusId)
  const rule = await marketingRuleOf(tx, ent)
  const from = platformDayStart(now)
  const { rows } = await tx.query<{ n: number }>(
    `with c as (
       select m.mobile from sms_batch b join mt_record m on m.batch_id = b.batch_id
         join time_mt_message d on d.time_batch = $1 and d.send_status = $6 and d.mobile = m.mobile
       where b.marketing and b.cus_id in (select cus_id from customer where cus_id = $2 or parent_id = $2)
         and b.create_time >= $3 and b.create_time < $4
       group by m.mobile having count(*) >= $5),
     u as (update time_mt_message d set send_status = $7 from c where d.time_batch = $1 and d.send_status = $6 and d.mobile = c.mobile returning 1)
     select count(*)::int as n from u`,
    [timeBatch, ent, from, new Date(from.getTime() + 86_400_000), rule.daily_cap, TIMED_STATUS.toBeSent, TIMED_STATUS.overCap])
  return rows[0].n
}

/** Copies the batch's details still to be sent into its records, priced by group, and marks them sent. */
async function copyDetails(tx: Db, s: Copy): Promise<void> {
  await tx.query(
    `with d as (
       update time_mt_message set send_status = $10 where time_batch = $1 and send_status = 0
       returning sn, cus_id, mobile, content, country_code, long_link)
     insert into mt_record (cus_id, prod_type, mobile, content, price, country_code, long_link, template_name, mt_status, receive_time, batch_id)
     select d.cus_id, $2, d.mobile, d.content, p.price, d.country_code, d.long_link, $8, $3, $4, $5
     from d join unnest($6::text[], $7::numeric[], $9::text[]) as p(content, price, cc)
       on p.content = d.content and p.cc is not distinct from d.country_code
     order by d.sn`,
    [s.timeBatch, s.prodType, s.status, s.now, s.batchId, s.groups.map((g) => g.content), s.prices, s.templateName,
      s.groups.map((g) => g.country_code), TIMED_STATUS.sent])
}

/** Debits the batch at today's prices; returns the cost and each group's price per record (international: the country's). */
async function bill(tx: Db, b: Due, groups: Group[]): Promise<{ cost: number; prices: number[] }> {
  const price = await priceOf(tx, b.cus_id, b.prod_type)
  const byCountry = b.prod_type === PROD_TYPE.international ? await countryPrices(tx, b.cus_id) : null
  const unit = (g: Group) => (byCountry && g.country_code ? (byCountry.get(g.country_code) ?? price) : price)
  const perRecord = groups.map((g) => roundMoney(measureContent(g.content).messages * unit(g)))
  const cost = groups.reduce((s, g) => s + measureContent(g.content).messages * unit(g) * g.n, 0)
  await debit(tx, b.cus_id, roundMoney(cost))
  return { cost: roundMoney(cost), prices: perRecord }
}

async function mark(tx: Db, id: string, status: number) {
  await tx.query('update time_batch set send_status = $2, update_time = now() where time_batch = $1', [id, status])
  await tx.query('update time_mt_message set send_status = $2 where time_batch = $1 and send_status = 0', [id, status])
}

/** Bills and sends the timed batches that are due; its queue is the batches due and not yet sent. */
export const schedulerJob = defineJob({
  name: 'scheduler',
  every: (c) => c.workerIntervalMs ?? 5000,
  tick: async (deps) => ({ sent: await runDueBatches(deps.db) }),
  queue: {
    depth: 'select count(*)::int as depth from time_batch where send_status = $1 and timing_time <= now()',
    oldest: 'select min(timing_time) as oldest from time_batch where send_status = $1 and timing_time <= now()',
    params: () => [TIMED_STATUS.toBeSent],
  },
})
