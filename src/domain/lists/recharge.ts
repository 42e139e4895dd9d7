import { z } from 'zod'
import { formatMoneyNumber } from '../money'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './query'

/**
 * Recharge records (/recharge/list: every balance change of the visible accounts) and enterprise recharge records
 * (/epRecharge/list: recharges an enterprise made to its sub-accounts). The account filter is honoured for user
 * types 1 and 2 only (spec section 6); a sub-account always sees its own.
 */

export const rechargeSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  prod_type: searchInt(),
  recharge_type: searchInt(),
  ...dateRangeShape,
})
export type RechargeSearch = z.infer<typeof rechargeSearchSchema>

export const rechargeRowSchema = z.object({
  id: z.number(),
  cus_id: z.string(),
  cus_name: z.string(),
  create_time: z.string(),
  prod_type: z.number(),
  /** messages credited (count recharges) */
  recharge_amount: z.number(),
  /** money paid */
  recharge_money: z.number(),
  /** 1 the balance is money, 0 it is a message count */
  is_amount_recharge: z.number(),
  pre_balance: z.number(),
  preBalanceStr: z.string(),
  post_balance: z.number(),
  postBalanceStr: z.string(),
  recharge_type: z.number(),
  remark: z.string(),
})
export type RechargeRow = z.infer<typeof rechargeRowSchema>

export const RECHARGE_SORTABLE = ['create_time', 'recharge_amount', 'recharge_money'] as const
export const RECHARGE_TOTALS = ['recharge_amount', 'recharge_money'] as const

export type RechargeTypeKey = 'rechargeAccount' | 'rechargeRefund' | 'rechargeAdjust' | 'rechargeDeduct' | 'unknown'
/**
 * Spec section 4: 0 account recharge, 1 automatic refund, 2 price adjustment. The sample data also has 3, which
 * this platform records for a manual deduction (a correction that lowers the balance).
 */
export function rechargeTypeKey(type: number): RechargeTypeKey {
  if (type === 0) return 'rechargeAccount'
  if (type === 1) return 'rechargeRefund'
  if (type === 2) return 'rechargeAdjust'
  if (type === 3) return 'rechargeDeduct'
  return 'unknown'
}
export const RECHARGE_TYPE_FILTER = [
  { value: 0, key: 'rechargeAccount' },
  { value: 1, key: 'rechargeRefund' },
  { value: 2, key: 'rechargeAdjust' },
  { value: 3, key: 'rechargeDeduct' },
] as const

/** "12,345.678" for money balances (the decimals the balance keeps, src/domain/money.ts), "12,345" for message counts. */
export function balanceStr(value: number, isAmount: boolean): string {
  return isAmount ? formatMoneyNumber(value, 'balance') : value.toLocaleString('en-US', { maximumFractionDigits: 0 })
}
