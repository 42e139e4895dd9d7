import { measureContent } from '../../src/domain/billing'
import { PROD_TYPE } from '../../src/domain/constants'
import { TIMED_STATUS } from '../../src/domain/lists/timed'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { deliverWarningsAfterCommit } from '../warn/deliver'
import { everyInterval } from '../worker-loop'
import { countryPrices, debit, nextBatchId, priceOf, roundMoney, sensitiveIn } from './store'
import {
  analyzeIfGrown, andVisibleWhileStoring, beginStoring, closeStoringRange, extendStoringRange, finishStoring, openStoringRange, STORE_CHUNK,
  storesInChunks, undoStoring,
} from './storing'

/**
 * Sends timed batches when due. Only send_status 0 batches are due, so pause (2), intercept (3) and edits (content
 * changed in place) are honoured by what the row says at send time. Each batch is claimed with
 * `for update skip locked` inside the transaction that sends it: a second scheduler on the same PostgreSQL skips
 * the locked row, and once committed the batch is no longer 0, so no batch is sent twice.
 *
 * Billing happens here, at send time: cost = Σ measureContent(detail content).messages × the account's price (an
 * international detail: its country's price). The kind's own columns (country, link, template name) carry over. A
 * batch the balance cannot cover is marked failed (4), it and its details.
 *
 * A large batch on PGlite is stored in chunks like a large immediate send (storing.ts): claimed, billed and marked
 * sent in one short transaction, its records copied a chunk per transaction while invisible, completed in a last one.
 * PGlite has one process, so exactly once holds there by the claim alone; PostgreSQL keeps the one transaction.
 */
export async function runDueBatches(db: Db, opts: { limit?: number; now?: Date; chunkedFrom?: number } = {}): Promise<string[]> {
  const sent: string[] = []
  for (let i = 0; i < (opts.limit ?? 20); i++) {
    const one = await db.transaction((tx) => sendOne(tx, opts.now ?? new Date(), (n) => storesInChunks(db, n, opts.chunkedFrom), andVisibleWhileStoring(db, 'time_batch', 'time_batch')))
    if (one === null) break
    if (one.storing) await storeDueInChunks(db, one.storing)
    sent.push(one.id)
  }
  // Warnings the debits queued, and any a crash left queued, go out after the commits.
  await deliverWarningsAfterCommit(db)
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
}

/** The details to send, grouped by what decides their price: the text (messages) and the country (unit price). */
interface Group {
  content: string
  country_code: string | null
  n: number
}

/** A due batch whose records are still to be copied from its details, a chunk per transaction (PGlite, large). */
interface Storing {
  timeBatch: string
  batchId: string
  prodType: number
  status: number
  now: Date
  templateName: string | null
  groups: Group[]
  prices: number[]
  /** The last detail copied (by sn): each chunk starts after it instead of stepping over every detail copied before. */
  afterSn: number
}

/**
 * Claims, bills and writes the sms_batch of the next due batch. Its records are copied from its details here too, in
 * the same transaction, unless `chunked` says the batch is large enough to be stored in chunks (then the batch is
 * marked sent, invisible while storing like an immediate send, and `storing` says what the chunks copy).
 */
