import { Hono } from 'hono'
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
    await writeFailureAlert(db, user.cusId, p)
    return ok(c, await readFailureAlert(db, user.cusId), 'failureAlertSaved')
  })
  return r
}
