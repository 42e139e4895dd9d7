import type { AccountDetail } from '../../src/domain/customers'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { hashPassword } from '../security/password'

/** What a new account is made of; prices are decimal strings as the payloads carry them. */
export interface NewAccount {
  cusId: string
  cusName: string
  userType: 2 | 3
  parentId: string | null
  password: string
  mobile: string
  payType: number
  moreType: number
  products: { prod_type: number; price: string }[]
  countryPrices: { iso: string; price: string }[]
}

/**
 * Inserts the account with its products and country prices in one transaction. The name is unique across every
 * account (it is the sign-in name): a taken one is a 409, decided by the insert itself so two racing adds cannot
 * both pass a prior check. Unknown products or countries are a 400.
 */
export async function createAccount(db: Db, a: NewAccount): Promise<void> {
  const hash = await hashPassword(a.password)
  await db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `insert into customer (cus_id, cus_name, user_type, parent_id, password_hash, mobile, pay_type, more_type)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (cus_id) do nothing returning id`,
      [a.cusId, a.cusName, a.userType, a.parentId, hash, a.mobile, a.payType, a.moreType],
    )
    if (!rows[0]) throw new ApiError(409, 'accountExists', { account: a.cusId })
    const prods = await tx.query(
      `insert into customer_product (cus_id, prod_type, price)
       select $1, p.prod_type, x.price::numeric from unnest($2::int[], $3::text[]) as x(prod_type, price)
       join product p on p.prod_type = x.prod_type returning prod_type`,
      [a.cusId, a.products.map((p) => p.prod_type), a.products.map((p) => p.price)],
    )
    if (prods.rows.length !== a.products.length) throw new ApiError(400, 'unknownProduct')
    const ctys = await tx.query(
      `insert into customer_country_price (cus_id, iso, price)
       select $1, c.iso, x.price::numeric from unnest($2::text[], $3::text[]) as x(iso, price)
       join country c on c.iso = x.iso returning iso`,
      [a.cusId, a.countryPrices.map((p) => p.iso), a.countryPrices.map((p) => p.price)],
    )
    if (ctys.rows.length !== a.countryPrices.length) throw new ApiError(400, 'unknownCountry')
  })
}

/**
 * Closes (0) or opens (1) an account the caller may act on (`where` picks it, e.g. "a sub-account of acme").
 * Closing revokes every live session of the account and of its sub-accounts in the same transaction, so their next
 * call is a 401 and sign-in refuses them (login.ts checks the status accountStatusSql reads). 404 when `where` matches nothing, 409 when it is already so.
 */
export async function setStatus(db: Db, cusId: string, status: 0 | 1, where: { sql: string; params: unknown[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; cus_status: number }>(
      `select id, cus_status::int as cus_status from customer where cus_id = $1 and ${where.sql} for update`,
      [cusId, ...where.params],
    )
    const row = rows[0]
    if (!row || row.cus_status > 1) throw new ApiError(404, 'accountNotFound', { account: cusId })
    if (row.cus_status === status) throw new ApiError(409, status === 0 ? 'accountAlreadyClosed' : 'accountAlreadyOpen', { account: cusId })
    await tx.query('update customer set cus_status = $2 where id = $1', [row.id, status])
    // Its sub-accounts' sessions end with it (they read as closed while it is, users/repo.ts accountStatusSql).
    if (status === 0) {
      await tx.query(
        `update session_token set revoked_at = now() where revoked_at is null
         and customer_id in (select id from customer where id = $1 or parent_id = $2)`, [row.id, cusId])
    }
  })
}

/** A condition over `customer` (unaliased) with its parameters, numbered after the query's own first ones. */
export interface AccountWhere {
  sql: string
  params: unknown[]
}

export async function accountDetail(db: Db, cusId: string, where: AccountWhere): Promise<AccountDetail> {
  const { rows } = await db.query<AccountDetail>(
    `select c.cus_id, c.cus_name, c.user_type::int as user_type, c.parent_id, c.cus_status::int as cus_status, c.pay_type::int as pay_type,
       c.more_type::int as more_type, c.balance::text as balance, c.mobile, c.create_time::text as create_time,
       coalesce((select json_agg(json_build_object('prod_type', p.prod_type, 'price', p.price::text, 'name', coalesce(d.name, ''),
           'name_en', coalesce(d.name_en, '')) order by p.prod_type)
         from customer_product p left join product d on d.prod_type = p.prod_type where p.cus_id = c.cus_id), '[]') as products,
       coalesce((select json_agg(json_build_object('iso', k.iso, 'price', k.price::text) order by k.iso)
         from customer_country_price k where k.cus_id = c.cus_id), '[]') as country_prices,
       (select count(*)::int from customer s where s.parent_id = c.cus_id) as sub_accounts,
       (select count(*)::int from session_token t where t.customer_id = c.id and t.revoked_at is null and t.expires_at > now()) as live_sessions
     from customer c where c.cus_id = $1 and ${where.sql}`,
    [cusId, ...where.params],
  )
  if (!rows[0]) throw new ApiError(404, 'accountNotFound', { account: cusId })
  const r = rows[0]
  // node-postgres hands json back parsed; a string would mean a driver that does not.
  const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T))
  return { ...r, products: json(r.products), country_prices: json(r.country_prices) }
}
