import { randomBytes } from 'node:crypto'
import { PROD_TYPE } from '../../src/domain/constants'
import { checkCost } from '../../src/domain/number-check-online'
import type { UeUploadCheckResult, UeUploadResult } from '../../src/domain/number-check-ue'
import type { Context } from 'hono'
import { madeWith } from '../audit/diff'
import type { AuditContext } from '../audit/context'
import { audit } from '../audit/write'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { ParsedNumbers } from '../send/group-send'
import { debit, INSERT_CHUNK, priceOf } from '../send/store'

/** U + China date and time to the second + 6 random hex digits: sortable by eye, unique without a sequence. */
function newBatchId(now: Date): string {
  const stamp = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' })
    .format(now).replace(/\D/g, '').slice(2)
  return `U${stamp}${randomBytes(3).toString('hex')}`
}

/**
 * Stores an uploaded file's distinct numbers as an unconfirmed UE file (seq 1 … n): not listed, not checked, not
 * billed until confirmed. The price is read now so an account without the check product is refused before storing.
 * Its audit entry (for the request `from`) is written with it.
 */
export async function storeUeUpload(db: Db, from: Context | AuditContext, cusId: string, fileName: string, numbers: ParsedNumbers): Promise<UeUploadResult> {
  if (!numbers.mobiles.length) throw new ApiError(400, 'ueFileEmpty')
  const now = new Date()
  const batchId = newBatchId(now)
  const { mobiles } = numbers
  const { unitPrice, balance } = await db.transaction(async (tx) => {
    const unitPrice = await priceOf(tx, cusId, PROD_TYPE.numberCheck)
    const { rows } = await tx.query<{ balance: number }>('select balance::float8 as balance from customer where cus_id = $1', [cusId])
    await tx.query(
      `insert into mobile_ue_file (batch_id, cus_id, file_name, file_status, batch_count, create_time, confirmed)
       values ($1, $2, $3, 0, $4, $5, false)`, [batchId, cusId, fileName, mobiles.length, now.toISOString()])
    for (let i = 0; i < mobiles.length; i += INSERT_CHUNK) {
      await tx.query(
        `insert into mobile_ue_number (batch_id, seq, mobile)
         select $1, $2::int + o::int, m from unnest($3::text[]) with ordinality as t(m, o)`,
        [batchId, i, mobiles.slice(i, i + INSERT_CHUNK)])
    }
    await audit(tx, from, { action: 'ueFileUploaded', account: cusId, target: { id: batchId }, changes: madeWith({ file_name: fileName, numbers: mobiles.length }) })
    return { unitPrice, balance: rows[0]?.balance ?? 0 }
  })
  return {
    batch_id: batchId, file_name: fileName, cus_id: cusId, batch_count: mobiles.length, invalid: numbers.invalid,
    duplicates: numbers.duplicates, unit_price: unitPrice, cost: checkCost(mobiles.length, unitPrice), balance,
  }
}

/** A retried confirmation's first reply, or null when this request claimed the key (send_idempotency, as the sends). */
async function claimKey(tx: Db, cusId: string, key: string): Promise<UeUploadCheckResult | null> {
  const claimed = await tx.query(
    'insert into send_idempotency (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, key])
  if (claimed.rows.length) return null
  const { rows } = await tx.query<{ response: (UeUploadCheckResult & { kind?: string }) | null }>(
    'select response from send_idempotency where cus_id = $1 and idempotency_key = $2', [cusId, key])
  // A key a send or another check used is not this one's: refused rather than answered with its reply.
  if (!rows[0]?.response || rows[0].response.kind !== 'ueCheck') throw new ApiError(400, 'badRequest')
  const { kind: _kind, ...result } = rows[0].response
  return result
}

/**
 * Confirms an upload, all or nothing: claim the idempotency key (a retry gets the first reply, billed once), lock
 * the unconfirmed file (409 ueAlreadyStarted once confirmed under another key), debit batch_count × the account's
 * check price under the account's row lock (400 insufficientBalance: nothing changes), then hand it to the checker.
 * `cusId` is the file's account, already checked as one the caller may pay for. Its audit entry is for the request `from`.
 */
export async function confirmUeUpload(db: Db, from: Context | AuditContext, cusId: string, batchId: string, key: string): Promise<UeUploadCheckResult> {
  const result = await db.transaction(async (tx) => {
    const earlier = await claimKey(tx, cusId, key)
    if (earlier) {
      if (earlier.batch_id !== batchId) throw new ApiError(400, 'badRequest')
      return earlier
    }
    const { rows } = await tx.query<{ batch_count: number; confirmed: boolean }>(
      'select batch_count, confirmed from mobile_ue_file where batch_id = $1 and cus_id = $2 for update', [batchId, cusId])
    if (!rows[0]) throw new ApiError(404, 'notFound')
    if (rows[0].confirmed) throw new ApiError(409, 'ueAlreadyStarted')
    const unitPrice = await priceOf(tx, cusId, PROD_TYPE.numberCheck)
    const cost = checkCost(rows[0].batch_count, unitPrice)
    const balanceAfter = await debit(tx, cusId, cost)
    await tx.query(
      `update mobile_ue_file set confirmed = true, unit_price = $2, cost = $3::numeric, create_time = now(), check_time = null
       where batch_id = $1`, [batchId, unitPrice, cost.toFixed(3)])
    const result: UeUploadCheckResult = { batch_id: batchId, batch_count: rows[0].batch_count, cost, balance_after: balanceAfter }
    await tx.query('update send_idempotency set response = $3 where cus_id = $1 and idempotency_key = $2',
      [cusId, key, JSON.stringify({ ...result, kind: 'ueCheck' })])
    await audit(tx, from, { action: 'ueCheckStarted', account: cusId, target: { id: batchId }, changes: madeWith({ numbers: rows[0].batch_count, cost }) })
    return result
  })
  return result
}
