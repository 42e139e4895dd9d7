import { Hono } from 'hono'
import { audit } from '../audit/write'
import { type AccountOption, type Country } from '../../src/domain/account'
import type { Deps } from '../deps'
import { ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { storeErrorLogs } from '../users/error-log'
import { scopeFor } from '../users/scope'
import { accountStatusSql } from '../users/repo'

export function accountRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  // Administrators pick among open accounts granted the product; everyone else among the accounts they may see.
  operation(r, '/user/getList', auth, async (c, input) => {
    const { prodType } = await input()
    const user = c.get('user')
    const scope = scopeFor(user, 'c.cus_id', 2)
    const { rows } = await deps.db.query<AccountOption>(
      `select c.cus_id, c.cus_name, c.user_type::int as user_type, c.parent_id from customer c
       where ${accountStatusSql('c')} = 1 and ${scope.sql}
         and (c.user_type <> 1 or $1::int < 0)
         and ($1::int < 0 or c.user_type = 1 or exists
           (select 1 from customer_product p where p.cus_id = c.cus_id and p.prod_type = $1::int))
       order by c.user_type, c.cus_id`,
      [prodType, ...scope.params],
    )
    return ok(c, rows)
  })

  operation(r, '/user/getBusCtyList', auth, async (c) => {
    // The signed-in account's own prices where an administrator set them (customer_country_price).
    const { rows } = await deps.db.query<Country>(
      `select c.iso, c.name_zh, c.name_en, c.calling_code, coalesce(k.price, c.price)::float8 as price from country c
       left join customer_country_price k on k.iso = c.iso and k.cus_id = $1 order by c.name_en`,
      [c.get('user').cusId],
    )
    return ok(c, rows)
  })

  operation(r, '/errorLog/upload', auth, async (c, input) => {
    const { logs } = await input()
    await storeErrorLogs(deps, c.get('user').cusId, c.req.header('user-agent') ?? '', logs,
      (tx) => audit(tx, c, { action: 'errorReported', changes: [{ field: 'entries', after: logs.length }] }))
    return ok(c, { count: logs.length }, 'errorLogReceived')
  })

  return r
}
