import { Hono } from 'hono'
import { fieldChanges } from '../audit/diff'
import { audit } from '../audit/write'
import type { Deps } from '../deps'
import { readFailureAlert, writeFailureAlert } from '../failures/alert'
import { ApiError, ok } from '../http/envelope'
import { byField, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'

/*
 * An enterprise's failure alert (src/domain/failure-alert.ts): read by the enterprise and its sub-accounts (whose
 * batches follow it), set by the enterprise alone. The failure-alert job reads the same row.
 */
export function failureAlertRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const { db } = deps
  const auth = requireUser(db)

  operation(r, '/failureAlert/get', auth, async (c) => {
    const user = c.get('user')
    if (user.userType === 1) throw new ApiError(403, 'forbidden')
    return ok(c, await readFailureAlert(db, user.cusId))
  })

  operation(r, '/failureAlert/set', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    if (user.userType !== 2) throw new ApiError(403, 'forbidden')
    await db.transaction(async (tx) => {
      const before = await readFailureAlert(tx, user.cusId)
      await writeFailureAlert(tx, user.cusId, p)
      await audit(tx, c, { action: 'failureAlertChanged', target: { id: 'failureAlert' }, changes: fieldChanges(before, await readFailureAlert(tx, user.cusId)) })
    })
    return ok(c, await readFailureAlert(db, user.cusId), 'failureAlertSaved')
  })
  return r
}
