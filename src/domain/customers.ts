import { z } from 'zod'
import { sealedPasswordFields } from './auth'
import { intIn, optionalMobileText, safeText, SMALLINT } from './input'
import { moneyField, priceField, signedMoneyField } from './money'
import { rechargeSearchSchema } from './lists/recharge'

/**
 * Customer administration (spec section 7: /customer/…, administrators only) and an enterprise's sub-accounts
 * (/subAccount/…, for customers whose moreType is 1 to 4). One schema per payload, shared by the console's forms
 * and the server's routes. Money fields (money.ts) are checked against the columns they are stored in.
 */

/** An account's login name: letters, digits and underscores, as at registration. */
export const cusIdField = safeText().trim().regex(/^[A-Za-z0-9_]{3,32}$/)
export const cusNameField = safeText().trim().min(1).max(100)

const mobileField = optionalMobileText()
const remarkField = safeText().trim().max(200).default('')

/** Spec section 4 recharge types an administrator records: 0 account recharge, 1 automatic refund, 2 price adjustment. */
export const CHARGE_TYPES = [0, 1, 2] as const
/** What a parent's record of a transfer to its sub-account is: a deduction (the sample data's type 3). */
export const TRANSFER_OUT_TYPE = 3

/** Products and international countries an account may be priced for: bounded so one payload stays small. */
export const MAX_PRODUCTS = 8
export const MAX_COUNTRY_PRICES = 300
/** Sub-accounts one enterprise may hold. */
export const MAX_SUB_ACCOUNTS = 200

const unique = <T>(key: (x: T) => unknown) => (xs: T[]) => new Set(xs.map(key)).size === xs.length

export const productPriceSchema = z.object({ prod_type: intIn(SMALLINT), price: priceField })
export const countryPriceSchema = z.object({ iso: safeText().trim().regex(/^[A-Z]{2}$/), price: priceField })

export const customerAddSchema = z.object({
  cus_id: cusIdField,
  cus_name: cusNameField,
  /** 0 prepaid, 1 postpaid */
  pay_type: intIn({ min: 0, max: 1 }).default(0),
  /** 0 no sub-accounts; 1–4 the customer may hold sub-accounts (spec section 6). */
  more_type: intIn({ min: 0, max: 4 }).default(0),
  mobile: mobileField.default(''),
  products: z.array(productPriceSchema).min(1).max(MAX_PRODUCTS).refine(unique((p: { prod_type: number }) => p.prod_type), { message: 'duplicate' }),
  /** International prices per country; a country left out bills at the platform's price (/customer/busCtys). */
  country_prices: z.array(countryPriceSchema).max(MAX_COUNTRY_PRICES).refine(unique((p: { iso: string }) => p.iso), { message: 'duplicate' }).default([]),
  /** The initial password, sealed with a nonce of POST /user/passwordNonce; it must meet the password-change rules. */
  ...sealedPasswordFields,
})
export type CustomerAddPayload = z.infer<typeof customerAddSchema>

/** The largest storage quota an administrator may give one account, in MB (1 TiB). */
export const STORAGE_QUOTA_MAX_MB = 1024 * 1024
/**
 * An account's storage quota as typed, in whole MB: '' for the server's default (STORAGE_QUOTA_BYTES), 0 for no
 * more uploads, at most STORAGE_QUOTA_MAX_MB. A string, so the form's field and the call's payload are one schema.
 */
export const storageQuotaField = safeText()
  .trim()
  .regex(/^\d{0,7}$/)
  .refine((v) => v === '' || Number(v) <= STORAGE_QUOTA_MAX_MB, { message: 'range' })
/** The stored value of a typed quota: bytes, or null for the default. */
export const quotaBytes = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed) * 1024 * 1024)

/** /customer/customerQuota: one customer's storage quota for materials (administrators only). */
export const customerQuotaSchema = z.object({ cus_id: cusIdField, storage_quota: storageQuotaField })
export type CustomerQuotaPayload = z.infer<typeof customerQuotaSchema>

/** closeCustomer, openCustomer, customerDetail and the sub-account equivalents: one account by name. */
export const accountRefSchema = z.object({ cus_id: cusIdField })

export const customerChargeSchema = z
  .object({
    cus_id: cusIdField,
    recharge_type: intIn({ min: 0, max: 2 }),
    /** Added to the balance; only a price adjustment may be negative. */
    amount: signedMoneyField,
    prod_type: intIn(SMALLINT).default(0),
    remark: remarkField,
  })
  .refine((p) => p.recharge_type === 2 || Number(p.amount) > 0, { path: ['amount'], message: 'positive' })
export type CustomerChargePayload = z.infer<typeof customerChargeSchema>

/** chargeDetail: the recharge records of one customer (and its sub-accounts' when asked by the account filter). */
export const chargeDetailSchema = rechargeSearchSchema.extend({ cus_id: cusIdField })

export const subAccountAddSchema = z.object({
  cus_id: cusIdField,
  cus_name: cusNameField,
  mobile: mobileField.default(''),
  ...sealedPasswordFields,
})
export type SubAccountAddPayload = z.infer<typeof subAccountAddSchema>

/** A transfer from the parent's balance to its sub-account. */
export const subAccountChargeSchema = z.object({ cus_id: cusIdField, amount: moneyField, remark: remarkField })
export type SubAccountChargePayload = z.infer<typeof subAccountChargeSchema>

export const productOptionSchema = z.object({ prod_type: z.number(), name: z.string(), name_en: z.string() })
export type ProductOption = z.infer<typeof productOptionSchema>

/** customerDetail / subAccount detail: the account, its products and prices, and its live sessions. */
export const accountDetailSchema = z.object({
  cus_id: z.string(),
  cus_name: z.string(),
  user_type: z.number(),
  parent_id: z.string().nullable(),
  cus_status: z.number(),
  pay_type: z.number(),
  more_type: z.number(),
  /** "1234.500" as stored */
  balance: z.string(),
  mobile: z.string(),
  create_time: z.string(),
  /** Each granted product with its name in both languages (the product table's), so no client keeps a copy. */
  products: z.array(z.object({ prod_type: z.number(), price: z.string(), name: z.string(), name_en: z.string() })),
  country_prices: z.array(z.object({ iso: z.string(), price: z.string() })),
  sub_accounts: z.number(),
  live_sessions: z.number(),
})
export type AccountDetail = z.infer<typeof accountDetailSchema>

/** The answer of a charge or transfer: the balances after it, as stored. */
export const chargeResultSchema = z.object({ balance: z.string(), parent_balance: z.string().optional() })
export type ChargeResult = z.infer<typeof chargeResultSchema>


/**
 * The console's one-line form of international prices, `GB 0.21, JP 0.45` (commas, semicolons or new lines between
 * items; `GB=0.21` too), as the payload's country_prices; null when an item is malformed or a country repeats.
 */
export function parseCountryPrices(text: string): { iso: string; price: string }[] | null {
  const items = text.split(/[,;，；\n]+/).map((s) => s.trim()).filter(Boolean)
  const out: { iso: string; price: string }[] = []
  for (const item of items) {
    const m = /^([A-Za-z]{2})\s*[=:\s]\s*(\S+)$/.exec(item)
    if (!m || !priceField.safeParse(m[2]).success) return null
    out.push({ iso: m[1].toUpperCase(), price: m[2] })
  }
  return new Set(out.map((p) => p.iso)).size === out.length && out.length <= MAX_COUNTRY_PRICES ? out : null
}
