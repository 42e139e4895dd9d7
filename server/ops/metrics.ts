import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db'
import type { Job } from '../jobs/define'
import type { JobRuns } from '../jobs/runs'
import { jobQueues } from './job-queues'

/**
 * The counters are the process's (a request, a send, a job run counts once whichever app object saw it); the gauges
 * that read a database and the job loop's state are made per Deps (metricsOf), merged with these for /metrics.
 */
const registry = new Registry()
collectDefaultMetrics({ register: registry })

export const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
})

const sendBatches = new Counter({ name: 'sms_send_batches_stored_total', help: 'Sends stored (immediate batches and timed batches)', labelNames: ['timed'] as const, registers: [registry] })
const sendRecipients = new Counter({ name: 'sms_send_recipients_stored_total', help: 'Recipients of the sends stored', labelNames: ['timed'] as const, registers: [registry] })

/** Counts a send once it has committed (a retried request's first reply is not counted again). */
export function sendStored(recipients: number, timed: boolean): void {
  sendBatches.inc({ timed: String(timed) })
  sendRecipients.inc({ timed: String(timed) }, recipients)
}

const runs = new Counter({ name: 'job_runs_total', help: 'Runs of each background job in this process', labelNames: ['job'] as const, registers: [registry] })
const failures = new Counter({ name: 'job_failures_total', help: 'Runs that failed (each logged with its stack)', labelNames: ['job'] as const, registers: [registry] })
const retries = new Counter({ name: 'job_retries_total', help: 'Items a job will try again later (report pushes after a failed attempt)', labelNames: ['job'] as const, registers: [registry] })

/** Counted by the job loop (server/worker-loop.ts) after each run. */
export function jobRan(job: string, failed: boolean): void {
  runs.inc({ job })
  if (failed) failures.inc({ job })
}

export function jobRetried(job: string, n: number): void {
  if (n > 0) retries.inc({ job }, n)
}

/**
 * What /metrics answers for one Deps: the process's counters, the pool of `db`, the runs under way of `jobRuns`, and
 * the queue of every job of `jobs` (both queue gauges from one read of the queues per scrape).
 */
export function metricsOf(o: { db: Db; jobRuns: JobRuns; jobs: readonly Job[] }): Registry {
  const own = new Registry()
  const registers = [own]
  const pool = new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this process by state (in use, idle, waiting: requests queued for a connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const p = o.db.pool?.()
      if (!p) return
      pool.set({ state: 'in_use' }, p.total - p.idle)
      pool.set({ state: 'idle' }, p.idle)
      pool.set({ state: 'waiting' }, p.waiting)
    },
  })
  const running: Gauge<'job'> = new Gauge({
    name: 'job_running', help: 'Runs under way now', labelNames: ['job'] as const, registers,
    collect() {
      running.reset()
      for (const [j, s] of o.jobRuns) running.set({ job: j }, s.running.size)
    },
  })
  let reading: { at: number; queues: ReturnType<typeof jobQueues> } | null = null
  const queues = () => {
    if (!reading || Date.now() - reading.at > 1000) reading = { at: Date.now(), queues: jobQueues(o.db, o.jobs) }
    return reading.queues
  }
  const depth: Gauge<'job'> = new Gauge({
    name: 'job_queue_depth', help: 'Items waiting for each job (counted up to 100,000)', labelNames: ['job'] as const, registers,
    async collect() {
      for (const [j, q] of await queues()) depth.set({ job: j }, q.depth)
    },
  })
  const oldest: Gauge<'job'> = new Gauge({
    name: 'job_queue_oldest_age_seconds',
    help: 'Age of the oldest item waiting for each job (0 when none waits)',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      const now = Date.now()
      for (const [j, q] of await queues()) oldest.set({ job: j }, q.oldest ? Math.max(0, (now - q.oldest.getTime()) / 1000) : 0)
    },
  })
  return Registry.merge([registry, own])
}
