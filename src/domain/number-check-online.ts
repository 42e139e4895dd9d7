import { z } from 'zod'
import { safeText, serialId } from './input'

/*
 * The online number check (/mobileStatus/onlineCheck): a list of domestic mobiles checked at once, billed
 * per number at the account's number-check price (product PROD_TYPE.numberCheck), and kept as a batch of the status
 * list (/mobileStatus/list) with each number's state (/mobileStatus/batchNumbers).
 */

/** Numbers one online check takes; a longer list belongs to the file check (5G terminal / UE upload). */
export const ONLINE_CHECK_LIMIT = 10_000

/** A number's state, in the order of the status list's columns; each names its `<state>_count` column. */
export const CHECK_STATES = ['real', 'dead', 'down', 'not', 'silence', 'danger'] as const
export type CheckState = (typeof CHECK_STATES)[number]
/** Stored code of each state (mobile_status_number.state). */
export const CHECK_STATE_CODE: Record<CheckState, number> = { real: 1, dead: 2, down: 3, not: 4, silence: 5, danger: 6 }

const mobile = z.string().regex(/^1\d{10}$/)

export const onlineCheckSchema = z.object({
  /** The account that pays: the caller (default), one of its sub-accounts, or any account for an administrator. */
  cus_id: safeText().trim().min(1).max(64).optional(),
  /** Shown in the status list; the server names the batch by its time when absent. */
  batch_name: safeText().trim().max(64).optional(),
  /** Distinct 11-digit mobiles (the numbers worker's output); duplicates are checked and billed once. */
  mobiles: z.array(mobile).min(1).max(ONLINE_CHECK_LIMIT),
  /** One per confirmed check; a retry with the same key returns the first reply and bills nothing again. */
  idempotency_key: z.string().uuid(),
})
export type OnlineCheckPayload = z.infer<typeof onlineCheckSchema>

export type CheckCounts = Record<CheckState, number>

/** /mobileStatus/checkInfo: the caller's price per checked number (null: the product is not granted) and balance. */
export const checkInfoSchema = z.object({ price: z.number().nullable(), balance: z.number() })
export type CheckInfo = z.infer<typeof checkInfoSchema>

export const onlineCheckResultSchema = z.object({
  id: z.number(), batch_name: z.string(), batch_count: z.number(),
  counts: z.object({ real: z.number(), dead: z.number(), down: z.number(), not: z.number(), silence: z.number(), danger: z.number() }),
  unit_price: z.number(), cost: z.number(), balance_after: z.number(),
})
export type OnlineCheckResult = z.infer<typeof onlineCheckResultSchema>

export const batchNumbersSchema = z.object({
  id: serialId(),
  /** Only the numbers in this state (e.g. `real` for "send to the live numbers"). */
  state: z.enum(CHECK_STATES).optional(),
})
export type BatchNumbersPayload = z.infer<typeof batchNumbersSchema>
export const batchNumberRowSchema = z.object({ mobile: z.string(), state: z.enum(CHECK_STATES) })
export type BatchNumberRow = z.infer<typeof batchNumberRowSchema>

/** Cost of `n` numbers at `unitPrice`, rounded as the balance is stored (3 decimals). */
export const checkCost = (n: number, unitPrice: number) => Math.round(n * unitPrice * 1000) / 1000
