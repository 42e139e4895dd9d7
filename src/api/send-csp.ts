import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { cspTemplateRowSchema } from '@/domain/lists/templates'
import { sendResultSchema, type SendResult } from '@/domain/send'
import { chatbotSchema, cspSendContentSchema, type CspSendPayload } from '@/domain/send-csp'
import { api } from './http'
import { upload } from './transfer'

/** 5G (csp) send calls (src/domain/send-csp.ts): chatbots, approved templates, a template's Preview, the send. */

const APPROVED = 4
/** A picker, not a list screen: an account's approved templates fit in one page. */
const PICKER_PAGE = 500

export const cspSendKeys = {
  all: ['user', 'send-csp'] as const,
  chatbots: (cusId: string) => [...cspSendKeys.all, 'chatbots', cusId] as const,
  templates: (cusId: string) => [...cspSendKeys.all, 'templates', cusId] as const,
  content: (cusId: string, id: number) => [...cspSendKeys.all, 'content', cusId, id] as const,
}

export const chatbotsQuery = (cusId: string) =>
  queryOptions({
    queryKey: cspSendKeys.chatbots(cusId),
    queryFn: async () => z.array(chatbotSchema).parse(await api('/user/getChatbotList', { cus_id: cusId })),
    enabled: !!cusId,
    staleTime: 60_000,
  })

/** The approved templates `cusId` may send (its own; the server refuses any other). */
export const approvedCspTemplatesQuery = (cusId: string) =>
  queryOptions({
    queryKey: cspSendKeys.templates(cusId),
    queryFn: async () => {
      const page = await api<{ records: unknown[] }>('/cspTemplate/list', { template_status: APPROVED, cus_id: cusId, pageSize: PICKER_PAGE })
      return z.array(cspTemplateRowSchema).parse(page.records).filter((t) => t.cus_id === cusId)
    },
    enabled: !!cusId,
    staleTime: 60_000,
  })

export const cspSendContentQuery = (cusId: string, id: number | null) =>
  queryOptions({
    queryKey: cspSendKeys.content(cusId, id ?? 0),
    queryFn: async () => cspSendContentSchema.parse(await api('/cspTemplate/getSendContentByCusTemplateId', { template_id: id, cus_id: cusId || undefined })),
    enabled: !!cusId && id !== null,
    staleTime: 60_000,
  })

export async function cspSend(payload: CspSendPayload, numbers: Uint8Array): Promise<SendResult> {
  const fd = new FormData()
  fd.append('payload', JSON.stringify(payload))
  fd.append('numbers', new Blob([numbers as BlobPart], { type: 'text/plain' }), 'numbers.txt')
  return sendResultSchema.parse(await upload('/cspTemplate/cspSmsGroupSend', fd, { long: true, money: 'send' }))
}
