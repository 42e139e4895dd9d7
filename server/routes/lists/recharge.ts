import { Hono } from 'hono'
import { balanceStr, RECHARGE_TOTALS, type RechargeRow, type RechargeSearch } from '../../../src/domain/lists/recharge'
import type { Deps } from '../../deps'
import { ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { checkedInStatement } from '../../http/session-check'
import { listPage, orderClause, Where } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { mayFilterAccount } from './common'

const SELECT = `r.id, r.cus_id, c.cus_name, r.create_time, r.prod_type::int as prod_type, r.recharge_amount, r.recharge_money,
  r.is_amount_recharge::int as is_amount_recharge, r.pre_balance, r.post_balance, r.recharge_type::int as recharge_type, r.remark`
const SORT = { create_time: 'r.create_time', recharge_amount: 'r.recharge_amount', recharge_money: 'r.recharge_money' }

function rechargeWhere(user: SessionUser, q: RechargeSearch, enterprise: boolean): Where {
  const w = new Where().scope(user, 'r.cus_id')
  if (enterprise) w.and('r.is_enterprise')
  // Spec section 6: the account filter for user types 1 and 2; a sub-account's own rows whatever it sends.
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `r.cus_id = ${w.bind(v)}`)
  return w.when(q.prod_type, (v) => `r.prod_type = ${w.bind(v)}`)
    .when(q.recharge_type, (v) => `r.recharge_type = ${w.bind(v)}`)
    .timeWindow('r.create_time', q, null)
}

const withStr = (r: RechargeRow): RechargeRow => ({
  ...r,
  preBalanceStr: balanceStr(r.pre_balance, r.is_amount_recharge === 1),
  postBalanceStr: balanceStr(r.post_balance, r.is_amount_recharge === 1),
})

/** /recharge/list: every balance change of the visible accounts; /epRecharge/list: those an enterprise made to its sub-accounts. */
export function rechargeRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  for (const [path, enterprise] of [['/recharge/list', false], ['/epRecharge/list', true]] as const) {
    operation(r, path, checkedInStatement(deps.db, async (c, input) => {
      const q = await input()
      const page = await listPage<RechargeRow>(deps.db, {
        session: c.get('sessionCheck'),
        select: SELECT, from: 'recharge_record r join customer c on c.cus_id = r.cus_id', countFrom: 'recharge_record r',
        where: rechargeWhere(c.get('user'), q, enterprise), page: q,
        orderBy: orderClause(q, SORT, { by: 'create_time', order: 'desc' }, 'r.id'),
        totals: Object.fromEntries(RECHARGE_TOTALS.map((k) => [k, `sum(r.${k})`])),
      })
      return ok(c, { ...page, records: page.records.map(withStr) })
    }))
  }
  return r
}
