import { auditPruneJob } from '../audit/prune'
import { failureAlertJob } from '../failures/alert'
import { orphanSweepJob } from '../materials/sweep'
import { ueCheckerJob } from '../number-check/ue-checker'
import { pushPruneJob, reportPushJob } from '../push/worker'
import { carrierSimJob } from '../send/carrier-sim'
import { schedulerJob } from '../send/scheduler'
import { signatureReviewJob } from '../signatures/review'
import { templateReviewJob } from '../templates/review'
import { balanceWarnJob } from '../warn/deliver'
import type { Job } from './define'

/**
 * Every background job, once: the loop starts each (server/worker-loop.ts; SEND_WORKERS=0 starts none) and /metrics
 * reads each one's queue (server/ops/job-queues.ts). A job is declared beside its code with defineJob.
 */
export const JOBS: readonly Job[] = [
  carrierSimJob, schedulerJob, reportPushJob, pushPruneJob, templateReviewJob, signatureReviewJob, ueCheckerJob, orphanSweepJob, balanceWarnJob, failureAlertJob, auditPruneJob,
]
