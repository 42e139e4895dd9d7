import { Hono } from 'hono'
import { CHECK_STATE_CODE, CHECK_STATES, type BatchNumberRow, type CheckState } from '../../../src/domain/number-check-online'
import { PROD_TYPE } from '../../../src/domain/constants'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { Where } from '../../lists'
import { madeWith } from '../../audit/diff'
import { audit } from '../../audit/write'
import { runOnlineCheck } from '../../number-check/online'
import { consumeRate } from '../../security/rate-limit'
import { senderOf } from '../send/form'

const STATE_OF_CODE = new Map(CHECK_STATES.map((s) => [CHECK_STATE_CODE[s], s] as const))

/** The online number check and the numbers of a check batch (src/domain/number-check-online.ts). */
export function onlineCheckRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  /** The caller's price per checked number (null without the check product) and balance, for the cost before confirming. */
  operation(r, '/mobileStatus/checkInfo', auth, async (c) => {
    const { rows } = await db.query<{ price: number | null; balance: number }>(
      `select (select p.price::float8 from customer_product p where p.cus_id = c.cus_id and p.prod_type = $2) as price,
         c.balance::float8 as balance from customer c where c.cus_id = $1`, [c.get('user').cusId, PROD_TYPE.numberCheck])
    return ok(c, { price: rows[0]?.price ?? null, balance: rows[0]?.balance ?? 0 })
  })

  operation(r, '/mobileStatus/onlineCheck', auth, async (c, input) => {
    const q = await input()
    const cusId = await senderOf(db, c.get('user'), q.cus_id)
    await consumeRate(deps, 'numberCheckOnline', cusId)
    return ok(c, await runOnlineCheck(db, c, cusId, { mobiles: q.mobiles, batchName: q.batch_name, key: q.idempotency_key }))
  })

  /** At most ONLINE_CHECK_LIMIT rows: a batch of the online check holds no more. Data taken away: its entry says whose. */
  operation(r, '/mobileStatus/batchNumbers', auth, async (c, input) => {
    const q = await input()
    const w = new Where().scope(c.get('user'), 'b.cus_id')
    w.and(`b.id = ${w.bind(q.id)}`)
    const found = await db.query<{ cus_id: string }>(`select b.cus_id from mobile_status_batch b ${w.sql}`, w.params)
    if (!found.rows.length) throw new ApiError(404, 'notFound')
    const state = q.state ? CHECK_STATE_CODE[q.state as CheckState] : null
    const { rows } = await db.query<{ mobile: string; state: number }>(
      'select mobile, state::int as state from mobile_status_number where batch_id = $1 and ($2::int is null or state = $2::int) order by seq',
      [q.id, state])
    const records: BatchNumberRow[] = rows.map((row) => ({ mobile: row.mobile, state: STATE_OF_CODE.get(row.state) ?? 'real' }))
    await audit(db, c, {
      action: 'exported', account: found.rows[0].cus_id, target: { id: '/mobileStatus/batchNumbers' },
      changes: madeWith({ batch: q.id, rows: records.length, ...(q.state ? { filters: { state: q.state } } : {}) }),
    })
    return ok(c, { records })
  })

  return r
}
