import { Hono } from 'hono'
import { fieldChanges } from '../audit/diff'
import { audit } from '../audit/write'
import { pushErrorOf } from '../../src/domain/push-error'
import { type PushLogRow, type PushSetting } from '../../src/domain/push'
import type { Deps } from '../deps'
import { ApiError, ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { checkedInStatement } from '../http/session-check'
import { listPage, orderClause, Where } from '../lists'
import { PushTargetError, resolveTarget } from '../push/target'
import { consumeRate } from '../security/rate-limit'

const LOG_SELECT = `a.id::int as id, a.cus_id, a.create_time, a.batch_id::int as batch_id, a.attempt, b.items, a.url, a.status_code,
  a.error, a.outcome::int as outcome, a.next_at`

/**
 * The signed-in account's report push address (spec section 5: must be filled; the console confirms a change first)
 * and the push log. Each account sets its own address; reports of its own sends go there (server/push).
 */
export function pushRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  operation(r, '/user/getPushUrl', auth, async (c) => {
    const { rows } = await deps.db.query<PushSetting>('select push_url from customer where cus_id = $1', [c.get('user').cusId])
    return ok(c, { push_url: rows[0]?.push_url ?? '' })
  })

  operation(r, '/user/pushUrlModify', auth, async (c, input) => {
    const { push_url } = await input()
    const { cusId } = c.get('user')
    await consumeRate(deps, 'pushUrlModify', cusId)
    // An address that resolves to a private or local one now is refused at once; one that does not resolve yet is
    // kept (the receiver may not be live), and the worker checks every address again before each attempt.
    await resolveTarget(push_url, { allowPrivate: deps.config.pushAllowPrivate }).catch((e: unknown) => {
      const why = e instanceof PushTargetError ? pushErrorOf(e.message) : null
      if (why?.kind === 'refused') throw new ApiError(400, 'pushUrlRefused', { address: why.address })
    })
    await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ push_url: string }>('select push_url from customer where cus_id = $1 for update', [cusId])
      await tx.query('update customer set push_url = $2 where cus_id = $1', [cusId, push_url])
      await audit(tx, c, { action: 'pushUrlChanged', target: { id: 'pushUrl' }, changes: fieldChanges({ push_url: rows[0]?.push_url ?? '' }, { push_url }) })
    })
    return ok(c, { push_url }, 'pushUrlSaved')
  })

  operation(r, '/user/pushUrlClear', auth, async (c) => {
    const { cusId } = c.get('user')
    await consumeRate(deps, 'pushUrlModify', cusId)
    await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ push_url: string }>('select push_url from customer where cus_id = $1 for update', [cusId])
      await tx.query(`update customer set push_url = '' where cus_id = $1`, [cusId])
      await audit(tx, c, { action: 'pushUrlCleared', target: { id: 'pushUrl' }, changes: fieldChanges({ push_url: rows[0]?.push_url ?? '' }, { push_url: '' }) })
    })
    return ok(c, { push_url: '' }, 'pushUrlCleared')
  })

  operation(r, '/pushLog/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const w = new Where().scope(c.get('user'), 'a.cus_id')
    w.when(q.outcome, (v) => `a.outcome = ${w.bind(v)}`).timeWindow('a.create_time', q, 30)
    const page = await listPage<PushLogRow>(deps.db, {
      session: c.get('sessionCheck'),
      select: LOG_SELECT, from: 'push_attempt a join push_batch b on b.id = a.batch_id', countFrom: 'push_attempt a',
      where: w, page: q, orderBy: orderClause(q, { create_time: 'a.create_time' }, { by: 'create_time', order: 'desc' }, 'a.id'),
    })
    return ok(c, page)
  }))

  return r
}
