import { z } from 'zod'
import * as calls from '@/api/customers'
import type { ConfirmOptions } from '@/components/ui/confirm'
import { openFormDialog, type FormField } from '@/components/ui/DeclaredForm'
import { mountDialog } from '@/components/ui/mount-dialog'
import { cusIdField, cusNameField, parseCountryPrices, storageQuotaField, type CustomerChargePayload } from '@/domain/customers'
import { formatStorage } from '@/domain/materials'
import { OPTIONAL_MOBILE } from '@/domain/mobile'
import { formatMoney, moneyField, priceField, roundMoney, signedMoneyField } from '@/domain/money'
import type { AccountRow } from '@/domain/lists/accounts'
import { checkConfirm, checkNewPassword } from '@/domain/validation'
import type { ActionHelpers, Row } from '@/grid'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { getLocale } from '@/stores/prefs'
import { AccountDetailDialog } from './AccountDetailDialog'
import { ChargeRecordsDialog } from './ChargeRecordsDialog'

type LL = TranslationFunctions
type Kind = 'customer' | 'sub'

/** A declared form in a dialog; resolves with the server's success words (the list engine toasts them and refreshes). */
interface DialogForm {
  title: string
  intro?: string
  saveTestId: string
  fields: FormField[]
  check?: (v: Record<string, string>) => Record<string, string>
  /** The question a money-moving form asks with its amounts before and after (FormSpec.confirm). */
  confirm?: (v: Record<string, string>) => ConfirmOptions | null
  focus?: string
}
const openForm = ({ fields, check, confirm, focus, ...dialog }: DialogForm, save: (v: Record<string, string>) => Promise<string>) =>
  openFormDialog({ ...dialog, spec: { fields, check, focus, confirm: confirm && ((_, v) => confirm(v)), submit: (_, v) => save(v) } })

/** Money as every screen writes it, in the interface's language. */
const money = (amount: number | string) => formatMoney(amount, getLocale(), 'balance')
/** `balance` moved by the typed `amount` (a decimal string, signed for an adjustment), as the server adds it. */
const after = (balance: number | string, amount: string) => roundMoney(Number(balance) + Number(amount))

const optional = (s: z.ZodType) => z.union([z.literal(''), s])
const mobileField = (LL: LL): FormField => ({
  name: 'mobile', label: LL.customers.mobile(), inputMode: 'numeric', schema: z.string().trim().regex(OPTIONAL_MOBILE), message: LL.customers.errors.mobile(),
})
const passwordFields = (LL: LL): FormField[] => [
  { name: 'password', label: LL.customers.password(), kind: 'password', hint: LL.customers.passwordHint(), schema: z.string().refine((v) => checkNewPassword(v) === null), message: LL.customers.errors.password() },
  { name: 'confirm', label: LL.customers.confirmPassword(), kind: 'password' },
]
const confirmCheck = (LL: LL) => (v: Record<string, string>): Record<string, string> =>
  checkConfirm(v.confirm, v.password) ? { confirm: LL.customers.errors.confirm() } : {}
const accountFields = (LL: LL): FormField[] => [
  { name: 'cus_id', label: LL.customers.account(), hint: LL.customers.accountHint(), schema: cusIdField, message: LL.customers.errors.account() },
  { name: 'cus_name', label: LL.customers.name(), schema: cusNameField, message: LL.customers.errors.name() },
]
const remarkField = (LL: LL): FormField => ({ name: 'remark', label: LL.customers.remark(), schema: z.string().max(200), message: LL.customers.errors.remark() })

