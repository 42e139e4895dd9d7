import type { Deps } from '../deps'
import { cappedDepth, defineJob } from '../jobs/define'

const BATCH = 100

/**
 * Sends the queued balance-warning texts through the carrier and deletes them, in one transaction per hundred: a
 * carrier failure rolls back and the texts wait for the next run. Rows another process holds are skipped. Returns
 * how many were sent.
 */
export async function deliverWarnings(deps: Pick<Deps, 'db' | 'carrier'>): Promise<number> {
  let sent = 0
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; mobile: string; text: string }>(
        'select id, mobile, text from warn_sms order by id limit $1 for update skip locked', [BATCH])
      for (const r of rows) await deps.carrier.sendText(r.mobile, r.text)
      if (rows.length) await tx.query('delete from warn_sms where id = any($1::bigint[])', [rows.map((r) => r.id)])
      return rows.length
    })
    sent += n
    if (n < BATCH) return sent
  }
}

/**
 * The texts of balance crossings (warn/crossing.ts queues them in warn_sms inside the debit's transaction), sent
 * after the commit by this job: every second, so a text reaches its mobile about as soon as the send has answered.
 */
export const balanceWarnJob = defineJob({
  name: 'balance-warn',
  every: (c) => c.workerIntervalMs ?? 1000,
  tick: async (deps) => ({ sent: await deliverWarnings(deps) }),
  queue: {
    depth: cappedDepth('warn_sms'),
    oldest: 'select min(created_at) as oldest from warn_sms',
  },
})
