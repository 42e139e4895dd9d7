import { Hono, type Context } from 'hono'
import { fieldChanges, madeWith } from '../audit/diff'
import { audit } from '../audit/write'
import type { Db } from '../db'
import { MAX_SUB_ACCOUNTS, quotaBytes } from '../../src/domain/customers'
import { formatStorage } from '../../src/domain/materials'
import { formatMoney } from '../../src/domain/money'
import { subAccountActionsVisible } from '../../src/domain/lists/accounts'
import { serverMessage, type ServerMessage } from '../../src/domain/messages'
import { checkNewPassword } from '../../src/domain/validation'
import type { Deps } from '../deps'
import { accountDetail, createAccount, setStatus, type AccountWhere } from '../customers/accounts'
import { chargeCustomer, transferToSub } from '../customers/money'
import { ApiError, localeOf, ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { openSealedPassword } from '../security/password-nonce'
import { consumeRate } from '../security/rate-limit'
import type { SessionUser } from '../users/repo'
import { requireAdmin } from './lists/common'

/** The envelope with a success message that names things (the account, a balance). */
const okWith = <T>(c: Context, key: ServerMessage, data: T, vars: Record<string, string | number>) =>
  ok(c, data, key, { msg: serverMessage(key, localeOf(c), vars) })

/** An account's status as an entry says it: 1 open, 0 closed (setStatus refuses a call that changes nothing). */
const statusChange = (status: 0 | 1) => fieldChanges({ cus_status: 1 - status }, { cus_status: status })

const balanceOf = async (tx: Db, cusId: string) =>
  (await tx.query<{ balance: string }>('select balance::text as balance from customer where cus_id = $1', [cusId])).rows[0]?.balance ?? null

const CUSTOMERS: AccountWhere = { sql: 'user_type = 2', params: [] }

/**
 * Which sub-accounts `user` may manage: an administrator any, an enterprise customer whose moreType is 1–4 its own
 * (spec section 6), nobody else (403). The condition is for queries whose $1 is the sub-account's name.
 */
function subAccountsOf(user: SessionUser): AccountWhere {
  if (user.userType === 1) return { sql: 'user_type = 3', params: [] }
  if (user.userType === 2 && subAccountActionsVisible(user.moreType)) return { sql: 'user_type = 3 and parent_id = $2', params: [user.cusId] }
  throw new ApiError(403, 'forbidden')
}

/** The initial password of a new account: sealed with the operator's nonce, and as strong as a changed one must be. */
async function initialPassword(deps: Deps, user: SessionUser, p: { redomStr: string; password: string }): Promise<string> {
  const password = await openSealedPassword(deps, user.cusId, p.redomStr, p.password)
  if (checkNewPassword(password) !== null) throw new ApiError(400, 'initialPasswordWeak')
  return password
}

/** Customer administration, spec section 7: administrators only, every call. */
function customerRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  r.use('/customer/*', requireUser(deps.db), async (c, next) => {
    requireAdmin(c.get('user'))
    await next()
  })

  operation(r, '/customer/prodTypes', async (c) =>
    ok(c, (await deps.db.query('select prod_type::int as prod_type, name, name_en from product order by prod_type')).rows))

  operation(r, '/customer/busCtys', async (c) =>
    ok(c, (await deps.db.query('select iso, name_zh, name_en, calling_code, price::text as price from country order by name_en')).rows))

  operation(r, '/customer/customerAdd', async (c, input) => {
    const p = await input()
    const user = c.get('user')
    await consumeRate(deps, 'accountCreate', user.cusId)
    const password = await initialPassword(deps, user, p)
    await deps.db.transaction(async (tx) => {
      await createAccount(tx, {
        cusId: p.cus_id, cusName: p.cus_name, userType: 2, parentId: null, password, mobile: p.mobile, payType: p.pay_type, moreType: p.more_type,
        products: p.products, countryPrices: p.country_prices,
      })
      await audit(tx, c, { action: 'customerAdded', account: p.cus_id, target: { id: p.cus_id }, changes: madeWith({
        cus_id: p.cus_id, cus_name: p.cus_name, mobile: p.mobile, pay_type: p.pay_type, more_type: p.more_type, products: p.products,
        country_prices: p.country_prices, password: true,
      }) })
    })
    return okWith(c, 'customerAdded', { cus_id: p.cus_id }, { account: p.cus_id })
  })

  for (const [path, status] of [['/customer/closeCustomer', 0], ['/customer/openCustomer', 1]] as const) {
    operation(r, path, async (c, input) => {
      const { cus_id } = await input()
      await consumeRate(deps, 'accountWrite', c.get('user').cusId)
      await deps.db.transaction(async (tx) => {
        await setStatus(tx, cus_id, status, CUSTOMERS)
        await audit(tx, c, { action: status === 0 ? 'customerClosed' : 'customerOpened', account: cus_id, target: { id: cus_id }, changes: statusChange(status) })
      })
      return okWith(c, status === 0 ? 'accountClosedOk' : 'accountOpenedOk', { cus_id }, { account: cus_id })
    })
  }

  operation(r, '/customer/customerDetail', async (c, input) => {
    const { cus_id } = await input()
    return ok(c, await accountDetail(deps.db, cus_id, CUSTOMERS))
  })

  operation(r, '/customer/customerCharge', async (c, input) => {
    const p = await input()
    const user = c.get('user')
    await consumeRate(deps, 'accountWrite', user.cusId)
    const balance = await deps.db.transaction(async (tx) => {
      const before = await balanceOf(tx, p.cus_id)
      const after = await chargeCustomer(tx, {
        cusId: p.cus_id, amount: p.amount, rechargeType: p.recharge_type, prodType: p.prod_type, remark: p.remark, operator: user.cusId,
      })
      await audit(tx, c, { action: 'customerCharged', account: p.cus_id, target: { id: p.cus_id }, changes: [
        { field: 'amount', after: p.amount }, { field: 'recharge_type', after: p.recharge_type }, { field: 'prod_type', after: p.prod_type },
        ...fieldChanges({ balance: before }, { balance: after }), ...(p.remark ? [{ field: 'remark', after: p.remark }] : []),
      ] })
      return after
    })
    // Written as every screen writes money (formatMoney: grouped thousands, the balance's decimals, the currency).
    return okWith(c, 'chargeSuccess', { balance }, { account: p.cus_id, balance: formatMoney(balance, localeOf(c), 'balance') })
  })

  // One customer's material storage (customer.storage_quota; null: STORAGE_QUOTA_BYTES). Uploads already stored
  // stay when it is lowered below what is used: only new ones are refused until enough is deleted.
  operation(r, '/customer/customerQuota', async (c, input) => {
    const p = await input()
    await consumeRate(deps, 'accountWrite', c.get('user').cusId)
    const bytes = quotaBytes(p.storage_quota)
    await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ before: string | null }>(
        `update customer n set storage_quota = $2 from customer o where o.id = n.id and n.cus_id = $1 and n.user_type = 2 and n.cus_status <= 1
         returning o.storage_quota::text as before`, [p.cus_id, bytes])
      if (!rows.length) throw new ApiError(404, 'accountNotFound', { account: p.cus_id })
      await audit(tx, c, { action: 'customerQuotaChanged', account: p.cus_id, target: { id: p.cus_id },
        changes: fieldChanges({ storage_quota: rows[0].before === null ? null : Number(rows[0].before) }, { storage_quota: bytes }) })
    })
    const locale = localeOf(c)
    const quota = bytes === null
      ? serverMessage('customerQuotaDefault', locale, { quota: formatStorage(deps.config.storageQuotaBytes) })
      : formatStorage(bytes)
    return okWith(c, 'customerQuotaSet', { cus_id: p.cus_id, storage_quota: bytes }, { account: p.cus_id, quota })
  })

  return r
}