export async function addCustomer({ LL }: ActionHelpers) {
  const products = await calls.fetchProducts()
  const en = getLocale() === 'en'
  const fields: FormField[] = [
    ...accountFields(LL),
    { name: 'pay_type', label: LL.customers.payType(), kind: 'select', options: [{ value: '0', label: LL.status.payPrepaid() }, { value: '1', label: LL.status.payPostpaid() }] },
    {
      name: 'more_type', label: LL.customers.moreType(), kind: 'select',
      options: [{ value: '0', label: LL.customers.moreTypeNone() }, ...[1, 2, 3, 4].map((n) => ({ value: String(n), label: LL.customers.moreTypeLevel({ n }) }))],
    },
    mobileField(LL),
    ...products.map((p): FormField => ({
      name: `price_${p.prod_type}`, label: LL.customers.productPrice({ product: en ? p.name_en : p.name }), inputMode: 'decimal',
      schema: optional(priceField), message: LL.customers.errors.price(),
    })),
    {
      name: 'country_prices', label: LL.customers.countryPrices(), kind: 'textarea', hint: LL.customers.countryPricesHint(),
      schema: z.string().refine((t) => parseCountryPrices(t) !== null), message: LL.customers.errors.countryPrices(),
    },
    ...passwordFields(LL),
  ]
  const granted = (v: Record<string, string>) =>
    products.filter((p) => v[`price_${p.prod_type}`].trim()).map((p) => ({ prod_type: p.prod_type, price: v[`price_${p.prod_type}`].trim() }))
  return openForm(
    {
      title: LL.customers.addCustomerTitle(), fields, saveTestId: 'customer-save',
      check: (v) => (granted(v).length ? confirmCheck(LL)(v) : { [`price_${products[0]?.prod_type ?? 0}`]: LL.customers.errors.noProduct() }),
    },
    (v) =>
      calls.addCustomer(
        {
          cus_id: v.cus_id.trim(), cus_name: v.cus_name.trim(), pay_type: Number(v.pay_type), more_type: Number(v.more_type), mobile: v.mobile.trim(),
          products: granted(v), country_prices: parseCountryPrices(v.country_prices) ?? [],
        },
        v.password,
      ),
  )
}

export async function chargeCustomer(row: Row, { LL }: ActionHelpers) {
  const r = row as AccountRow
  const products = await calls.fetchProducts()
  const en = getLocale() === 'en'
  const types = [
    { value: '0', label: LL.status.rechargeAccount() }, { value: '1', label: LL.status.rechargeRefund() }, { value: '2', label: LL.status.rechargeAdjust() },
  ]
  const typeLabel = (value: string) => types.find((t) => t.value === value)?.label ?? value
  const fields: FormField[] = [
    {
      name: 'amount', label: LL.customers.amount(), inputMode: 'decimal', hint: LL.customers.adjustHint(),
      schema: signedMoneyField, message: LL.customers.errors.signedAmount(),
    },
    { name: 'recharge_type', label: LL.customers.rechargeType(), kind: 'select', options: types },
    { name: 'prod_type', label: LL.customers.product(), kind: 'select', options: products.map((p) => ({ value: String(p.prod_type), label: en ? p.name_en : p.name })) },
    remarkField(LL),
  ]
  return openForm(
    {
      title: LL.customers.chargeTitle({ account: r.cus_id }), intro: LL.customers.currentBalance({ balance: money(r.balance) }), fields, saveTestId: 'charge-save',
      // The amount is what an administrator types first; the type (a charge unless said otherwise) comes after.
      focus: 'amount',
      check: (v): Record<string, string> => (v.recharge_type !== '2' && Number(v.amount) <= 0 ? { amount: LL.customers.errors.amount() } : {}),
      confirm: (v) => {
        const kind = typeLabel(v.recharge_type)
        const amount = money(v.amount.trim())
        return {
          title: LL.customers.moneyConfirm.chargeTitle({ kind }),
          message: LL.customers.moneyConfirm.charge({ kind, account: r.cus_id, amount, before: money(r.balance), after: money(after(r.balance, v.amount.trim())) }),
          confirmLabel: LL.customers.moneyConfirm.chargeButton({ kind, amount }),
          danger: Number(v.amount) < 0,
        }
      },
    },
    (v) => {
      const p: CustomerChargePayload = {
        cus_id: r.cus_id, recharge_type: Number(v.recharge_type), amount: v.amount.trim(), prod_type: Number(v.prod_type), remark: v.remark.trim(),
      }
      return calls.chargeCustomer(p)
    },
  )
}

