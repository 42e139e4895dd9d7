import type { Db } from '../db'
import { defineJob } from '../jobs/define'

/** Entries one transaction deletes, and transactions one run makes at most (the next run continues). */
const BATCH = 5000
const BATCHES_PER_RUN = 20

/**
 * Deletes the entries older than `keepDays` as of `now`, oldest first, a batch a transaction. The only deletion of
 * audit entries: the table's trigger refuses any other (server/db/migrations/013_audit.sql), so each transaction
 * says it prunes (`audit.prune`, local to it).
 */
export async function pruneAudit(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000)
  let pruned = 0
  for (let i = 0; i < BATCHES_PER_RUN; i++) {
    const n = await db.transaction(async (tx) => {
      await tx.query(`select set_config('audit.prune', 'on', true)`)
      const { rows } = await tx.query<{ n: number }>(
        `with old as (select id from audit_entry where created_at < $1 order by created_at, id limit ${BATCH})
         , gone as (delete from audit_entry a using old where a.id = old.id returning 1)
         select count(*)::int as n from gone`, [cutoff])
      return rows[0].n
    })
    pruned += n
    if (n < BATCH) break
  }
  return pruned
}

/**
 * Keeps the audit trail to AUDIT_KEEP_DAYS, every ten minutes. No queue for /metrics: what waits depends on the
 * configured retention, which a queue's statements cannot read.
 */
export const auditPruneJob = defineJob({
  name: 'audit-prune',
  every: () => 10 * 60_000,
  tick: async (deps) => {
    const pruned = await pruneAudit(deps.db, deps.config.auditKeepDays)
    return pruned ? { pruned } : undefined
  },
})
