import type { z } from 'zod'
import type { errorLogEntrySchema } from '../../src/domain/account'
import type { Deps } from '../deps'
import { consumeRate } from '../security/rate-limit'

type Entry = z.output<typeof errorLogEntrySchema>

/**
 * Rows error_log keeps across all accounts; older ones are dropped as new ones arrive. With the schema's bounds a
 * row holds at most about 7 KB of text, so the table stays under roughly 150 MB whatever is uploaded.
 */
export const ERROR_LOG_ROWS_MAX = 20_000
/** The browser's user agent is kept to this length (a header can be several kilobytes). */
const UA_MAX = 512

const bytesOf = (e: Entry, ua: string) =>
  Buffer.byteLength(e.message) + Buffer.byteLength(e.stack) + Buffer.byteLength(e.url) + Buffer.byteLength(e.time) + Buffer.byteLength(ua)

/**
 * Stores an account's uploaded console errors within its quota (uploads per minute, bytes per hour: 429 beyond),
 * then drops what lies more than ERROR_LOG_ROWS_MAX ids behind the newest. That trim is two primary-key lookups, no
 * count; gaps in the id sequence (rolled-back inserts) only mean a few rows fewer are kept.
 */
export async function storeErrorLogs(
  deps: Pick<Deps, 'db' | 'config' | 'rateLimiters'>, cusId: string, userAgent: string, logs: Entry[],
  /** Run in the transaction that stores them (the audit entry), after the limits were counted on the pool. */
  alongside: (tx: Deps['db']) => Promise<void> = async () => {},
): Promise<void> {
  const ua = userAgent.slice(0, UA_MAX)
  await consumeRate(deps, 'errorLogUpload', cusId)
  if (!logs.length) return void (await deps.db.transaction(alongside))
  await consumeRate(deps, 'errorLogBytes', cusId, { points: logs.reduce((n, e) => n + bytesOf(e, ua), 0) })
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `insert into error_log (cus_id, message, stack, url, time, user_agent)
       select $1, t.m, t.s, t.u, t.t, $2 from unnest($3::text[], $4::text[], $5::text[], $6::text[]) as t(m, s, u, t)`,
      [cusId, ua, logs.map((e) => e.message), logs.map((e) => e.stack), logs.map((e) => e.url), logs.map((e) => e.time)],
    )
    await tx.query('delete from error_log where id <= (select max(id) from error_log) - $1', [ERROR_LOG_ROWS_MAX])
    await alongside(tx)
  })
}
