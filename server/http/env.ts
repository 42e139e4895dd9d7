import type { Db } from '../db'
import type { SessionUser } from '../users/repo'

/**
 * A session to be checked by the statement that reads the answer (listPage's `session`), instead of by a query of
 * its own before it: one round trip per list request instead of two. `checked` is set by whoever checked it
 * (http/session-check.ts).
 */
export interface SessionCheck {
  tokenHash: string
  /** The account row as text when this process last read it (sessionByTokenHash). */
  fingerprint: string
  checked: boolean
}

/** What the API's Hono context carries; the middlewares that set each variable import this, never each other. */
export interface AppEnv {
  /** `db` (set with the user) lets shared helpers such as downloads reach the database the session lives in. */
  /** `sameOrigin` is set by originGuard (server/http/csrf.ts) before any route runs. */
  /** `sessionCheck` is set when the route's own statement is to check the session (http/session-check.ts). */
  Variables: { user: SessionUser; token: string; sameOrigin: boolean; db: Db; sessionCheck?: SessionCheck }
}
