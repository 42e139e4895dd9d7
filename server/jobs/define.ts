import type { ServerConfig } from '../config'
import type { Deps } from '../deps'

/**
 * How /metrics reads what a job still has to do: two statements over the index the job's own claim walks. `depth`
 * answers `depth` (counted up to QUEUE_CAP, so a scrape stays cheap whatever the backlog), `oldest` answers `oldest`
 * (when the oldest waiting item became due or was made; null when none waits).
 */
export interface JobQueue {
  depth: string
  oldest: string
  params?: () => unknown[]
}

/** What the loop tells a tick about its own runs in this process. */
export interface JobRun {
  intervalMs: number
  /** Runs of this instance before this one (0 on the first). */
  count: number
  /** When the previous run of this instance ended; null on the first. */
  previousAt: number | null
  /** This process's instance of the job (a lease holder's name). */
  instance: string
}

/** A background job: a small function of the dependencies, run every `every(config)` ms by the loop. */
export interface Job {
  name: string
  every: (config: ServerConfig) => number
  /** One run; what it returns is logged (a run that returned nothing worth saying is logged at debug). */
  tick: (deps: Deps, run: JobRun) => Promise<unknown>
  /** Absent for a job that has no queue (the orphan sweep pages through the store under a lease). */
  queue?: JobQueue
}

/** Declared beside the job's code and listed once in server/jobs/index.ts, which the loop and /metrics read. */
export const defineJob = (job: Job): Job => job

export const QUEUE_CAP = 100_000

/** A `depth` statement counting the rows of `from` (a table and its where clause) up to QUEUE_CAP. */
export const cappedDepth = (from: string) => `select count(*)::int as depth from (select 1 from ${from} limit ${QUEUE_CAP}) q`
