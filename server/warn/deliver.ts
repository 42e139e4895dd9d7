import type { Carrier } from '../carrier'
import type { Db } from '../db'
import { logger } from '../log'

// The carrier each database's warnings go through, set by createApp. Keyed by the root Db object: a transaction's
// Db is not in it, so a delivery asked for inside a transaction does nothing and the commit's caller delivers.
const carriers = new WeakMap<Db, Carrier>()

export function deliverWarningsThrough(db: Db, carrier: Carrier) {
  carriers.set(db, carrier)
}

const BATCH = 100

/**
 * Sends the queued balance-warning texts and deletes them, in one transaction: a carrier failure rolls back and the
 * texts wait for the next call (the scheduler's tick calls it too, so texts queued before a crash still go out).
 * Rows another process holds are skipped. Returns how many were sent.
 */
export async function deliverWarnings(db: Db): Promise<number> {
  const carrier = carriers.get(db)
  if (!carrier) return 0
  let sent = 0
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; mobile: string; text: string }>(
        'select id, mobile, text from warn_sms order by id limit $1 for update skip locked', [BATCH])
      for (const r of rows) await carrier.sendText(r.mobile, r.text)
      if (rows.length) await tx.query('delete from warn_sms where id = any($1::bigint[])', [rows.map((r) => r.id)])
      return rows.length
    })
    sent += n
    if (n < BATCH) return sent
  }
}

/** After a commit that may have queued warnings: delivers them, logging rather than failing the caller's request. */
export async function deliverWarningsAfterCommit(db: Db): Promise<void> {
  await deliverWarnings(db).catch((e: unknown) => logger().error({ err: e }, 'balance warning texts not sent yet'))
}
