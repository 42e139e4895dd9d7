import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { contentTemplateRowSchema } from '@/domain/lists/templates'
import {
  groupPreviewResultSchema, P2P_SEND_PATH, sendResultSchema,
  type GroupPreviewPayload, type GroupPreviewResult, type P2pSendPayload, type SendResult,
} from '@/domain/send'
import { api } from './http'
import { upload } from './transfer'

/*
 * Point-to-point send calls (src/domain/send.ts): the packed rows go as the `rows` file part. The preview is
 * /user/groupPreview with a `rows` part and payload.template. Also the approved content templates a send picks from.
 */

const APPROVED = 2
/** A picker, not a list screen: an account's approved templates fit in one page. */
const PICKER_PAGE = 500

export const p2pSendKeys = {
  all: ['user', 'send-p2p'] as const,
  templates: () => [...p2pSendKeys.all, 'content-templates'] as const,
}

/** The caller's approved content templates (check_status 2), newest first. */
export const approvedContentTemplatesQuery = () =>
  queryOptions({
    queryKey: p2pSendKeys.templates(),
    queryFn: async () => {
      const page = await api<{ records: unknown[] }>('/contentTemplate/list', { check_status: APPROVED, pageSize: PICKER_PAGE })
      return z.array(contentTemplateRowSchema).parse(page.records).filter((t) => t.check_status === APPROVED)
    },
    staleTime: 60_000,
  })

function form(payload: unknown, rows: Uint8Array): FormData {
  const fd = new FormData()
  fd.append('payload', JSON.stringify(payload))
  fd.append('rows', new Blob([rows as BlobPart], { type: 'text/tab-separated-values' }), 'rows.tsv')
  return fd
}

export async function p2pSend(payload: P2pSendPayload, rows: Uint8Array): Promise<SendResult> {
  return sendResultSchema.parse(await upload(P2P_SEND_PATH, form(payload, rows), { long: true, money: 'send' }))
}

export async function p2pPreview(payload: GroupPreviewPayload, rows: Uint8Array): Promise<GroupPreviewResult> {
  return groupPreviewResultSchema.parse(await upload('/user/groupPreview', form(payload, rows), { long: true }))
}
