import { z } from 'zod'
import type { FailureKind } from './carrier-codes'
import { safeText } from './input'
import type { OperatorOrOther } from './operators'

/*
 * One sent batch followed after its send (the batch page) and acted on: its detail and live progress, read from its
 * counters (sms_batch, kept by the schema's triggers, never by counting records); its failures grouped by carrier code
 * and operator; a resend of its transient failures or of its records without a report as a new batch, through the
 * send path; cancelling what it has not yet handed to the carrier, refunded; and the file of its failed numbers.
 * Calls under /batch/* (src/domain/operations.ts). The figures are those of figures.ts.
 */

export const batchRefSchema = z.object({ batch_id: safeText().trim().min(1).max(64) })
export type BatchRef = z.infer<typeof batchRefSchema>

/** failed: the failures whose code is transient (carrier-codes.ts); unknown: the records whose report timed out (600). */
export const RESEND_TARGETS = ['failed', 'unknown'] as const
export type ResendTarget = (typeof RESEND_TARGETS)[number]

export const resendPreviewSchema = batchRefSchema.extend({ target: z.enum(RESEND_TARGETS) })
export type ResendPreviewRequest = z.infer<typeof resendPreviewSchema>
/** One per confirmed resend (uuidV4()): a retry with the same key returns the first reply and bills nothing again. */
export const resendSchema = resendPreviewSchema.extend({ idempotency_key: z.string().uuid() })
export type ResendRequest = z.infer<typeof resendSchema>

export const batchDetailSchema = z.object({
  batch_id: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  prod_type: z.number(),
  /** 0 held for content review, 1 same content, 2 one-to-one */
  batch_type: z.number(),
  content: z.string(),
  /** The 【…】 the content starts with, '' when none (international, video and 5G texts carry none). */
  signature: z.string(),
  /** International: the sender id; null the route's default. */
  sender_id: z.string().nullable(),
  create_time: z.string(),
  receive_count: z.number(),
  sent_count: z.number(),
  success_count: z.number(),
  failure_count: z.number(),
  unknown_count: z.number(),
  timeout_count: z.number(),
  opted_out: z.number(),
  /** Billed messages and what its records cost now (refunds of cancelled records taken off): the batch statistics' figures. */
  messages: z.number(),
  cost: z.number(),
  /** The batch this one resent to, and the batches resent from this one. */
  resent_from: z.string().nullable(),
  resends: z.array(z.object({
    batch_id: z.string(), target: z.enum(RESEND_TARGETS), create_time: z.string(),
    /** A resend that went as a timed batch (a marketing one asked for outside the hours), not yet sent: its timed batch. */
    timed: z.boolean().default(false),
  })),
  /**
   * A video or 5G batch whose template and choices were not kept beside it (one of the demo history): it cannot be
   * sent again, and its resend actions say so.
   */
  resend_not_recorded: z.boolean().default(false),
  /** showClientStatus 0: the outcomes (delivered, failed, unknown) are not shown to this account and come as 0. */
  status_hidden: z.boolean().default(false),
  /** The server's clock when it read the counters (ISO), for the rate of reports. */
  now: z.string(),
})
export type BatchDetail = z.infer<typeof batchDetailSchema>

export const failureGroupsSchema = z.object({
  codes: z.array(z.object({ code: z.string(), count: z.number(), kind: z.enum(['permanent', 'transient']).nullable() })),
  operators: z.array(z.object({ operator: z.string(), count: z.number() })),
})
export type FailureGroups = {
  codes: { code: string; count: number; kind: FailureKind | null }[]
  operators: { operator: OperatorOrOther; count: number }[]
}

export const resendPreviewResultSchema = z.object({
  target: z.enum(RESEND_TARGETS),
  /** Distinct numbers the resend would send to, after the opt-out list; `opted_out` left out by it. */
  numbers: z.number(),
  opted_out: z.number(),
  /** Numbers not opted out that have had the day's cap of marketing messages: left out as well. */
  over_cap: z.number(),
  messages: z.number(),
  cost: z.number(),
  balance: z.number(),
  /** A marketing resend asked for outside the marketing hours goes as a timed batch at this time (ISO); null: now. */
  send_time: z.string().nullable(),
})
export type ResendPreview = z.infer<typeof resendPreviewResultSchema>

export const cancelResultSchema = z.object({
  batch_id: z.string(),
  /** Records that ended as cancelled, and what their cost came to, credited back as one automatic refund. */
  cancelled: z.number(),
  refund: z.number(),
  balance_after: z.number(),
})
export type CancelResult = z.infer<typeof cancelResultSchema>

// ---- progress: what the page shows of the counters ----

