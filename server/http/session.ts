import type { MiddlewareHandler } from 'hono'
import type { Db } from '../db'
import type { AppEnv } from './env'
import { lookUpSession } from './session-check'
import { tokenFrom } from './token'

/** 401 for a missing, unknown, expired or revoked token, and for accounts closed since sign-in. */
export function requireUser(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await lookUpSession(c, db, tokenFrom(c))
    await next()
  }
}
