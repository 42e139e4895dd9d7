import {
  groupPreviewResultSchema, sendResultSchema, templateAddResultSchema,
  type GroupPreviewPayload, type GroupPreviewResult, type GroupSendPayload, type SendResult,
} from '@/domain/send'
import type { ContentTemplateAdd } from '@/domain/templates-write'
import { api } from './http'
import { upload } from './transfer'

/*
 * Sends are multipart (src/domain/send.ts): the JSON payload as a form field, the numbers as a file part, so a
 * million numbers never become a JSON string. Both calls use the long time-out. A 400 (insufficient balance, no
 * valid number) rejects with the server's message and no toast, for the page to show beside the form.
 */
function form(payload: unknown, numbers: Uint8Array): FormData {
  const fd = new FormData()
  fd.append('payload', JSON.stringify(payload))
  fd.append('numbers', new Blob([numbers as BlobPart], { type: 'text/plain' }), 'numbers.txt')
  return fd
}

export async function groupSend(payload: GroupSendPayload, numbers: Uint8Array): Promise<SendResult> {
  return sendResultSchema.parse(await upload('/user/groupSend', form(payload, numbers), { long: true, money: 'send' }))
}

export async function groupPreview(payload: GroupPreviewPayload, numbers: Uint8Array): Promise<GroupPreviewResult> {
  return groupPreviewResultSchema.parse(await upload('/user/groupPreview', form(payload, numbers), { long: true }))
}

/** Submits the page's content as a content template of the sending account (pending review); failures are toasted. */
export async function templateAdd(payload: ContentTemplateAdd) {
  return templateAddResultSchema.parse(await api('/user/templateAdd', payload))
}
