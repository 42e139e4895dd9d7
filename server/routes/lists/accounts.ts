import { Hono } from 'hono'
import { ACCOUNT_TOTALS, type AccountRow, type AccountSearch } from '../../../src/domain/lists/accounts'
import { balanceStr, RECHARGE_TOTALS, type RechargeRow } from '../../../src/domain/lists/recharge'
import { serverMessage } from '../../../src/domain/messages'
import type { Deps } from '../../deps'
import { localeOf, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { checkedInStatement } from '../../http/session-check'
import { listPage, orderClause, Where } from '../../lists'
import { requireAdmin, type Ctx } from './common'

const SELECT = `a.cus_id, a.cus_name, a.parent_id, a.user_type::int as user_type, a.cus_status::int as cus_status, a.pay_type::int as pay_type,
  a.balance::float8 as balance, a.ext_number, a.mobile, a.create_time, a.storage_quota::float8 as storage_quota`
const SORT = { create_time: 'a.create_time', cus_id: 'a.cus_id', balance: 'a.balance' }
const RECHARGE_SELECT = `r.id, r.cus_id, c.cus_name, r.create_time, r.prod_type::int as prod_type, r.recharge_amount, r.recharge_money::float8 as recharge_money,
  r.is_amount_recharge::int as is_amount_recharge, r.pre_balance::float8 as pre_balance, r.post_balance::float8 as post_balance,
  r.recharge_type::int as recharge_type, r.remark`

function filters(w: Where, q: AccountSearch): Where {
  return w.when(q.keyword, (v) => {
    const p = w.bind(`%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
    return `(a.cus_id ilike ${p} or a.cus_name ilike ${p})`
  })
    .when(q.cus_status, (v) => (v >= 2 ? 'a.cus_status >= 2' : `a.cus_status = ${w.bind(v)}`))
    .timeWindow('a.create_time', q, null)
}

async function accountPage(deps: Deps, c: Ctx, q: AccountSearch, w: Where) {
  const page = await listPage<AccountRow>(deps.db, {
    session: c.get('sessionCheck'),
    select: SELECT, from: 'customer a', where: filters(w, q), page: q,
    orderBy: orderClause(q, SORT, { by: 'create_time', order: 'desc' }, 'a.cus_id'), totals: { [ACCOUNT_TOTALS[0]]: 'sum(a.balance)' },
  })
  const locale = localeOf(c)
  const records = page.records.map((r) => ({
    ...r, payTypeStr: serverMessage(r.pay_type === 1 ? 'payPostpaid' : 'payPrepaid', locale), balanceStr: balanceStr(r.balance, true),
  }))
  return ok(c, { ...page, records })
}

/**
 * Sub-accounts: an enterprise's own, every sub-account for an administrator, nothing for a sub-account.
 * Customers: the enterprise customers, and one customer's charge records, administrators only (403 for anyone else).
 * Registered before routes/customers.ts's `/customer/*` guard, which they do not need: each checks the administrator
 * itself, and its session inside its own statement.
 */
export function accountListRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()

  operation(r, '/user/subAccountList', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().and('a.user_type = 3')
    if (user.userType !== 1) w.and(`a.parent_id = ${w.bind(user.cusId)}`)
    return accountPage(deps, c, q, w)
  }))

  operation(r, '/customer/list', checkedInStatement(deps.db, async (c, input) => {
    requireAdmin(c.get('user'))
    const q = await input()
    return accountPage(deps, c, q, new Where().and('a.user_type = 2'))
  }))

  operation(r, '/customer/chargeDetail', checkedInStatement(deps.db, async (c, input) => {
    requireAdmin(c.get('user'))
    const q = await input()
    const w = new Where()
    w.and(`r.cus_id = ${w.bind(q.cus_id)}`)
      .when(q.prod_type, (v) => `r.prod_type = ${w.bind(v)}`)
      .when(q.recharge_type, (v) => `r.recharge_type = ${w.bind(v)}`)
      .timeWindow('r.create_time', q, null)
    const page = await listPage<RechargeRow>(deps.db, {
      session: c.get('sessionCheck'),
      select: RECHARGE_SELECT, from: 'recharge_record r join customer c on c.cus_id = r.cus_id', countFrom: 'recharge_record r',
      where: w, page: q, orderBy: orderClause(q, { create_time: 'r.create_time' }, { by: 'create_time', order: 'desc' }, 'r.id'),
      totals: Object.fromEntries(RECHARGE_TOTALS.map((k) => [k, `sum(r.${k})`])),
    })
    const records = page.records.map((x) => ({ ...x, preBalanceStr: balanceStr(x.pre_balance, true), postBalanceStr: balanceStr(x.post_balance, true) }))
    return ok(c, { ...page, records })
  }))

  return r
}
