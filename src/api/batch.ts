import { queryOptions } from '@tanstack/react-query'
import {
  batchDetailSchema, cancelResultSchema, failureGroupsSchema, recordDetailSchema, resendPreviewResultSchema,
  type FailureGroups, type ResendTarget,
} from '@/domain/batch'
import { sendResultSchema } from '@/domain/send'
import { uuidV4 } from '@/domain/uuid'
import { api } from './http'
import { userKeys } from './keys'

/** A batch's page and a sent record in full; under `user` so log-out drops them. */
export const batchKeys = {
  all: [...userKeys.all, 'batch'] as const,
  detail: (batchId: string) => [...batchKeys.all, 'detail', batchId] as const,
  /** `at` names a reading (the page's: the failure count once finished, a 15-second step before): a new one reads again. */
  failures: (batchId: string, at: number) => [...batchKeys.all, 'failures', batchId, at] as const,
  record: (sn: number) => [...batchKeys.all, 'record', sn] as const,
}

/** How often an open batch page reads its counters while anything is still on its way (one small read by key). */
export const BATCH_POLL_MS = 3000

export const batchDetailQuery = (batchId: string) =>
  queryOptions({
    queryKey: batchKeys.detail(batchId),
    queryFn: async () => batchDetailSchema.parse(await api('/batch/detail', { batch_id: batchId })),
    staleTime: 0,
  })

export const batchFailuresQuery = (batchId: string, at: number) =>
  queryOptions({
    queryKey: batchKeys.failures(batchId, at),
    queryFn: async () => failureGroupsSchema.parse(await api('/batch/failures', { batch_id: batchId })) as FailureGroups,
    staleTime: Infinity,
  })

export const recordDetailQuery = (sn: number) =>
  queryOptions({
    queryKey: batchKeys.record(sn),
    queryFn: async () => recordDetailSchema.parse(await api('/mtRecord/detail', { sn })),
    staleTime: 0,
  })

export const previewResend = async (batchId: string, target: ResendTarget) =>
  resendPreviewResultSchema.parse(await api('/batch/resendPreview', { batch_id: batchId, target }))

/** One key per confirmed resend: a retry of the same confirmation (a lost answer) sends and bills nothing again. */
export const resendBatch = async (batchId: string, target: ResendTarget, key: string = uuidV4()) =>
  sendResultSchema.extend({ resent_from: batchDetailSchema.shape.batch_id }).parse(
    await api('/batch/resend', { batch_id: batchId, target, idempotency_key: key }, { long: true }))

export const cancelBatch = async (batchId: string) => cancelResultSchema.parse(await api('/batch/cancel', { batch_id: batchId }))
