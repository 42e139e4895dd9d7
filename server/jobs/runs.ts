/** What /readyz and /metrics see of one background job (all its instances in this process). */
export interface JobState {
  intervalMs: number
  instances: number
  /** When each tick under way started. */
  running: Set<{ since: number }>
  lastRunAt: number | null
}

/** The jobs this process runs, by name: written by the loop (server/worker-loop.ts), read by /readyz and /metrics. */
export type JobRuns = Map<string, JobState>
