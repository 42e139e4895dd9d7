import { measureContent } from '../../src/domain/billing'
import { uniformCounts } from '../../src/domain/lists/mt-counters'
import { TIMED_STATUS } from '../../src/domain/lists/timed'
import { chargeFor, roundMoney } from '../../src/domain/money'
import { SEND_STATUS, type SendKind } from '../../src/domain/send'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { checkBalanceCrossing } from '../warn/crossing'

const TIMED_TO_BE_SENT = TIMED_STATUS.toBeSent

/** Rows per insert statement: one `unnest` of arrays per chunk keeps each statement's parameters small. */
export const INSERT_CHUNK = 10_000

/**
 * Per-recipient messages made on demand, a chunk at a time, with their total worked out beforehand: a send holds
 * at most one chunk of filled messages, never all of them (a template repeating {p1} over a big rows file would
 * otherwise grow the process by gigabytes before the balance is even checked).
 */
export interface LazyContents {
  readonly length: number
  /** Σ measureContent(message).messages over every recipient. */
  readonly messages: number
  slice(start: number, end: number): string[]
  /** Each message in turn, none kept (the sensitive-word review). */
  [Symbol.iterator](): Iterator<string>
  /** The messages of the recipients at `kept` (in order), the ones at `dropped` left out (an opt-out scrub). */
  only(kept: readonly number[], dropped: readonly number[]): LazyContents
}

/** Each recipient's message made from its own code (a short link, an answer page), a chunk at a time. */
export class CodedMessages implements LazyContents {
  constructor(
    private readonly codes: string[],
    /** Messages of each one: every code has one length, so every filled message measures the same. */
    private readonly perRecipient: number,
    private readonly fill: (code: string) => string,
  ) {}

  get length() {
    return this.codes.length
  }

  get messages() {
    return this.perRecipient * this.codes.length
  }

  only(kept: readonly number[]): LazyContents {
    return new CodedMessages(kept.map((i) => this.codes[i]), this.perRecipient, this.fill)
  }

  slice(start: number, end: number): string[] {
    return this.codes.slice(start, end).map(this.fill)
  }

  *[Symbol.iterator]() {
    for (const code of this.codes) yield this.fill(code)
  }
}

/** Recipients and what each receives: one content for all (same-content send) or one per recipient (p2p, link). */
export interface Recipients {
  mobiles: string[]
  contents: string | string[] | LazyContents
}

/** Total messages billed: measureContent(message).messages summed over recipients (each distinct text measured once). */
export function countMessages(r: Recipients): number {
  if (typeof r.contents === 'string') return measureContent(r.contents).messages * r.mobiles.length
  if (!Array.isArray(r.contents)) return r.contents.messages
  const seen = new Map<string, number>()
  let total = 0
  for (const c of r.contents) {
    let m = seen.get(c)
    if (m === undefined) seen.set(c, (m = measureContent(c).messages))
    total += m
  }
  return total
}


/** The account's price per message for a product; 403 productNotActivated when it has none. */
export async function priceOf(db: Db, cusId: string, prodType: number): Promise<number> {
  const { rows } = await db.query<{ price: number }>(
    'select price::float8 as price from customer_product where cus_id = $1 and prod_type = $2', [cusId, prodType])
  if (!rows.length) throw new ApiError(403, 'productNotActivated')
  return Number(rows[0].price)
}

/**
 * Locks the account row and debits `cost`; 400 insufficientBalance when the balance cannot cover it. Must run inside
 * the send's transaction: the row lock serialises concurrent sends of one account, so the balance never goes below 0.
 * A debit that crosses the account's warning threshold queues its warning here (sent after the commit).
 */
export async function debit(tx: Db, cusId: string, cost: number): Promise<number> {
  const { rows } = await tx.query<{ balance: number }>('select balance::float8 as balance from customer where cus_id = $1 for update', [cusId])
  if (!rows.length) throw new ApiError(400, 'badRequest')
  if (rows[0].balance < cost) throw new ApiError(400, 'insufficientBalance')
  const after = await tx.query<{ balance: number }>(
    'update customer set balance = balance - $2::numeric where cus_id = $1 returning balance::float8 as balance', [cusId, cost.toFixed(3)])
  await checkBalanceCrossing(tx, cusId, rows[0].balance, after.rows[0].balance)
  return after.rows[0].balance
}