export interface BatchCounters {
  receive_count: number
  sent_count: number
  success_count: number
  failure_count: number
  unknown_count: number
  timeout_count: number
}

export interface BatchProgress {
  submitted: number
  /** Held back from the carrier (content review): submitted − sent. */
  waiting: number
  sent: number
  delivered: number
  failed: number
  /** No report yet or none in time (500 and 600). */
  unknown: number
  /** Sent and still expecting their report (500): what the estimate counts down. */
  pending: number
  /** delivered / sent, null before anything was sent. */
  rate: number | null
  /** Nothing is on its way any more: no record waits for review or for its report. */
  finished: boolean
}

export function batchFigures(c: BatchCounters): BatchProgress {
  const waiting = Math.max(c.receive_count - c.sent_count, 0)
  const pending = Math.max(c.unknown_count - c.timeout_count, 0)
  return {
    submitted: c.receive_count, waiting, sent: c.sent_count, delivered: c.success_count, failed: c.failure_count,
    unknown: c.unknown_count, pending, rate: c.sent_count > 0 ? c.success_count / c.sent_count : null,
    finished: waiting === 0 && pending === 0,
  }
}

/** A reading of a batch's counters: when (ms) and how many of its sent records had reported by then. */
export interface ProgressSample {
  at: number
  reported: number
}

export const reportedOf = (c: BatchCounters): number => c.sent_count - Math.max(c.unknown_count - c.timeout_count, 0)

/**
 * When the batch's last report should arrive (ms), from the speed of reports between the first and the last of the
 * page's readings; with one reading, from the speed since the batch was created. Null when it is finished, or when
 * no report has come in yet (no speed to go by).
 */
export function estimateFinish(samples: readonly ProgressSample[], pending: number, createdAt: number): number | null {
  if (!samples.length || pending <= 0) return null
  const last = samples[samples.length - 1]
  const first = samples.length > 1 && last.reported > samples[0].reported ? samples[0] : { at: createdAt, reported: 0 }
  const speed = (last.reported - first.reported) / Math.max(last.at - first.at, 1)
  if (!(speed > 0)) return null
  return last.at + pending / speed
}

/** The 【signature】 a domestic text starts with, or ''. */
export function signatureOf(content: string): string {
  const m = /^\s*(【[^】]{1,30}】)/.exec(content)
  return m ? m[1] : ''
}

/** The console path of a batch's page, under the module whose lists show its product. */
export const BATCH_MODULE: Record<number, string> = { 0: 'home-sms', 1: 'intl-sms', 2: 'video-sms', 6: 'csp-sms' }
export const batchPagePath = (batchId: string, prodType = 0): string =>
  `/${BATCH_MODULE[prodType] ?? 'home-sms'}/batch/${encodeURIComponent(batchId)}`

/** Where a resend is seen: its batch's page, or its timed batch while a marketing resend waits for the hours. */
export const resendPath = (r: Pick<BatchDetail['resends'][number], 'batch_id' | 'timed'>, prodType = 0): string =>
  r.timed ? `/${BATCH_MODULE[prodType] ?? 'home-sms'}/timed-batches?time_batch=${encodeURIComponent(r.batch_id)}` : batchPagePath(r.batch_id, prodType)

// ---- a sent record in full: /mtRecord/detail ----

export const recordRefSchema = z.object({ sn: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

export const recordPushSchema = z.object({
  /** The push batch (X-Sms-Delivery-Id), its state (0 waiting, 1 delivered, 2 failed) and each attempt. */
  delivery_id: z.number(),
  status: z.number(),
  queued_time: z.string(),
  attempts: z.array(z.object({
    attempt: z.number(), status_code: z.number().nullable(), error: z.string(), outcome: z.number(), create_time: z.string(),
  })),
})

export const recordDetailSchema = z.object({
  sn: z.number(),
  batch_id: z.string().nullable(),
  cus_id: z.string(),
  cus_name: z.string(),
  prod_type: z.number(),
  mobile: z.string(),
  content: z.string(),
  country_code: z.string().nullable(),
  /** Messages the content bills for (segments), and what the record cost. */
  segments: z.number(),
  price: z.number(),
  operator: z.string(),
  /** Null when the account may not see send statuses (showClientStatus 0). */
  mt_status: z.number().nullable(),
  report_result: z.number().nullable(),
  report_result_desc: z.string().nullable(),
  /** Submitted; handed to the carrier (null while held for review); the report's arrival. */
  receive_time: z.string(),
  carrier_time: z.string().nullable(),
  report_time: z.string().nullable(),
  /** Report pushes made for it to the account's push address (queued, or null when none was set). */
  pushes: z.array(recordPushSchema),
})
export type RecordDetail = z.infer<typeof recordDetailSchema>
