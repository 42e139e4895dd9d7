import { randomUUID } from 'node:crypto'
import type { Deps } from './deps'
import type { Job } from './jobs/define'
import type { JobState } from './jobs/runs'
import { logger } from './log'
import { jobRan } from './ops/metrics'

/** Whether something was done: a run that did nothing is logged at debug, one that did at info. */
const didWork = (r: unknown): boolean =>
  Array.isArray(r) ? r.length > 0 : typeof r === 'number' ? r > 0 : r !== null && typeof r === 'object' ? Object.values(r).some(didWork) : Boolean(r)

/**
 * Runs `job` every `job.every(config)` ms, never overlapping itself. Each run is logged with its duration and what
 * the tick returned, each failure with its stack; both are counted for /metrics (server/ops/metrics.ts), and runs
 * under way are recorded in `deps.jobRuns` for /readyz. The returned stop function clears the timer and resolves
 * once the tick under way (if any) has finished, so a shutting-down process lets a job finish its current step (one
 * transaction) before the database is closed.
 */
function runEvery(deps: Deps, job: Job): () => Promise<void> {
  const intervalMs = job.every(deps.config)
  const s: JobState = deps.jobRuns.get(job.name) ?? { intervalMs, instances: 0, running: new Set(), lastRunAt: null }
  deps.jobRuns.set(job.name, s)
  s.instances++
  const instance = `${process.pid}-${randomUUID()}`
  let count = 0
  let previousAt: number | null = null
  let current: Promise<void> | null = null
  const run = async () => {
    const started = Date.now()
    const mark = { since: started }
    s.running.add(mark)
    try {
      const result = await job.tick(deps, { intervalMs, count, previousAt, instance })
      jobRan(job.name, false)
      logger()[didWork(result) ? 'info' : 'debug']({ job: job.name, ms: Date.now() - started, result }, `${job.name} run`)
    } catch (err) {
      jobRan(job.name, true)
      logger().error({ job: job.name, ms: Date.now() - started, err }, `${job.name} run failed`)
    } finally {
      s.running.delete(mark)
      count++
      previousAt = s.lastRunAt = Date.now()
    }
  }
  const timer = setInterval(() => {
    if (!current) current = run().finally(() => (current = null))
  }, intervalMs)
  return async () => {
    clearInterval(timer)
    await current
    if (--s.instances === 0) deps.jobRuns.delete(job.name)
  }
}

/** Starts every job of `jobs` (the registry, server/jobs/index.ts); the stop resolves once each has finished its step. */
export function startJobs(deps: Deps, jobs: readonly Job[]): () => Promise<void> {
  const stops = jobs.map((job) => runEvery(deps, job))
  return async () => {
    await Promise.all(stops.map((stop) => stop()))
  }
}
