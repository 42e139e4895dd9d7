import { logger } from './log'
import { jobRan } from './ops/metrics'

/** What /readyz and /metrics see of one background job (all its instances in this process). */
export interface JobState {
  intervalMs: number
  instances: number
  /** When each tick under way started. */
  running: Set<{ since: number }>
  lastRunAt: number | null
}

const jobs = new Map<string, JobState>()
export const jobStates = (): ReadonlyMap<string, JobState> => jobs

/** Whether something was done: a run that did nothing is logged at debug, one that did at info. */
const didWork = (r: unknown): boolean =>
  Array.isArray(r) ? r.length > 0 : typeof r === 'number' ? r > 0 : r !== null && typeof r === 'object' ? Object.values(r).some(didWork) : Boolean(r)

/**
 * Runs `tick` every `intervalMs`, never overlapping itself. Each run is logged with its duration and what `tick`
 * returned, each failure with its stack; both are counted for /metrics (server/ops/metrics.ts). The returned stop function clears the timer
 * and resolves once the tick under way (if any) has finished, so a shutting-down process lets a job finish its
 * current step (one transaction) before the database is closed.
 */
export function everyInterval(job: string, intervalMs: number, tick: () => Promise<unknown>): () => Promise<void> {
  const s = jobs.get(job) ?? { intervalMs, instances: 0, running: new Set<{ since: number }>(), lastRunAt: null }
  jobs.set(job, s)
  s.instances++
  let current: Promise<void> | null = null
  const run = async () => {
    const started = Date.now()
    const mark = { since: started }
    s.running.add(mark)
    try {
      const result = await tick()
      jobRan(job, false)
      logger()[didWork(result) ? 'info' : 'debug']({ job, ms: Date.now() - started, result }, `${job} run`)
    } catch (err) {
      jobRan(job, true)
      logger().error({ job, ms: Date.now() - started, err }, `${job} run failed`)
    } finally {
      s.running.delete(mark)
      s.lastRunAt = Date.now()
    }
  }
  const timer = setInterval(() => {
    if (!current) current = run().finally(() => (current = null))
  }, intervalMs)
  return async () => {
    clearInterval(timer)
    await current
    if (--s.instances === 0) jobs.delete(job)
  }
}