/** An enterprise's sub-accounts (the action column of the sub-account list, spec section 6). */
function subAccountRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  r.use('/subAccount/*', requireUser(deps.db))

  operation(r, '/subAccount/add', async (c, input) => {
    const p = await input()
    const user = c.get('user')
    // Only an enterprise makes sub-accounts of its own; an administrator creates customers instead.
    if (user.userType !== 2 || !subAccountActionsVisible(user.moreType)) throw new ApiError(403, 'forbidden')
    await consumeRate(deps, 'accountCreate', user.cusId)
    const { rows } = await deps.db.query<{ n: number }>('select count(*)::int as n from customer where parent_id = $1', [user.cusId])
    if (rows[0].n >= MAX_SUB_ACCOUNTS) throw new ApiError(409, 'tooManySubAccounts', { max: MAX_SUB_ACCOUNTS })
    const password = await initialPassword(deps, user, p)
    const parent = await accountDetail(deps.db, user.cusId, { sql: 'true', params: [] })
    await deps.db.transaction(async (tx) => {
      await createAccount(tx, {
        cusId: p.cus_id, cusName: p.cus_name, userType: 3, parentId: user.cusId, password, mobile: p.mobile, payType: parent.pay_type, moreType: 0,
        products: parent.products, countryPrices: parent.country_prices,
      })
      await audit(tx, c, { action: 'subAccountAdded', account: p.cus_id, target: { id: p.cus_id },
        changes: madeWith({ cus_id: p.cus_id, cus_name: p.cus_name, mobile: p.mobile, parent_id: user.cusId, password: true }) })
    })
    return okWith(c, 'subAccountAdded', { cus_id: p.cus_id }, { account: p.cus_id })
  })

  operation(r, '/subAccount/charge', async (c, input) => {
    const p = await input()
    const user = c.get('user')
    subAccountsOf(user)
    await consumeRate(deps, 'accountWrite', user.cusId)
    const res = await deps.db.transaction(async (tx) => {
      const moved = await transferToSub(tx, {
        subId: p.cus_id, amount: p.amount, remark: p.remark, operator: user.cusId,
        parentOf: (sub) => (user.userType === 1 ? sub.parent_id : sub.parent_id === user.cusId ? user.cusId : null),
      })
      await audit(tx, c, { action: 'subAccountCharged', account: p.cus_id, target: { id: p.cus_id }, changes: [
        { field: 'amount', after: p.amount }, { field: 'balance', after: moved.balance }, { field: 'parent_balance', after: moved.parent_balance },
        ...(p.remark ? [{ field: 'remark', after: p.remark }] : []),
      ] })
      return moved
    })
    const locale = localeOf(c)
    return okWith(c, 'transferSuccess', res, {
      account: p.cus_id, balance: formatMoney(res.balance, locale, 'balance'), parentBalance: formatMoney(res.parent_balance, locale, 'balance'),
    })
  })

  for (const [path, status] of [['/subAccount/close', 0], ['/subAccount/open', 1]] as const) {
    operation(r, path, async (c, input) => {
      const { cus_id } = await input()
      const user = c.get('user')
      const where = subAccountsOf(user)
      await consumeRate(deps, 'accountWrite', user.cusId)
      await deps.db.transaction(async (tx) => {
        await setStatus(tx, cus_id, status, where)
        await audit(tx, c, { action: status === 0 ? 'subAccountClosed' : 'subAccountOpened', account: cus_id, target: { id: cus_id }, changes: statusChange(status) })
      })
      return okWith(c, status === 0 ? 'accountClosedOk' : 'accountOpenedOk', { cus_id }, { account: cus_id })
    })
  }

  operation(r, '/subAccount/detail', async (c, input) => {
    const { cus_id } = await input()
    return ok(c, await accountDetail(deps.db, cus_id, subAccountsOf(c.get('user'))))
  })
  return r
}

export function customerAdminRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  r.route('/', customerRoutes(deps))
  r.route('/', subAccountRoutes(deps))
  return r
}
