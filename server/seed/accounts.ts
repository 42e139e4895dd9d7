import type { Db } from '../db'
import { hashPassword } from '../security/password'

export interface DemoAccount {
  cusId: string
  password: string
  name: string
  userType: 1 | 2 | 3
  parent?: string
  products: number[]
  mobile: string
  balance: number
  status?: number
  flags?: Partial<Record<'show_client_status' | 'client_forbid_unknown' | 'show_content_filter_where' | 'more_type' | 'pay_type', number>>
}

/** The three accounts README and `npm start` print come first. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { cusId: 'admin', password: 'Admin@12345', name: '平台管理员', userType: 1, products: [0, 1, 2, 6], mobile: '13800000000', balance: 100000, flags: { more_type: 4 } },
  {
    cusId: 'acme', password: 'Acme@12345', name: '艾克米科技有限公司', userType: 2, products: [0, 1, 2], mobile: '13800138000', balance: 50000,
    flags: { show_client_status: 1, client_forbid_unknown: 0, show_content_filter_where: 1, more_type: 1 },
  },
  { cusId: 'acme01', password: 'Acme01@12345', name: '艾克米市场部', userType: 3, parent: 'acme', products: [0, 1, 2], mobile: '13800138001', balance: 6800 },
  { cusId: 'acme02', password: 'Acme02@12345', name: '艾克米客服部', userType: 3, parent: 'acme', products: [0], mobile: '13800138002', balance: 1250.5 },
  {
    cusId: 'globex', password: 'Globex@12345', name: 'Globex International', userType: 2, products: [0, 1, 6], mobile: '13900139000', balance: 23800,
    flags: { more_type: 2, show_client_status: 0 },
  },
  { cusId: 'globex01', password: 'Globex01@12345', name: 'Globex Asia', userType: 3, parent: 'globex', products: [0, 1], mobile: '13900139001', balance: 3200 },
  {
    cusId: 'initech', password: 'Initech@12345', name: '英尼泰克软件', userType: 2, products: [0, 2], mobile: '13700137000', balance: 8650.75,
    flags: { client_forbid_unknown: 1, show_content_filter_where: 0, pay_type: 1 },
  },
  { cusId: 'initech01', password: 'Initech01@12345', name: '英尼泰克运维', userType: 3, parent: 'initech', products: [0], mobile: '13700137001', balance: 900 },
  { cusId: 'umbrella', password: 'Umbrella@12345', name: '安布雷拉医药', userType: 2, products: [0], mobile: '13600136000', balance: 120, status: 0 },
]

// 7: the number check, which every demo account has (the baseline migration adds the product), priced per number.
const PRICE: Record<number, number> = { 0: 0.045, 1: 0.25, 2: 0.3, 6: 0.08, 7: 0.005 }

export async function seedAccounts(db: Db, accounts = DEMO_ACCOUNTS, hash = hashPassword): Promise<void> {
  const hashes = await Promise.all(accounts.map((a) => hash(a.password)))
  let ext = 1000
  for (const [i, a] of accounts.entries()) {
    const f = a.flags ?? {}
    await db.query(
      `insert into customer (cus_id, cus_name, user_type, parent_id, password_hash, mobile, cus_status, balance, show_client_status,
         client_forbid_unknown, show_content_filter_where, more_type, pay_type, ext_number, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now() - make_interval(days => $15))`,
      [
        a.cusId, a.name, a.userType, a.parent ?? null, hashes[i], a.mobile, a.status ?? 1, a.balance,
        f.show_client_status ?? 1, f.client_forbid_unknown ?? 0, f.show_content_filter_where ?? 1, f.more_type ?? 0, f.pay_type ?? 0,
        String(ext++), 400 - i * 20,
      ],
    )
    for (const p of [...a.products, 7]) {
      await db.query('insert into customer_product (cus_id, prod_type, price) values ($1, $2, $3)', [a.cusId, p, PRICE[p]])
    }
  }
}
