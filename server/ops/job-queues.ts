import type { Db } from '../db'
import type { Job } from '../jobs/define'

export interface Queue {
  depth: number
  /** When the oldest waiting item became due or was made; null when none waits. */
  oldest: Date | null
}

/** What each job of `jobs` that has a queue still has to do, read with the statements it declares (defineJob). */
export async function jobQueues(db: Db, jobs: readonly Job[]): Promise<Map<string, Queue>> {
  const out = new Map<string, Queue>()
  await Promise.all(jobs.map(async ({ name, queue: q }) => {
    if (!q) return
    const params = q.params?.() ?? []
    const [d, o] = await Promise.all([
      db.query<{ depth: number }>(q.depth, params),
      db.query<{ oldest: Date | string | null }>(q.oldest, params),
    ])
    const oldest = o.rows[0]?.oldest
    out.set(name, { depth: d.rows[0]?.depth ?? 0, oldest: oldest ? new Date(oldest) : null })
  }))
  return out
}
