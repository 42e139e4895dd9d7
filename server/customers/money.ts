import { TRANSFER_OUT_TYPE } from '../../src/domain/customers'
import { BALANCE_COLUMN, columnMax } from '../../src/domain/money'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { checkBalanceCrossing } from '../warn/crossing'

interface Locked {
  cus_id: string
  balance: string
  cus_status: number
  user_type: number
  parent_id: string | null
}

/** Locks the named accounts' rows in one fixed order (by id), so two transfers touching the same pair cannot deadlock. */
async function lockAccounts(tx: Db, cusIds: string[]): Promise<Map<string, Locked>> {
  const { rows } = await tx.query<Locked>(
    `select cus_id, balance::text as balance, cus_status::int as cus_status, user_type::int as user_type, parent_id
     from customer where cus_id = any($1::text[]) order by id for update`,
    [cusIds],
  )
  return new Map(rows.map((r) => [r.cus_id, r]))
}

interface Entry {
  cusId: string
  /** Signed decimal string added to the balance. */
  delta: string
  prodType: number
  rechargeType: number
  remark: string
  operator: string
  isEnterprise: boolean
}

const BALANCE_MAX = columnMax(BALANCE_COLUMN)

/**
 * Applies `delta` to a locked account and writes its recharge record with the balances before and after, all in
 * numeric (no float on the way). The update itself refuses a balance below zero, answered as insufficientBalance,
 * and one past what the balance column holds (an amount the column allows can still overflow the sum), answered as a
 * 400 naming the amount, which is what the caller typed: every charge, transfer and adjustment comes through here.
 * recharge_money is the amount moved (always positive, as the sample data stores deductions); recharge_amount the
 * messages it buys at the account's price for the product, 0 when it has none or the balance falls.
 */
export async function applyEntry(tx: Db, e: Entry): Promise<string> {
  const { rows } = await tx.query<{ pre: string; post: string }>(
    `update customer set balance = balance + $2::numeric where cus_id = $1 and balance + $2::numeric between 0 and $3::numeric
     returning (balance - $2::numeric)::text as pre, balance::text as post`,
    [e.cusId, e.delta, BALANCE_MAX],
  )
  // The balance is never negative, so only a deduction can fall below zero and only an addition can pass the limit.
  if (!rows[0] && e.delta.startsWith('-')) throw new ApiError(409, 'insufficientBalance')
  if (!rows[0]) throw new ApiError(400, 'balanceLimit', { max: BALANCE_MAX }, undefined, { fields: { amount: 'balanceLimit' } })
  // A transfer out of a parent or a negative adjustment may cross the account's balance warning, as a send's debit does.
  await checkBalanceCrossing(tx, e.cusId, Number(rows[0].pre), Number(rows[0].post))
  await tx.query(
    `insert into recharge_record (cus_id, prod_type, recharge_amount, recharge_money, is_amount_recharge, pre_balance, post_balance,
       recharge_type, remark, operator_id, is_enterprise, create_time)
     values ($1, $2, coalesce((select case when $3::numeric > 0 and p.price > 0 then least(floor($3::numeric / p.price), 2147483647)::int end
                               from customer_product p where p.cus_id = $1 and p.prod_type = $2), 0),
       abs($3::numeric), 1, $4::numeric, $5::numeric, $6, $7, $8, $9, now())`,
    [e.cusId, e.prodType, e.delta, rows[0].pre, rows[0].post, e.rechargeType, e.remark, e.operator, e.isEnterprise],
  )
  return rows[0].post
}

/** An administrator's charge (recharge types 0, 1, 2) of an enterprise customer: balance and record in one transaction. */
export async function chargeCustomer(
  db: Db,
  p: { cusId: string; amount: string; rechargeType: number; prodType: number; remark: string; operator: string },
): Promise<string> {
  const post = await db.transaction(async (tx) => {
    const row = (await lockAccounts(tx, [p.cusId])).get(p.cusId)
    if (!row || row.user_type !== 2 || row.cus_status > 1) throw new ApiError(404, 'accountNotFound', { account: p.cusId })
    return applyEntry(tx, { cusId: p.cusId, delta: p.amount, prodType: p.prodType, rechargeType: p.rechargeType, remark: p.remark, operator: p.operator, isEnterprise: false })
  })
  return post
}

const negate = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`)

/**
 * Moves `amount` from a parent's balance to its sub-account's: both rows locked in id order, both balances and both
 * records in one transaction. The parent's balance never goes below zero: under concurrency each transfer waits for
 * the lock and sees the balance the previous one left. `parentOf` names the only parent the caller may move money
 * from (the caller itself; for an administrator, whoever the sub-account's parent is).
 */
export async function transferToSub(
  db: Db,
  p: { subId: string; amount: string; remark: string; operator: string; parentOf: (sub: { parent_id: string | null }) => string | null },
): Promise<{ balance: string; parent_balance: string }> {
  const moved = await db.transaction(async (tx) => {
    const found = await tx.query<{ parent_id: string | null; user_type: number }>(
      'select parent_id, user_type::int as user_type from customer where cus_id = $1', [p.subId])
    const sub0 = found.rows[0]
    const parentId = sub0 && sub0.user_type === 3 ? p.parentOf(sub0) : null
    if (!parentId) throw new ApiError(404, 'accountNotFound', { account: p.subId })
    const locked = await lockAccounts(tx, [parentId, p.subId])
    const sub = locked.get(p.subId)
    const parent = locked.get(parentId)
    // Re-read under the lock: the sub-account must still belong to that parent and be open, as must the parent.
    if (!sub || !parent || sub.parent_id !== parentId || sub.cus_status > 1) throw new ApiError(404, 'accountNotFound', { account: p.subId })
    if (sub.cus_status !== 1) throw new ApiError(409, 'accountIsClosed', { account: p.subId })
    const remark = p.remark || `${parentId} → ${p.subId}`
    const parentBalance = await applyEntry(tx, {
      cusId: parentId, delta: negate(p.amount), prodType: 0, rechargeType: TRANSFER_OUT_TYPE, remark, operator: p.operator, isEnterprise: false,
    })
    const balance = await applyEntry(tx, { cusId: p.subId, delta: p.amount, prodType: 0, rechargeType: 0, remark, operator: p.operator, isEnterprise: true })
    return { balance, parent_balance: parentBalance }
  })
  return moved
}
