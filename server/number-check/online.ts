import { createHash } from 'node:crypto'
import { PROD_TYPE } from '../../src/domain/constants'
import { formatDateTime, platformDay } from '../../src/domain/date-time'
import {
  CHECK_STATE_CODE, CHECK_STATES, checkCost, type CheckCounts, type CheckState, type OnlineCheckResult,
} from '../../src/domain/number-check-online'
import type { Context } from 'hono'
import { madeWith } from '../audit/diff'
import type { AuditContext } from '../audit/context'
import { audit } from '../audit/write'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { debit, priceOf } from '../send/store'

/*
 * The reference server's checking service: a number's state is a hash of the number and the day (China time), so the
 * same number gets the same answer all day and may change the next, with the shares a real service reports
 * (per 10,000: 8,500 real, 500 empty, 300 powered off, 300 not in the database, 300 silent, 100 risk).
 */
const SHARES: [CheckState, number][] = [['real', 8_500], ['dead', 500], ['down', 300], ['not', 300], ['silence', 300], ['danger', 100]]
const BUCKETS = SHARES.reduce((n, [, s]) => n + s, 0)

/** The day in China (YYYY-MM-DD): the check's answers and its statistics row belong to it. */
export const chinaDay = (at: Date = new Date()) => platformDay(at)

export function stateOf(mobile: string, day: string): CheckState {
  const bucket = createHash('sha256').update(`${mobile}|${day}`).digest().readUInt32BE(0) % BUCKETS
  let upTo = 0
  for (const [state, share] of SHARES) if (bucket < (upTo += share)) return state
  return 'real'
}

const emptyCounts = (): CheckCounts => ({ real: 0, dead: 0, down: 0, not: 0, silence: 0, danger: 0 })
const CHUNK = 5_000

/** A retried request's first reply, or null when this request claimed the key (send_idempotency, as the sends). */
async function claimKey(tx: Db, cusId: string, key: string): Promise<OnlineCheckResult | null> {
  const claimed = await tx.query(
    'insert into send_idempotency (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, key])
  if (claimed.rows.length) return null
  const { rows } = await tx.query<{ response: OnlineCheckResult & { kind?: string } }>(
    'select response from send_idempotency where cus_id = $1 and idempotency_key = $2', [cusId, key])
  // A key a send used is not a check's: refused rather than answered with the send's reply.
  if (!rows[0]?.response || rows[0].response.kind !== 'onlineCheck') throw new ApiError(400, 'badRequest')
  const { kind: _kind, ...result } = rows[0].response
  return result
}

/**
 * One online check, all or nothing in one transaction: claim the idempotency key (a retry gets the first reply and
 * is not billed again), price the distinct numbers at the account's check price (403 productNotActivated without
 * one), debit under the account's row lock (400 insufficientBalance, nothing stored), then store the batch, each
 * number's state, the day's statistics row and the check's audit entry (for the request `from`).
 */
export async function runOnlineCheck(
  db: Db, from: Context | AuditContext, cusId: string, req: { mobiles: string[]; batchName?: string; key: string },
): Promise<OnlineCheckResult> {
  const mobiles = [...new Set(req.mobiles)]
  const now = new Date()
  const day = chinaDay(now)
  const result = await db.transaction(async (tx) => {
    const earlier = await claimKey(tx, cusId, req.key)
    if (earlier) return earlier
    const unitPrice = await priceOf(tx, cusId, PROD_TYPE.numberCheck)
    const cost = checkCost(mobiles.length, unitPrice)
    const balanceAfter = await debit(tx, cusId, cost)
    const states = mobiles.map((m) => stateOf(m, day))
    const counts = emptyCounts()
    for (const s of states) counts[s]++
    const batchName = req.batchName || formatDateTime(now)
    const { rows } = await tx.query<{ id: number }>(
      `insert into mobile_status_batch (cus_id, batch_name, batch_count, real_count, dead_count, down_count, not_count, silence_count,
         danger_count, create_time, unit_price, cost)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
      [cusId, batchName, mobiles.length, ...CHECK_STATES.map((s) => counts[s]), now.toISOString(), unitPrice, cost.toFixed(3)])
    const id = rows[0].id
    for (let i = 0; i < mobiles.length; i += CHUNK) {
      const part = mobiles.slice(i, i + CHUNK)
      await tx.query(
        `insert into mobile_status_number (batch_id, seq, mobile, state)
         select $1, $2::int + o::int, m, s from unnest($3::text[], $4::smallint[]) with ordinality as t(m, s, o)`,
        [id, i, part, states.slice(i, i + CHUNK).map((s) => CHECK_STATE_CODE[s])])
    }
    // The day's statistics row: every number checked answered (success), none failed.
    await tx.query(
      `insert into mobile_status_stat (cus_id, gather_time, request_count, success_count, failure_count, real_count, dead_count, down_count,
         not_count, silence_count, danger_count)
       values ($1, $2::date, $3, $3, 0, $4, $5, $6, $7, $8, $9)
       on conflict (cus_id, gather_time) do update set request_count = mobile_status_stat.request_count + excluded.request_count,
         success_count = mobile_status_stat.success_count + excluded.success_count,
         real_count = mobile_status_stat.real_count + excluded.real_count, dead_count = mobile_status_stat.dead_count + excluded.dead_count,
         down_count = mobile_status_stat.down_count + excluded.down_count, not_count = mobile_status_stat.not_count + excluded.not_count,
         silence_count = mobile_status_stat.silence_count + excluded.silence_count,
         danger_count = mobile_status_stat.danger_count + excluded.danger_count`,
      [cusId, day, mobiles.length, ...CHECK_STATES.map((s) => counts[s])])
    const result: OnlineCheckResult = {
      id, batch_name: batchName, batch_count: mobiles.length, counts, unit_price: unitPrice, cost, balance_after: balanceAfter,
    }
    await tx.query('update send_idempotency set response = $3 where cus_id = $1 and idempotency_key = $2',
      [cusId, req.key, JSON.stringify({ ...result, kind: 'onlineCheck' })])
    await audit(tx, from, {
      action: 'numbersChecked', account: cusId, target: { id: id },
      changes: madeWith({ batch_name: batchName, numbers: mobiles.length, cost, ...counts }),
    })
    return result
  })
  return result
}
