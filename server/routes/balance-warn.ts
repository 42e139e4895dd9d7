import { Hono } from 'hono'
import { fieldChanges } from '../audit/diff'
import { audit } from '../audit/write'
import { operatorPatterns } from '../../src/domain/operators'
import { type BalanceWarnInfo } from '../../src/domain/warn'
import type { Deps } from '../deps'
import { ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { consumeRate } from '../security/rate-limit'

/** The signed-in account's balance warning (its own row only) and the operators' number segments. */
export function balanceWarnRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  operation(r, '/warn/getCusBneWarnInfo', auth, async (c) => {
    const { cusId } = c.get('user')
    const { rows } = await deps.db.query<{ threshold: number | null; mobiles: string[] | null; balance: number; last_warned_at: Date | string | null }>(
      `select w.threshold::float8 as threshold, w.mobiles, c.balance::float8 as balance, w.last_warned_at
       from customer c left join balance_warn w on w.cus_id = c.cus_id where c.cus_id = $1`,
      [cusId],
    )
    const row = rows[0]
    const info: BalanceWarnInfo = {
      threshold: row.threshold ?? 0,
      mobiles: row.mobiles ?? [],
      balance: row.balance,
      lastWarnedAt: row.last_warned_at === null ? null : new Date(row.last_warned_at).toISOString(),
    }
    return ok(c, info)
  })

  // A new threshold takes effect from the next debit: a balance already below it warns once it has been back above.
  operation(r, '/warn/modifyCusBneWarn', auth, async (c, input) => {
    const p = await input()
    const { cusId } = c.get('user')
    await consumeRate(deps, 'balanceWarnWrite', cusId)
    await deps.db.transaction(async (tx) => {
      const before = await tx.query<{ threshold: number; mobiles: string[] }>(
        'select threshold::float8 as threshold, mobiles from balance_warn where cus_id = $1 for update', [cusId])
      await tx.query(
        `insert into balance_warn (cus_id, threshold, mobiles) values ($1, $2::numeric, $3::text[])
         on conflict (cus_id) do update set threshold = excluded.threshold, mobiles = excluded.mobiles, update_time = now()`,
        [cusId, p.threshold.toFixed(3), p.mobiles],
      )
      const was = before.rows[0] ?? { threshold: 0, mobiles: [] }
      const now = await tx.query<{ threshold: number; mobiles: string[] }>('select threshold::float8 as threshold, mobiles from balance_warn where cus_id = $1', [cusId])
      await audit(tx, c, { action: 'balanceWarnChanged', target: { id: 'balanceWarn' }, changes: fieldChanges(was, now.rows[0]) })
    })
    return ok(c, p, 'balanceWarnSaved')
  })

  operation(r, '/user/getOperatorPatterns', auth, (c) => {
    c.header('cache-control', 'private, max-age=3600')
    return ok(c, operatorPatterns())
  })

  return r
}
