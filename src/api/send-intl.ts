import { queryOptions } from '@tanstack/react-query'
import { countrySchema, type Country } from '@/domain/account'
import { sendResultSchema, type SendResult } from '@/domain/send'
import {
  intlPreviewResultSchema, type IntlPreviewPayload, type IntlPreviewResult, type IntlSendPayload,
} from '@/domain/send-intl'
import { api } from './http'
import { userKeys } from './keys'
import { upload } from './transfer'

/* International send (src/domain/send-intl.ts): the same multipart form as the bulk send, its own paths. */

function form(payload: unknown, numbers: Uint8Array): FormData {
  const fd = new FormData()
  fd.append('payload', JSON.stringify(payload))
  fd.append('numbers', new Blob([numbers as BlobPart], { type: 'text/plain' }), 'numbers.txt')
  return fd
}

export async function intlSend(payload: IntlSendPayload, numbers: Uint8Array): Promise<SendResult> {
  return sendResultSchema.parse(await upload('/user/intlGroupSend', form(payload, numbers), { long: true, money: 'send' }))
}

export async function intlPreview(payload: IntlPreviewPayload, numbers: Uint8Array): Promise<IntlPreviewResult> {
  return intlPreviewResultSchema.parse(await upload('/user/intlGroupPreview', form(payload, numbers), { long: true }))
}

/**
 * The country list with calling codes and prices (/user/getBusCtyList). Under the user prefix so log-out drops it;
 * silent because the send page shows its own message when it fails.
 */
export const countriesQuery = () =>
  queryOptions({
    queryKey: [...userKeys.all, 'countries'] as const,
    queryFn: async () => countrySchema.array().parse(await api<Country[]>('/user/getBusCtyList', {}, { silent: true })),
    staleTime: 10 * 60_000,
  })