/** One customer's material storage quota in MB; empty for the server's default (customerQuotaSchema). */
export function setStorageQuota(row: Row, { LL }: ActionHelpers) {
  const r = row as AccountRow
  const current = r.storage_quota === null ? LL.customers.quotaDefault() : formatStorage(r.storage_quota)
  return openFormDialog({
    title: LL.customers.quotaTitle({ account: r.cus_id }), intro: LL.customers.quotaIntro({ quota: current }), saveTestId: 'quota-save',
    spec: {
      id: 'customer-quota',
      fields: [
        { name: 'storage_quota', label: LL.customers.quotaField(), inputMode: 'numeric', hint: LL.customers.quotaHint(), schema: storageQuotaField, message: LL.customers.errors.quota() },
      ],
      initial: { storage_quota: r.storage_quota === null ? '' : String(Math.round(r.storage_quota / (1024 * 1024))) },
      submit: (_, v) => calls.setCustomerQuota({ cus_id: r.cus_id, storage_quota: v.storage_quota.trim() }),
    },
  })
}

export function addSubAccount({ LL }: ActionHelpers) {
  return openForm(
    {
      title: LL.customers.addSubTitle(), intro: LL.customers.addSubHint(), fields: [...accountFields(LL), mobileField(LL), ...passwordFields(LL)],
      saveTestId: 'sub-save', check: confirmCheck(LL),
    },
    (v) => calls.addSubAccount({ cus_id: v.cus_id.trim(), cus_name: v.cus_name.trim(), mobile: v.mobile.trim() }, v.password),
  )
}

export function transfer(row: Row, { LL, ctx }: ActionHelpers) {
  const r = row as AccountRow
  const own = ctx.authUser.userType === 2
  const t = LL.customers.moneyConfirm
  return openForm(
    {
      title: LL.customers.transferTitle({ account: r.cus_id }),
      intro: own ? LL.customers.transferHint({ balance: money(ctx.authUser.balance) }) : LL.customers.currentBalance({ balance: money(r.balance) }),
      fields: [
        { name: 'amount', label: LL.customers.amount(), inputMode: 'decimal', hint: LL.customers.amountHint(), schema: moneyField, message: LL.customers.errors.amount() },
        remarkField(LL),
      ],
      saveTestId: 'transfer-save',
      confirm: (v) => {
        const amount = v.amount.trim()
        const sub = { amount: money(amount), account: r.cus_id, subBefore: money(r.balance), subAfter: money(after(r.balance, amount)) }
        return {
          title: t.transferTitle(),
          // The parent's balance is the caller's own only for an enterprise; an administrator moves another's money.
          message: own
            ? t.transfer({ ...sub, before: money(ctx.authUser.balance), after: money(after(ctx.authUser.balance, `-${amount}`)) })
            : t.transferOther({ ...sub, parent: String(r.parent_id ?? '') }),
          confirmLabel: t.transferButton({ amount: money(amount) }),
        }
      },
    },
    (v) => calls.transferToSub({ cus_id: r.cus_id, amount: v.amount.trim(), remark: v.remark.trim() }),
  )
}

/** Close or open after the list's confirmation; the server's words name the account. */
export async function setStatus(kind: Kind, row: Row, open: boolean): Promise<string | void> {
  try {
    return await calls.setAccountStatus(kind, String(row.cus_id), open)
  } catch {
    // The API client has shown the refusal; the engine refreshes the list either way.
  }
}

export function showChargeRecords(row: Row): Promise<void> {
  const cusId = String(row.cus_id)
  return new Promise((resolve) => {
    mountDialog((close) => (
      <ChargeRecordsDialog
        cusId={cusId}
        load={() => calls.fetchChargeRecords(cusId)}
        onClose={() => {
          close()
          resolve()
        }}
      />
    ))
  })
}

/** The row's fields at once, then the account's products, prices and sessions from the server. Resolves on close. */
export function showDetail(row: Row, kind: Kind = 'sub'): Promise<void> {
  return new Promise((resolve) => {
    mountDialog((close) => (
      <AccountDetailDialog
        row={row as AccountRow}
        kind={kind}
        load={() => calls.fetchDetail(kind, String(row.cus_id))}
        onClose={() => {
          close()
          resolve()
        }}
      />
    ))
  })
}
