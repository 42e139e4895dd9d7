import { queryOptions } from '@tanstack/react-query'
import {
  batchNumberRowSchema, checkInfoSchema, onlineCheckResultSchema, type BatchNumberRow, type CheckState, type OnlineCheckPayload,
  type OnlineCheckResult,
} from '@/domain/number-check-online'
import {
  ueUploadCheckResultSchema, ueUploadResultSchema, type UeUploadCheckResult, type UeUploadResult,
} from '@/domain/number-check-ue'
import { api } from './http'
import { upload } from './transfer'
import { userKeys } from './keys'

/** The online number check (/number-check/online): price and balance, the check itself, a batch's numbers. */

export const numberCheckKeys = {
  all: [...userKeys.all, 'number-check'] as const,
  info: () => [...numberCheckKeys.all, 'info'] as const,
  batch: (id: number) => [...numberCheckKeys.all, 'batch', id] as const,
}

/** Fresh each time the page opens: the balance falls with every check or send. */
export const checkInfoQuery = () =>
  queryOptions({
    queryKey: numberCheckKeys.info(),
    queryFn: async () => checkInfoSchema.parse(await api('/mobileStatus/checkInfo', {})),
    staleTime: 0,
  })

/** Spec section 9: an online check may take up to 10 minutes. */
export async function onlineCheck(payload: OnlineCheckPayload): Promise<OnlineCheckResult> {
  return onlineCheckResultSchema.parse(await api('/mobileStatus/onlineCheck', payload, { long: true }))
}

export async function batchNumbers(id: number, state?: CheckState): Promise<BatchNumberRow[]> {
  const data = await api<{ records: unknown }>('/mobileStatus/batchNumbers', { id, ...(state ? { state } : {}) })
  return batchNumberRowSchema.array().parse(data.records)
}

/** The UE file check, step one: the numbers (the worker's `\n`-separated digits) stored, not yet billed. */
export async function uploadMobileUe(fileName: string, numbers: Uint8Array): Promise<UeUploadResult> {
  const form = new FormData()
  form.set('payload', JSON.stringify({ file_name: fileName }))
  form.set('numbers', new Blob([numbers as BlobPart], { type: 'text/plain' }), 'numbers.txt')
  return ueUploadResultSchema.parse(await upload('/file/uploadMobileUe', form))
}

/** Step two: confirm and pay; the server's checker takes the file from there. */
export async function confirmUeCheck(batchId: string, key: string): Promise<UeUploadCheckResult> {
  return ueUploadCheckResultSchema.parse(await api('/mobileUe/uploadCheck', { batch_id: batchId, idempotency_key: key }))
}
