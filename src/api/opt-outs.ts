import { queryOptions } from '@tanstack/react-query'
import {
  optOutCheckResultSchema, optOutSettingsSchema, type OptOutAdd, type OptOutCheckResult, type OptOutRemove, type OptOutSettings,
} from '@/domain/opt-outs'
import { listKeys } from '@/grid/keys'
import { apiEnvelope, api } from './http'
import { queryClient } from './query-client'
import { upload } from './transfer'

/*
 * The enterprise's opt-out list (src/domain/opt-outs.ts): its writes, the keyword settings, and the check a send
 * page makes before its confirmation. A write changes which numbers the record and contact lists mark, so every list
 * page is refetched, by the lists' prefix. The success words come from the server; callers toast them.
 */

export const OPT_OUT_LIST_ID = 'opt-outs.list'

export const optOutKeys = {
  all: ['user', 'opt-outs'] as const,
  settings: () => [...optOutKeys.all, 'settings'] as const,
}

function invalidate() {
  void queryClient.invalidateQueries({ queryKey: listKeys.all })
}

/** Writes reject with ApiError without a toast: a form marks `data.fields`, a list action toasts the message. */
async function write(path: string, body: unknown) {
  try {
    return (await apiEnvelope(path, body, { silent: true })).msg
  } finally {
    invalidate()
  }
}

export const addOptOut = (p: OptOutAdd) => write('/optOut/add', p)

/** An import's preview: the checked rows kept by the server, nothing on the list yet. */
export interface OptOutImportPreview {
  upload_id: number
  rows: number
  add: number
  on_list: number
  in_file: number
}

export async function uploadOptOutImport(rows: Uint8Array): Promise<OptOutImportPreview> {
  const fd = new FormData()
  fd.append('payload', '{}')
  fd.append('rows', new Blob([rows as BlobPart], { type: 'text/tab-separated-values' }), 'rows.tsv')
  return upload<OptOutImportPreview>('/file/uploadOptOut', fd, { long: true })
}

/** Puts the uploaded numbers on the list, all or none; committing the same upload again adds nothing twice. */
export async function commitOptOutImport(upload_id: number): Promise<{ msg: string }> {
  try {
    return { msg: (await apiEnvelope('/optOut/importCommit', { upload_id }, { long: true })).msg }
  } finally {
    invalidate()
  }
}
export const removeOptOuts = (p: OptOutRemove) => write('/optOut/remove', p)

export const optOutSettingsQuery = () =>
  queryOptions({
    queryKey: optOutKeys.settings(),
    queryFn: async () => optOutSettingsSchema.parse(await api('/optOut/settings')),
  })

export async function saveOptOutSettings(p: OptOutSettings) {
  const env = await apiEnvelope('/optOut/saveSettings', p, { silent: true })
  void queryClient.invalidateQueries({ queryKey: optOutKeys.settings() })
  return env.msg
}

/** A send's recipients as its check reads them, with what decides their scrub: its text, marketing mark and kind. */
export type OptOutCheckPart =
  | { numbers: Uint8Array; content?: string; marketing?: boolean; international?: boolean }
  | { rows: Uint8Array; template: string; marketing?: boolean }

/**
 * Which of a send's recipients the scrub leaves out (the send scrubs them again as it goes): on the list, or over
 * the day's marketing cap. A `numbers` part (one number a line) with the send's content, or a point-to-point `rows`
 * part with its template, whose left-out rows' messages come back too; the send's paying account and time.
 */
export async function checkOptOuts(part: OptOutCheckPart, send: { cusId?: string; timing?: string | null } = {}): Promise<OptOutCheckResult> {
  const fd = new FormData()
  const p2p = 'rows' in part
  // The text too: an enterprise exempting verification codes has an approved code template's text scrubbed of none,
  // and a marketing text's cap applies to a send that goes now.
  const text = p2p ? { template: part.template } : { content: part.content, international: part.international || undefined }
  fd.append('payload', JSON.stringify({ cus_id: send.cusId || undefined, ...text, marketing: part.marketing || undefined, timing_time: send.timing ?? undefined }))
  if (p2p) fd.append('rows', new Blob([part.rows as BlobPart], { type: 'text/tab-separated-values' }), 'rows.tsv')
  else fd.append('numbers', new Blob([part.numbers as BlobPart], { type: 'text/plain' }), 'numbers.txt')
  return optOutCheckResultSchema.parse(await upload('/optOut/check', fd, { long: true }))
}

