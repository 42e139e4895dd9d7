import { z } from 'zod'
import { dateRangeShape, listQuerySchema, searchInt, searchText } from './query'

/**
 * Sub-accounts (/user/subAccountList: an enterprise's sub-accounts; an administrator sees every sub-account) and
 * customers (/customer/list: administrators only).
 */

export const accountSearchSchema = listQuerySchema.extend({
  /** matches cus_id or cus_name */
  keyword: searchText(64),
  cus_status: searchInt(),
  ...dateRangeShape,
})
export type AccountSearch = z.infer<typeof accountSearchSchema>

export const accountRowSchema = z.object({
  cus_id: z.string(),
  cus_name: z.string(),
  parent_id: z.string().nullable(),
  user_type: z.number(),
  cus_status: z.number(),
  /** 0 prepaid, 1 postpaid */
  pay_type: z.number(),
  /** the pay type in the caller's language */
  payTypeStr: z.string(),
  balance: z.number(),
  balanceStr: z.string(),
  ext_number: z.string(),
  mobile: z.string(),
  create_time: z.string(),
  /** Bytes the account's materials may take; null: the server's default (STORAGE_QUOTA_BYTES). */
  storage_quota: z.number().nullable(),
})
export type AccountRow = z.infer<typeof accountRowSchema>
export const ACCOUNT_SORTABLE = ['create_time', 'cus_id', 'balance'] as const
export const ACCOUNT_TOTALS = ['balance'] as const

export type CusStatusKey = 'accountClosed' | 'accountOpen' | 'accountDeleted'
/** Sub-account cus_status: 0 closed, 1 open, other deleted. */
export const cusStatusKey = (s: number): CusStatusKey => (s === 0 ? 'accountClosed' : s === 1 ? 'accountOpen' : 'accountDeleted')
export const CUS_STATUS_FILTER = [
  { value: 1, key: 'accountOpen' },
  { value: 0, key: 'accountClosed' },
  { value: 2, key: 'accountDeleted' },
] as const

export type PayTypeKey = 'payPrepaid' | 'payPostpaid'
export const payTypeKey = (t: number): PayTypeKey => (t === 1 ? 'payPostpaid' : 'payPrepaid')

/** Spec section 6: the sub-account list's action column only for moreType 1 to 4. */
export const subAccountActionsVisible = (moreType: number) => moreType >= 1 && moreType <= 4
