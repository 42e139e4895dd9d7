import { randomUUID } from 'node:crypto'
import type { Db } from '../db'
import type { ObjectStore } from '../storage/store'
import { defineJob } from '../jobs/define'

/**
 * The orphan sweep: objects in the store with no `material` row, older than `graceMs` (an hour), are deleted. They
 * come from an upload whose process died between storing the bytes and committing the row, or from a delete whose
 * store call failed after the row was gone. The grace keeps the sweep away from uploads under way: their row commits
 * seconds after the bytes are stored. The walk goes through the store in key order a page at a time (S3 lists by
 * prefix; files by folder), so its memory is one page; the place it reached is kept in `storage_sweep`, which one
 * process at a time leases, so several processes share one walk and a restart resumes it.
 */
export interface SweepOptions {
  graceMs?: number
  /** Objects per page (one store listing and one query). */
  pageSize?: number
  /** Pages per step: bounds one step's time; the next step continues where it stopped. */
  pages?: number
  now?: Date
  /** Who holds the lease (a process); random when absent. */
  holder?: string
}

export interface SweepResult {
  /** false: another process holds the walk. */
  ran: boolean
  listed: number
  deleted: number
  /** true when this step reached the last key (the next step starts a new pass). */
  passEnded: boolean
}

const LEASE_SECONDS = 300

export async function sweepOrphans(db: Db, store: ObjectStore, opts: SweepOptions = {}): Promise<SweepResult> {
  const graceMs = opts.graceMs ?? 3_600_000
  const now = opts.now ?? new Date()
  const holder = opts.holder ?? randomUUID()
  const cutoff = new Date(now.getTime() - graceMs)
  const claimed = await db.query<{ after_key: string }>(
    `update storage_sweep set holder = $1, lease_until = now() + make_interval(secs => $2)
     where id = 1 and (lease_until < now() or holder = $1) returning after_key`, [holder, LEASE_SECONDS])
  if (!claimed.rows.length) return { ran: false, listed: 0, deleted: 0, passEnded: false }
  let after = claimed.rows[0].after_key
  const result: SweepResult = { ran: true, listed: 0, deleted: 0, passEnded: false }
  try {
    if (after === '') await store.removePartial?.(cutoff)
    for (let page = 0; page < (opts.pages ?? 10); page++) {
      const { objects, next } = await store.list({ after: after || undefined, limit: opts.pageSize ?? 500 })
      result.listed += objects.length
      const old = objects.filter((o) => o.modified < cutoff).map((o) => o.key)
      if (old.length) {
        const { rows } = await db.query<{ object_key: string }>('select object_key from material where object_key = any($1::text[])', [old])
        const kept = new Set(rows.map((r) => r.object_key))
        for (const key of old.filter((k) => !kept.has(k))) {
          await store.delete(key)
          result.deleted++
        }
      }
      if (next === null) {
        after = ''
        result.passEnded = true
        break
      }
      after = next
    }
  } finally {
    await db.query(
      `update storage_sweep set after_key = $2, lease_until = '-infinity', passes = passes + $3 where id = 1 and holder = $1`,
      [holder, after, result.passEnded ? 1 : 0])
  }
  return result
}

/** One sweep step every 10 minutes, its lease held in this process's instance's name. No queue: it pages through the store. */
export const orphanSweepJob = defineJob({
  name: 'orphan-sweep',
  every: () => 600_000,
  tick: async (deps, run) => ({ deleted: (await sweepOrphans(deps.db, deps.storage, { holder: run.instance })).deleted }),
})
