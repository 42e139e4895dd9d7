import { Hono } from 'hono'
import { fieldChanges } from '../audit/diff'
import { audit } from '../audit/write'
import { addressInRanges } from '../../src/domain/allowed-addresses'
import type { Deps } from '../deps'
import { clientIp } from '../http/client-ip'
import { ApiError, ok } from '../http/envelope'
import { byField, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { rangesOf, scopeOf } from '../security/allowed-addresses'
import { consumeRate } from '../security/rate-limit'

/*
 * Allowed sign-in addresses (src/domain/allowed-addresses.ts): an enterprise's account sets its own and its
 * sub-accounts' list, an administrator the administrators'. A list that leaves out the address it is saved from is
 * refused, so nobody locks themselves out by a typing slip.
 */
export function allowedAddressRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const { db } = deps
  const auth = requireUser(db)

  operation(r, '/user/allowedAddresses/get', auth, async (c) => {
    const user = c.get('user')
    return ok(c, { ranges: await rangesOf(db, scopeOf(user)), your_address: clientIp(c, deps.config.trustProxy), editable: user.userType !== 3 })
  })

  operation(r, '/user/allowedAddresses/set', auth, async (c, input) => {
    const user = c.get('user')
    if (user.userType === 3) throw new ApiError(403, 'forbidden')
    await consumeRate(deps, 'marketingWrite', user.cusId)
    const p = await input(byField)
    const here = clientIp(c, deps.config.trustProxy)
    if (!addressInRanges(here, p.ranges)) throw new ApiError(400, 'rangesExcludeYou', { address: here }, undefined, { fields: { ranges: 'rangesExcludeYou' } })
    await db.transaction(async (tx) => {
      const before = await rangesOf(tx, scopeOf(user))
      await tx.query(
        `insert into allowed_sign_in (scope, ranges) values ($1, $2)
         on conflict (scope) do update set ranges = excluded.ranges, update_time = now()`, [scopeOf(user), p.ranges])
      await audit(tx, c, { action: 'allowedAddressesChanged', target: { id: scopeOf(user) }, changes: fieldChanges({ ranges: before }, { ranges: p.ranges }) })
    })
    return ok(c, { ranges: p.ranges, your_address: here, editable: true }, 'allowedAddressesSaved')
  })
  return r
}
