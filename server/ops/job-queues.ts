import { TIMED_STATUS } from '../../src/domain/lists/timed'
import { TEMPLATE_KINDS } from '../../src/domain/templates-write'
import type { Db } from '../db'
import { KIND_TABLES, undecided } from '../templates/review'

export interface Queue {
  depth: number
  /** When the oldest waiting item became due or was made; null when none waits. */
  oldest: Date | null
}

/** Counted up to this many, so a scrape stays cheap whatever the backlog (the gauge then reads "at least"). */
const CAP = 100_000

const capped = (from: string) => `select count(*)::int as depth from (select 1 from ${from} limit ${CAP}) q`

/**
 * What each background job still has to do, for /metrics: every statement walks an index the job's own claim uses.
 * The orphan sweep has no queue (it pages through the store under a lease).
 */
const QUEUES: Record<string, { depth: string; oldest: string; params?: () => unknown[] }> = {
  'carrier-sim': {
    depth: capped('mt_record where mt_status = 500'),
    oldest: `select min(w.receive_time) as oldest from product p cross join lateral (
      select receive_time from mt_record where prod_type = p.prod_type and mt_status = 500 order by receive_time limit 1) w`,
  },
  scheduler: {
    depth: `select count(*)::int as depth from time_batch where send_status = $1 and timing_time <= now()`,
    oldest: 'select min(timing_time) as oldest from time_batch where send_status = $1 and timing_time <= now()',
    params: () => [TIMED_STATUS.toBeSent],
  },
  'report-push': {
    depth: `select count(*)::int as depth from push_batch where status = 0`,
    oldest: 'select min(create_time) as oldest from push_batch where status = 0',
  },
  'template-review': {
    depth: `select (${TEMPLATE_KINDS.map((k) => `(select count(*) from ${KIND_TABLES[k].table} where ${KIND_TABLES[k].status} = any($${TEMPLATE_KINDS.indexOf(k) + 1}::int[]))`).join(' + ')})::int as depth`,
    oldest: `select least(${TEMPLATE_KINDS.map((k) => `(select min(create_time) from ${KIND_TABLES[k].table} where ${KIND_TABLES[k].status} = any($${TEMPLATE_KINDS.indexOf(k) + 1}::int[]))`).join(', ')}) as oldest`,
    params: () => TEMPLATE_KINDS.map((k) => undecided(k)),
  },
  'ue-checker': {
    depth: 'select count(*)::int as depth from mobile_ue_file where confirmed and file_status in (0, 1)',
    oldest: 'select min(create_time) as oldest from mobile_ue_file where confirmed and file_status in (0, 1)',
  },
}

export async function jobQueues(db: Db): Promise<Map<string, Queue>> {
  const out = new Map<string, Queue>()
  await Promise.all(Object.entries(QUEUES).map(async ([job, q]) => {
    const params = q.params?.() ?? []
    const [d, o] = await Promise.all([
      db.query<{ depth: number }>(q.depth, params),
      db.query<{ oldest: Date | string | null }>(q.oldest, params),
    ])
    const oldest = o.rows[0]?.oldest
    out.set(job, { depth: d.rows[0]?.depth ?? 0, oldest: oldest ? new Date(oldest) : null })
  }))
  return out
}
