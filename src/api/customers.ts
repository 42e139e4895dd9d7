import {
  accountDetailSchema, chargeResultSchema, productOptionSchema, type AccountDetail, type CustomerChargePayload, type CustomerQuotaPayload, type ProductOption, type SubAccountChargePayload,
} from '@/domain/customers'
import { rechargeRowSchema, type RechargeRow } from '@/domain/lists/recharge'
import { api, apiEnvelope, type ApiOptions } from './http'
import { userKeys } from './keys'
import { getUserInfo, setUserInfo } from '@/stores/session'
import { noticeKeys } from './alerts'
import { queryClient } from './query-client'
import { sealedPassword } from './sealed'

/** Customer administration and sub-account calls (src/domain/customers.ts). Under the user prefix so log-out drops them. */
export const customerKeys = {
  all: () => [...userKeys.all, 'customers'] as const,
  products: () => [...customerKeys.all(), 'products'] as const,
}

/** The success words come from the server (they name the account and the balance); the caller toasts them. */
const message = async (path: string, body: unknown, opts?: ApiOptions) => (await apiEnvelope(path, body, opts)).msg

export const fetchProducts = async (): Promise<ProductOption[]> => productOptionSchema.array().parse(await api('/customer/prodTypes'))

export const productsQuery = () => ({ queryKey: customerKeys.products(), queryFn: fetchProducts, staleTime: 5 * 60_000 })

/** Fields of the add forms without the password, which travels sealed with a fresh one-time nonce. */
export async function addCustomer(fields: Record<string, unknown>, plainPassword: string): Promise<string> {
  return message('/customer/customerAdd', { ...fields, ...(await sealedPassword(plainPassword)) })
}

export async function addSubAccount(fields: Record<string, unknown>, plainPassword: string): Promise<string> {
  return message('/subAccount/add', { ...fields, ...(await sealedPassword(plainPassword)) })
}

export const chargeCustomer = (p: CustomerChargePayload) => message('/customer/customerCharge', p, { money: 'charge' })
export const setCustomerQuota = (p: CustomerQuotaPayload) => message('/customer/customerQuota', p)
/**
 * A transfer lowers the caller's own balance: the session's copy (the top bar, the send pages) takes the one the
 * server reports, and the bell asks again, since the transfer may have crossed the balance warning.
 */
export async function transferToSub(p: SubAccountChargePayload): Promise<string> {
  const env = await apiEnvelope<unknown>('/subAccount/charge', p, { money: 'transfer' })
  const { parent_balance } = chargeResultSchema.parse(env.data)
  const info = getUserInfo()
  // An administrator's transfer moves the parent's money, not its own.
  if (info && parent_balance !== undefined && info.userInfo.authUser.userType === 2) {
    setUserInfo({ ...info, userInfo: { ...info.userInfo, authUser: { ...info.userInfo.authUser, balance: Number(parent_balance) } } })
  }
  void queryClient.invalidateQueries({ queryKey: noticeKeys.all })
  return env.msg
}

/** Close or open: `customer` for /customer/…, `sub` for /subAccount/…. */
export function setAccountStatus(kind: 'customer' | 'sub', cusId: string, open: boolean): Promise<string> {
  const path = kind === 'customer' ? (open ? '/customer/openCustomer' : '/customer/closeCustomer') : open ? '/subAccount/open' : '/subAccount/close'
  return message(path, { cus_id: cusId })
}

/** The latest recharge records of one customer (the first page of /customer/chargeDetail, all time). */
export async function fetchChargeRecords(cusId: string): Promise<RechargeRow[]> {
  const page = await api<{ records: unknown[] }>('/customer/chargeDetail', { cus_id: cusId, pageSize: 20, start_time: '2000-01-01' })
  return rechargeRowSchema.array().parse(page.records)
}

export async function fetchDetail(kind: 'customer' | 'sub', cusId: string): Promise<AccountDetail> {
  return accountDetailSchema.parse(await api(kind === 'customer' ? '/customer/customerDetail' : '/subAccount/detail', { cus_id: cusId }))
}
