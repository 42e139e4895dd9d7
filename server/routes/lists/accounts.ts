import { Hono } from 'hono'
import { ACCOUNT_TOTALS, accountSearchSchema, type AccountRow, type AccountSearch } from '../../../src/domain/lists/accounts'
import { balanceStr } from '../../../src/domain/lists/recharge'
import { serverMessage } from '../../../src/domain/messages'
import type { Deps } from '../../config'
import { body, localeOf, ok } from '../../http/envelope'
import { requireUser, type AppEnv } from '../../http/session'
import { listPage, orderClause, Where } from '../../lists'
import { requireAdmin, type Ctx } from './common'

const SELECT = `a.cus_id, a.cus_name, a.parent_id, a.user_type::int as user_type, a.cus_status::int as cus_status, a.pay_type::int as pay_type,
  a.balance::float8 as balance, a.ext_number, a.mobile, a.create_time`
const SORT = { create_time: 'a.create_time', cus_id: 'a.cus_id', balance: 'a.balance' }

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
 * Customers: the enterprise customers, administrators only (403 for anyone else).
 */
export function accountListRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  r.post('/user/subAccountList', auth, async (c) => {
    const q = await body(c, accountSearchSchema)
    const user = c.get('user')
    const w = new Where().and('a.user_type = 3')
    if (user.userType !== 1) w.and(`a.parent_id = ${w.bind(user.cusId)}`)
    return accountPage(deps, c, q, w)
  })

  r.post('/customer/list', auth, async (c) => {
    requireAdmin(c.get('user'))
    const q = await body(c, accountSearchSchema)
    return accountPage(deps, c, q, new Where().and('a.user_type = 2'))
  })

  return r
}
