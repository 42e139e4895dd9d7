import { api, apiEnvelope, apiUrl, isApiError } from '@/api/http'
import { queryClient } from '@/api/query-client'
import { linkInfoQuery } from '@/api/send-link'
import { toast } from '@/components/ui/toast'
import { PROD_TYPE } from '@/domain/constants'
import { timedBatchRowSchema, type TimedOperation } from '@/domain/lists/timed'
import type { ActionHelpers, LL, Row } from '@/grid'
import { z } from 'zod'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import { FormRefusal } from '@/components/ui/form-refusal'
import { TimedEditFigures, type BillingBasis, type EditedBatch } from './TimedEditFigures'

/*
 * Row actions of the timed lists. Loaded on first use, so the declarations stay data. Each action ends in a toast:
 * the server's message when it sent one, else the spec's success or failure text (section 8).
 */
const WORDS: Record<TimedOperation | 'edit', (LL: LL) => [string, string]> = {
  pause: (LL) => [LL.lists.messages.pauseSuccess(), LL.lists.messages.pauseFailure()],
  recover: (LL) => [LL.lists.messages.recoverSuccess(), LL.lists.messages.recoverFailure()],
  intercept: (LL) => [LL.lists.messages.interceptSuccess(), LL.lists.messages.interceptFailure()],
  edit: (LL) => [LL.lists.messages.editSuccess(), LL.lists.messages.editFailure()],
}

async function call(kind: TimedOperation | 'edit', path: string, body: Record<string, unknown>, LL: LL): Promise<boolean> {
  const [ok, failed] = WORDS[kind](LL)
  try {
    const env = await apiEnvelope(path, body, { silent: true })
    toast.success(env.msg || ok)
    return true
  } catch (e) {
    if (isApiError(e) && (e.kind === 'aborted' || e.kind === 'auth')) return false
    toast.error((isApiError(e) && e.kind === 'http' && e.msg) || failed)
    return false
  }
}

export async function operate(type: TimedOperation, row: Row, { LL }: ActionHelpers): Promise<void> {
  await call(type, '/pageTimeBatch/operation', { time_batch: row.time_batch, type }, LL)
}

/** The batch a row acts on: a batch row is one; a detail's is read from the batch list (null when it cannot be). */
async function batchOf(row: Row): Promise<EditedBatch | null> {
  const own = timedBatchRowSchema.safeParse(row)
  if (own.success) return { ...own.data, content: own.data.decodeContent }
  const page = await api<{ records: unknown[] }>('/pageTimeBatch/list', { time_batch: row.time_batch, pageSize: 1 }, { silent: true }).catch(() => null)
  const found = timedBatchRowSchema.safeParse(page?.records?.[0])
  return found.success && found.data.time_batch === row.time_batch ? { ...found.data, content: found.data.decodeContent } : null
}

/**
 * The paying account's ordinary price and the origin its links start with (/shortChainTool/smsLinkInfo, the send
 * pages' cache): without them, no cost is shown and the links are measured at the console's own origin.
 */
async function basisOf(batch: EditedBatch | null, cusId: string): Promise<BillingBasis> {
  const origin = new URL(apiUrl('/'), window.location.href).origin
  if (batch?.prod_type !== PROD_TYPE.ordinary && batch?.kind !== 'link') return { base: origin, price: null }
  const info = await queryClient.fetchQuery(linkInfoQuery(cusId)).catch(() => null)
  return { base: info?.base ?? origin, price: info?.price ?? null }
}

/**
 * Opens the edit dialog (spec section 5: content not empty) with the send page's figures under the text, for the
 * batch's numbers at its account's price, and a warning when saving would bill them differently; resolves once it
 * closes, after a save has been toasted and the list told to refresh. A refusal stays in the dialog with the text typed.
 */
export async function editContent(row: Row, { LL, refresh }: ActionHelpers): Promise<void> {
  const [ok, failed] = WORDS.edit(LL)
  const batch = await batchOf(row)
  const basis = await basisOf(batch, String(row.cus_id ?? ''))
  const saved = await openFormDialog({
    title: LL.lists.messages.editTitle(),
    saveTestId: 'timed-edit-save',
    spec: {
      id: 'timed-edit',
      fields: [
        { name: 'content', label: LL.lists.messages.editContentLabel(), kind: 'textarea', rows: 6, maxLength: 2000,
          schema: z.string().trim().min(1), message: LL.lists.messages.contentRequired(),
          hint: batch ? ({ content }) => <TimedEditFigures content={content} batch={batch} basis={basis} /> : undefined },
      ],
      // A detail's own text carries its link or page address filled in; the edit is of the batch's text.
      initial: { content: batch?.content ?? String(row.decodeContent ?? '') },
      submit: async (_, { content }) => {
        try {
          return (await apiEnvelope('/pageTimeBatch/edit', { time_batch: row.time_batch, content: content.trim() }, { silent: true })).msg || ok
        } catch (e) {
          if (isApiError(e) && (e.kind === 'aborted' || e.kind === 'auth')) throw e
          throw new FormRefusal((isApiError(e) && e.kind === 'http' && e.msg) || failed)
        }
      },
    },
  })
  if (!saved) return
  toast.success(saved)
  refresh()
}
