import { z } from 'zod'

/*
 * An enterprise's failure alert: a bell notice when one of its batches (its sub-accounts' too) of at least
 * `min_records` records has failed for more than `threshold` percent of those sent to the carrier (the failed and
 * sent figures of src/domain/figures.ts, from the batch's counters). Told once per batch, by the failure-alert job.
 */
export const FAILURE_ALERT_DEFAULT = { enabled: true, threshold: 20, min_records: 1000 } as const

/** How far back the job looks for batches (their reports arrive within minutes; a late one within days). */
export const FAILURE_ALERT_DAYS = 7

/** POST /failureAlert/set (the enterprise's own; a sub-account's batches follow its enterprise's). */
export const failureAlertSchema = z.object({
  enabled: z.boolean(),
  threshold: z.coerce.number().min(1).max(100),
  min_records: z.coerce.number().int().min(1).max(10_000_000),
})
export type FailureAlert = z.infer<typeof failureAlertSchema>
