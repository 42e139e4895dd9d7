import { queryOptions } from '@tanstack/react-query'
import { sendResultSchema, type SendResult } from '@/domain/send'
import { linkInfoResultSchema, type LinkSendPayload } from '@/domain/send-link'
import { api } from './http'
import { upload } from './transfer'

/** Link send calls (src/domain/send-link.ts). */

export const linkSendKeys = {
  all: ['user', 'send-link'] as const,
  info: (cusId: string) => [...linkSendKeys.all, 'info', cusId] as const,
}

/** The short links' origin and length and the paying account's price: what the live figures need. */
export const linkInfoQuery = (cusId: string) =>
  queryOptions({
    queryKey: linkSendKeys.info(cusId),
    queryFn: async () => linkInfoResultSchema.parse(await api('/shortChainTool/smsLinkInfo', { cus_id: cusId || undefined }, { silent: true })),
    enabled: !!cusId,
    staleTime: 5 * 60_000,
    retry: false,
  })

export async function linkSend(payload: LinkSendPayload, numbers: Uint8Array): Promise<SendResult> {
  const fd = new FormData()
  fd.append('payload', JSON.stringify(payload))
  fd.append('numbers', new Blob([numbers as BlobPart], { type: 'text/plain' }), 'numbers.txt')
  return sendResultSchema.parse(await upload('/shortChainTool/smsLinkGroupSend', fd, { long: true, money: 'send' }))
}
