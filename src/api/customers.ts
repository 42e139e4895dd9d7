import {
  accountDetailSchema, productOptionSchema, type AccountDetail, type CustomerChargePayload, type ProductOption, type SubAccountChargePayload,
} from '@/domain/customers'
import { rechargeRowSchema, type RechargeRow } from '@/domain/lists/recharge'
import { api, apiEnvelope } from './http'
import { userKeys } from './keys'
import { sealedPassword } from './sealed'

/** Customer administration and sub-account calls (src/domain/customers.ts). Under the user prefix so log-out drops them. */
export const customerKeys = {
  all: () => [...userKeys.all, 'customers'] as const,
  products: () => [...customerKeys.all(), 'products'] as const,
}

/** The success words come from the server (they name the account and the balance); the caller toasts them. */
const message = async (path: string, body: unknown) => (await apiEnvelope(path, body)).msg

export const fetchProducts = async (): Promise<ProductOption[]> => productOptionSchema.array().parse(await api('/customer/prodTypes'))

export const productsQuery = () => ({ queryKey: customerKeys.products(), queryFn: fetchProducts, staleTime: 5 * 60_000 })

/** Fields of the add forms without the password, which travels sealed with a fresh one-time nonce. */
export async function addCustomer(fields: Record<string, unknown>, plainPassword: string): Promise<string> {
  return message('/customer/customerAdd', { ...fields, ...(await sealedPassword(plainPassword)) })
}

export async function addSubAccount(fields: Record<string, unknown>, plainPassword: string): Promise<string> {
  return message('/subAccount/add', { ...fields, ...(await sealedPassword(plainPassword)) })
}

export const chargeCustomer = (p: CustomerChargePayload) => message('/customer/customerCharge', p)
export const transferToSub = (p: SubAccountChargePayload) => message('/subAccount/charge', p)

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
