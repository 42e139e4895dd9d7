import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { videoTemplateRowSchema } from '@/domain/lists/templates'
import { sendResultSchema, type SendResult } from '@/domain/send'
import { videoSendContentSchema, type VideoSendPayload } from '@/domain/send-video'
import { api } from './http'
import { upload } from './transfer'

/** Video send calls (src/domain/send-video.ts) and the approved templates its picker offers. */

const APPROVED = 2
/** A picker, not a list screen: an account's approved templates fit in one page. */
const PICKER_PAGE = 500

export const videoSendKeys = {
  all: ['user', 'send-video'] as const,
  templates: (cusId: string) => [...videoSendKeys.all, 'templates', cusId] as const,
  content: (cusId: string, id: number) => [...videoSendKeys.all, 'content', cusId, id] as const,
}

/** The approved templates `cusId` may send: its own (the server refuses any other). */
export const approvedVideoTemplatesQuery = (cusId: string) =>
  queryOptions({
    queryKey: videoSendKeys.templates(cusId),
    queryFn: async () => {
      const page = await api<{ records: unknown[] }>('/videoTemplate/list', { status: APPROVED, cus_id: cusId, pageSize: PICKER_PAGE })
      return z.array(videoTemplateRowSchema).parse(page.records).filter((t) => t.cus_id === cusId)
    },
    enabled: !!cusId,
    staleTime: 60_000,
  })

/** The template's preview (theme, frames, the text each record carries) and the account's price per message. */
export const videoSendContentQuery = (cusId: string, id: number | null) =>
  queryOptions({
    queryKey: videoSendKeys.content(cusId, id ?? 0),
    queryFn: async () => videoSendContentSchema.parse(await api('/videoTemplate/getSendContentByCusTemplateId', { cus_template_id: id, cus_id: cusId || undefined })),
    enabled: !!cusId && id !== null,
    staleTime: 60_000,
  })

export async function videoSend(payload: VideoSendPayload, numbers: Uint8Array): Promise<SendResult> {
  const fd = new FormData()
  fd.append('payload', JSON.stringify(payload))
  fd.append('numbers', new Blob([numbers as BlobPart], { type: 'text/plain' }), 'numbers.txt')
  return sendResultSchema.parse(await upload('/videoTemplate/videoSmsGroupSend', fd, { long: true, money: 'send' }))
}