async function sendOne(tx: Db, now: Date, chunked: (n: number) => boolean, visible: string): Promise<{ id: string; storing?: Storing } | null> {
  const { rows } = await tx.query<Due>(
    `select time_batch, cus_id, prod_type::int as prod_type, batch_type::int as batch_type, kind, content, template_name from time_batch
     where send_status = $1 and timing_time <= $2
       -- A closed account sends nothing: its due batches wait until it is opened again.
       and exists (select 1 from customer c where c.cus_id = time_batch.cus_id and c.cus_status = 1)
       -- Nor is a batch whose details are still being written (scheduled or edited in chunks on PGlite, storing.ts).
       ${visible}
     order by timing_time limit 1 for update skip locked`, [TIMED_STATUS.toBeSent, now])
  if (!rows.length) return null
  const b = rows[0]
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
    return { id: b.time_batch }
  }
  const review = await sensitiveIn(tx, groups.map((g) => g.content))
  const batchId = await nextBatchId(tx, 'B')
  const total = groups.reduce((s, g) => s + g.n, 0)
  const status = review ? 100 : 500
  await tx.query(
    `insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time, receive_count, sent_count, unknown_count)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [batchId, b.cus_id, b.prod_type, review ? 0 : b.batch_type === 1 ? 2 : 1, b.content, now, total, review ? 0 : total, review ? 0 : total])
  // An international batch's sender id (migration 014) goes with it.
  if (b.kind === 'intl') {
    await tx.query('update sms_batch set sender_id = t.sender_id from time_batch t where t.time_batch = $1 and sms_batch.batch_id = $2', [b.time_batch, batchId])
  }
  const storing: Storing = { timeBatch: b.time_batch, batchId, prodType: b.prod_type, status, now, templateName: b.template_name, groups, prices, afterSn: 0 }
  if (chunked(total)) {
    await beginStoring(tx, { batchId, cusId: b.cus_id, key: b.time_batch, cost: billed.cost, timeBatch: b.time_batch })
    await tx.query('update time_batch set send_status = $2, update_time = now() where time_batch = $1', [b.time_batch, TIMED_STATUS.sent])
    return { id: b.time_batch, storing }
  }
  await copyDetails(tx, storing)
  await mark(tx, b.time_batch, TIMED_STATUS.sent)
  return { id: b.time_batch }
}

/**
 * Copies the batch's details still to be sent into its records, priced by group, and marks them sent: all of them, or
 * the first `limit` after `s.afterSn` (by sn) when given, moving `afterSn` on. Returns how many it copied.
 */
async function copyDetails(tx: Db, s: Storing, limit?: number): Promise<number> {
  const { rows } = await tx.query<{ n: number; last: number | null }>(
    `with d as (
       update time_mt_message set send_status = $10 where sn in
         (select sn from time_mt_message where time_batch = $1 and sn > $11 and send_status = 0 order by sn ${limit ? `limit ${limit}` : ''})
       returning sn, cus_id, mobile, content, country_code, long_link),
     ins as (
       insert into mt_record (cus_id, prod_type, mobile, content, price, country_code, long_link, template_name, mt_status, receive_time, batch_id)
       select d.cus_id, $2, d.mobile, d.content, p.price, d.country_code, d.long_link, $8, $3, $4, $5
       from d join unnest($6::text[], $7::numeric[], $9::text[]) as p(content, price, cc)
         on p.content = d.content and p.cc is not distinct from d.country_code
       order by d.sn returning 1)
     select count(*)::int as n, max(sn) as last from d`,
    [s.timeBatch, s.prodType, s.status, s.now, s.batchId, s.groups.map((g) => g.content), s.prices, s.templateName,
      s.groups.map((g) => g.country_code), TIMED_STATUS.sent, s.afterSn])
  if (rows[0].last !== null) s.afterSn = Number(rows[0].last)
  return rows[0].n
}

/**
 * A large due batch on PGlite: its records a chunk per transaction (other users' requests run between them), then
 * the batch completes in one short transaction. Anything failing on the way undoes it all (storing.ts): the debit is
 * refunded and the timed batch is to be sent again, as after a crash at the next start. Its records carry one time
 * and consecutive sns per chunk, so the record lists read around them as around an immediate send's (storing.ts ranges).
 */
async function storeDueInChunks(db: Db, s: Storing): Promise<void> {
  const chunk = async (tx: Db) => {
    const n = await copyDetails(tx, s, STORE_CHUNK)
    await extendStoringRange(tx, s.batchId)
    return n
  }
  try {
    await openStoringRange(db, s.batchId, s.now)
    while ((await db.transaction(chunk)) === STORE_CHUNK) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    await db.transaction((tx) => finishStoring(tx, s.batchId))
  } catch (e) {
    await undoStoring(db, s.batchId)
    throw e
  } finally {
    closeStoringRange(s.batchId)
  }
  await analyzeIfGrown(db, 'mt_record', s.groups.reduce((sum, g) => sum + g.n, 0))
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

/** Runs runDueBatches every `intervalMs` (never overlapping itself); returns a stop function. */
export function startScheduler(db: Db, intervalMs = 5000, log: (m: string) => void = console.log): () => Promise<void> {
  return everyInterval(intervalMs, async () => {
    const ids = await runDueBatches(db)
    if (ids.length) log(`[scheduler] sent timed batches: ${ids.join(', ')}`)
  }, (e) => console.error('[scheduler]', e))
}