/**
 * Price per message by ISO country code, the value mt_record.country_code and time_mt_message.country_code hold
 * (international sends: the country list's prices, /user/getBusCtyList; the record list, the country statistics
 * and the demo history read the same ISO code). The account must still have the international product (priceOf),
 * else 403 productNotActivated.
 */
export async function countryPrices(db: Db, cusId: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ iso: string; price: number }>(
    `select c.iso, coalesce(k.price, c.price)::float8 as price from country c
     left join customer_country_price k on k.iso = c.iso and k.cus_id = $1`, [cusId])
  return new Map(rows.map((r) => [r.iso, Number(r.price)]))
}

export async function sensitiveIn(db: Db, texts: Iterable<string>): Promise<boolean> {
  const { rows } = await db.query<{ word: string }>('select lower(word) as word from sensitive_word')
  if (!rows.length) return false
  for (const t of texts) {
    const lower = t.toLowerCase()
    if (rows.some((r) => lower.includes(r.word))) return true
  }
  return false
}

export async function nextBatchId(db: Db, prefix: 'B' | 'T'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `select $1 || to_char(now() at time zone 'Asia/Shanghai', 'YYMMDD') || lpad(nextval('send_batch_seq')::text, 8, '0') as id`, [prefix])
  return rows[0].id
}

/** Optional per-recipient columns of a send (same order as `mobiles`). */
export interface RecipientExtras {
  /** Calling code of each number (international sends). */
  countryCodes?: (string | null)[]
  /** The promotion link each recipient got (link sends). */
  longLinks?: (string | null)[]
  /** Price per message of each recipient (international: its country's price); else the batch's unitPrice. */
  unitPrices?: number[]
}

export interface StoreBatch extends Recipients, RecipientExtras {
  batchId: string
  cusId: string
  prodType: number
  /** 1 same content, 2 one-to-one; 0 (content review) is used instead when the content waits for review. */
  batchType: 1 | 2
  /** The batch's content as the lists show it (the template for p2p). */
  content: string
  /** Video subject or csp template name, shown by the video and csp record lists. */
  templateName?: string | null
  unitPrice: number
  review: boolean
  /** Numbers left out by the opt-out scrub. */
  optedOut?: number
}

/** What a send bills: Σ over recipients of messages × unit price, rounded as the balance is stored. */
export function costOf(r: Recipients & Pick<RecipientExtras, 'unitPrices'>, unitPrice: number): number {
  if (!r.unitPrices) return chargeFor(countMessages(r), unitPrice)
  let total = 0
  const measured = new Map<string, number>()
  const contents = r.contents
  if (!Array.isArray(contents) && typeof contents !== 'string') throw new TypeError('per-recipient prices need listed contents')
  for (let i = 0; i < r.mobiles.length; i++) {
    const c = typeof contents === 'string' ? contents : contents[i]
    let m = measured.get(c)
    if (m === undefined) measured.set(c, (m = measureContent(c).messages))
    total += m * r.unitPrices[i]
  }
  return roundMoney(total)
}

/** Chunk `i..i+n` of an optional per-recipient column; nulls when the send has no such column. */
const slice = <T>(a: T[] | undefined, i: number, n: number): (T | null)[] => (a ? a.slice(i, i + n) : new Array<null>(n).fill(null))

/** The batch's status: held for review when its texts have a sensitive word, else waiting for reports. */
export const batchStatus = (b: Pick<StoreBatch, 'review'>): number => (b.review ? SEND_STATUS.pendingReview : SEND_STATUS.waitingReport)

