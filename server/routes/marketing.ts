import { Hono } from 'hono'
import { fieldChanges } from '../audit/diff'
import { audit } from '../audit/write'
import { formatMinute, ruleMinutes, widened } from '../../src/domain/marketing'
import type { Deps } from '../deps'
import { ApiError, ok } from '../http/envelope'
import { byField, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { enterpriseOf } from '../opt-outs/store'
import { consumeRate } from '../security/rate-limit'
import { marketingRuleInfo } from '../send/marketing'

/*
 * Marketing hours and the daily cap (src/domain/marketing.ts): the platform's default, set by an administrator, and an
 * enterprise's own, only ever narrower (its sub-accounts follow it). Sends read them in server/send/marketing.ts.
 */

type Rule = { window_start: number; window_end: number; daily_cap: number }
const ruleOf = (p: Rule): Rule => ({ window_start: p.window_start, window_end: p.window_end, daily_cap: p.daily_cap })

export function marketingRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const { db } = deps
  const auth = requireUser(db)

  operation(r, '/marketing/getRule', auth, async (c) => ok(c, await marketingRuleInfo(db, await enterpriseOf(db, c.get('user').cusId))))

  // An enterprise narrows the platform's hours and cap for itself and its sub-accounts; never past them.
  operation(r, '/marketing/setRule', auth, async (c, input) => {
    const p = ruleMinutes(await input(byField))
    const user = c.get('user')
    if (user.userType !== 2) throw new ApiError(403, 'forbidden')
    await consumeRate(deps, 'marketingWrite', user.cusId)
    const { platform } = await marketingRuleInfo(db, user.cusId)
    const wide = widened(platform, p)
    if (wide.length) {
      const vars = { start: formatMinute(platform.window_start), end: formatMinute(platform.window_end), cap: String(platform.daily_cap) }
      throw new ApiError(400, 'marketingWiden', vars, undefined, { fields: Object.fromEntries(wide.map((f) => [f, 'marketingWiden'])) })
    }
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<Rule>('select window_start, window_end, daily_cap from marketing_setting where cus_id = $1 for update', [user.cusId])
      await tx.query(
        `insert into marketing_setting (cus_id, window_start, window_end, daily_cap) values ($1, $2, $3, $4)
         on conflict (cus_id) do update set window_start = excluded.window_start, window_end = excluded.window_end,
           daily_cap = excluded.daily_cap, update_time = now()`, [user.cusId, p.window_start, p.window_end, p.daily_cap])
      await audit(tx, c, { action: 'marketingRuleChanged', target: { id: 'marketingRule' }, changes: fieldChanges(rows[0] ?? null, ruleOf(p)) })
    })
    return ok(c, await marketingRuleInfo(db, user.cusId), 'marketingRuleSaved')
  })

  // The platform's default: an enterprise's own rule is read within it, so a narrower default applies to all at once.
  operation(r, '/marketing/setDefault', auth, async (c, input) => {
    const p = ruleMinutes(await input(byField))
    if (c.get('user').userType !== 1) throw new ApiError(403, 'forbidden')
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<Rule>('select window_start, window_end, daily_cap from marketing_default for update')
      await tx.query('update marketing_default set window_start = $1, window_end = $2, daily_cap = $3, update_time = now()',
        [p.window_start, p.window_end, p.daily_cap])
      await audit(tx, c, { action: 'marketingRuleChanged', target: { id: 'marketingDefault' }, changes: fieldChanges(rows[0] ?? null, ruleOf(p)) })
    })
    return ok(c, await marketingRuleInfo(db, c.get('user').cusId), 'marketingRuleSaved')
  })
  return r
}
