import { measureContent } from '../../src/domain/billing'
import { SEND_STATUS } from '../../src/domain/send'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'

/** Rows per insert statement: one `unnest` of arrays per chunk keeps each statement's parameters small. */
export const INSERT_CHUNK = 10_000

/** Recipients and what each receives: one content for all (same-content send) or one per recipient (p2p). */
export interface Recipients {
  mobiles: string[]
  contents: string | string[]
}

/** Total messages billed: measureContent(message).messages summed over recipients (each distinct text measured once). */
export function countMessages(r: Recipients): number {
  if (typeof r.contents === 'string') return measureContent(r.contents).messages * r.mobiles.length
  const seen = new Map<string, number>()
  let total = 0
  for (const c of r.contents) {
    let m = seen.get(c)
    if (m === undefined) seen.set(c, (m = measureContent(c).messages))
    total += m
  }
  return total
}

export const roundMoney = (v: number) => Math.round(v * 1000) / 1000

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
 */
export async function debit(tx: Db, cusId: string, cost: number): Promise<number> {
  const { rows } = await tx.query<{ balance: number }>('select balance::float8 as balance from customer where cus_id = $1 for update', [cusId])
  if (!rows.length) throw new ApiError(400, 'badRequest')
  if (rows[0].balance < cost) throw new ApiError(400, 'insufficientBalance')
  const after = await tx.query<{ balance: number }>(
    'update customer set balance = balance - $2::numeric where cus_id = $1 returning balance::float8 as balance', [cusId, cost.toFixed(3)])
  return after.rows[0].balance
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

export interface StoreBatch extends Recipients {
  batchId: string
  cusId: string
  prodType: number
  /** 1 same content, 2 one-to-one; 0 (SMS audit) is used instead when the content waits for review. */
  batchType: 1 | 2
  /** The batch's content as the lists show it (the template for p2p). */
  content: string
  unitPrice: number
  review: boolean
}

/** Inserts the sms_batch and every mt_record of an immediate send; call inside the transaction that debits. */
export async function storeBatch(tx: Db, b: StoreBatch): Promise<number> {
  const status = b.review ? SEND_STATUS.pendingReview : SEND_STATUS.waitingReport
  const n = b.mobiles.length
  const now = new Date()
  await tx.query(
    `insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time, receive_count, sent_count, unknown_count)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [b.batchId, b.cusId, b.prodType, b.review ? 0 : b.batchType, b.content, now, n, b.review ? 0 : n, b.review ? 0 : n],
  )
  const same = typeof b.contents === 'string' ? b.contents : null
  const samePrice = same === null ? 0 : roundMoney(measureContent(same).messages * b.unitPrice)
  for (let i = 0; i < n; i += INSERT_CHUNK) {
    const mobiles = b.mobiles.slice(i, i + INSERT_CHUNK)
    if (same !== null) {
      await tx.query(
        `insert into mt_record (cus_id, prod_type, mobile, content, price, mt_status, receive_time, batch_id)
         select $1, $2, m, $3, $4, $5, $6, $7 from unnest($8::text[]) as m`,
        [b.cusId, b.prodType, same, samePrice, status, now, b.batchId, mobiles],
      )
    } else {
      const contents = (b.contents as string[]).slice(i, i + INSERT_CHUNK)
      const prices = contents.map((c) => roundMoney(measureContent(c).messages * b.unitPrice))
      await tx.query(
        `insert into mt_record (cus_id, prod_type, mobile, content, price, mt_status, receive_time, batch_id)
         select $1, $2, t.m, t.c, t.p, $3, $4, $5 from unnest($6::text[], $7::text[], $8::numeric[]) as t(m, c, p)`,
        [b.cusId, b.prodType, status, now, b.batchId, mobiles, contents, prices],
      )
    }
  }
  return status
}