/** The sms_batch row alone, stamped now; its records follow with `storeRecords`, after the kind's own rows. */
export async function storeBatchRow(tx: Db, b: StoreBatch): Promise<{ status: number; now: Date }> {
  const status = batchStatus(b)
  const now = new Date()
  const c = uniformCounts({ mt_status: status }, b.mobiles.length)
  await tx.query(
    `insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time,
       receive_count, sent_count, success_count, failure_count, unknown_count, timeout_count, opted_out)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [b.batchId, b.cusId, b.prodType, b.review ? 0 : b.batchType, b.content, now, c.receive, c.sent, c.success, c.failure, c.unknown, c.timeout, b.optedOut ?? 0],
  )
  return { status, now }
}

/** The mt_record rows of every recipient of a batch, INSERT_CHUNK per statement, all stamped `now` (a Date, or a time with microseconds as text). */
export async function storeRecords(tx: Db, b: StoreBatch, status: number, now: Date | string): Promise<void> {
  const to = b.mobiles.length
  const same = typeof b.contents === 'string' ? b.contents : null
  const plain = same !== null && !b.countryCodes && !b.longLinks && !b.unitPrices
  const samePrice = same === null ? 0 : roundMoney(measureContent(same).messages * b.unitPrice)
  for (let i = 0; i < to; i += INSERT_CHUNK) {
    const mobiles = b.mobiles.slice(i, Math.min(i + INSERT_CHUNK, to))
    if (plain) {
      await tx.query(
        `insert into mt_record (cus_id, prod_type, mobile, content, price, mt_status, receive_time, batch_id, template_name)
         select $1, $2, m, $3, $4, $5, $6, $7, $9 from unnest($8::text[]) as m`,
        [b.cusId, b.prodType, same, samePrice, status, now, b.batchId, mobiles, b.templateName ?? null],
      )
      continue
    }
    const k = mobiles.length
    const contents = same !== null ? new Array<string>(k).fill(same) : (b.contents as string[] | LazyContents).slice(i, i + k)
    const units = b.unitPrices ? b.unitPrices.slice(i, i + k) : null
    const prices = contents.map((c, j) => roundMoney(measureContent(c).messages * (units ? units[j] : b.unitPrice)))
    await tx.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, price, country_code, long_link, mt_status, receive_time, batch_id, template_name)
       select $1, $2, t.m, t.c, t.p, t.cc, t.l, $3, $4, $5, $11
       from unnest($6::text[], $7::text[], $8::numeric[], $9::text[], $10::text[]) as t(m, c, p, cc, l)`,
      [b.cusId, b.prodType, status, now, b.batchId, mobiles, contents, prices, slice(b.countryCodes, i, k), slice(b.longLinks, i, k), b.templateName ?? null],
    )
  }
}

export type { SendKind } from '../../src/domain/send'

export interface StoreTimed extends Recipients, Pick<RecipientExtras, 'countryCodes' | 'longLinks'> {
  cusId: string
  prodType: number
  kind: SendKind
  /** The batch's content as the timed lists show it (the template for p2p). */
  content: string
  templateName?: string | null
  /** ISO time the scheduler sends it. */
  timing: string
  /** The cost at scheduling time: the balance must cover it now (it is billed when sent). */
  cost: number
  /** Numbers the opt-out scrub left out at scheduling (the scheduler scrubs again when it sends). */
  optedOut?: number
}

/**
 * A timed batch of any kind and its details; billed when the scheduler sends it (see scheduler.ts), so here the
 * balance is only checked; `beforeDetails` writes the kind's rows of every recipient (their codes may still change
 * there) before the details carry their messages. Returns the parts of the SendResult that differ from an immediate send.
 */
export async function storeTimed(tx: Db, t: StoreTimed, beforeDetails?: (timeBatch: string) => Promise<void>) {
  const { rows } = await tx.query<{ balance: number }>('select balance::float8 as balance from customer where cus_id = $1', [t.cusId])
  if (!rows.length || rows[0].balance < t.cost) throw new ApiError(400, 'insufficientBalance')
  const id = await nextBatchId(tx, 'T')
  const now = new Date()
  await tx.query(
    `insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time, kind, template_name, opted_out)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [id, t.cusId, t.prodType, t.kind === 'p2p' ? 1 : 0, TIMED_TO_BE_SENT, t.content, t.mobiles.length, t.timing, now, t.kind, t.templateName ?? null, t.optedOut ?? 0])
  await beforeDetails?.(id)
  for (let i = 0; i < t.mobiles.length; i += INSERT_CHUNK) {
    const mobiles = t.mobiles.slice(i, i + INSERT_CHUNK)
    const k = mobiles.length
    const contents = typeof t.contents === 'string' ? new Array<string>(k).fill(t.contents) : t.contents.slice(i, i + k)
    await tx.query(
      `insert into time_mt_message (time_batch, cus_id, mobile, content, country_code, long_link, send_status, timing_time, create_time)
       select $1, $2, d.m, d.c, d.cc, d.l, $3, $4, $5 from unnest($6::text[], $7::text[], $8::text[], $9::text[]) as d(m, c, cc, l)`,
      [id, t.cusId, TIMED_TO_BE_SENT, t.timing, now, mobiles, contents, slice(t.countryCodes, i, k), slice(t.longLinks, i, k)])
  }
  return { batch_id: id, timed: true, balance_after: rows[0].balance, send_time: new Date(t.timing).toISOString(), status: TIMED_TO_BE_SENT }
}
