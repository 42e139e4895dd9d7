import { apiEnvelope, isApiError } from '@/api/http'
import { toast } from '@/components/ui/toast'
import type { TimedOperation } from '@/domain/lists/timed'
import type { ActionHelpers, LL, Row } from '@/grid'
import { z } from 'zod'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import { FormRefusal } from '@/components/ui/form-refusal'

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

/**
 * Opens the edit dialog (spec section 5: content not empty); resolves once it closes, after a save has been toasted
 * and the list told to refresh. A refusal stays in the dialog with the text typed.
 */
export async function editContent(row: Row, { LL, refresh }: ActionHelpers): Promise<void> {
  const [ok, failed] = WORDS.edit(LL)
  const saved = await openFormDialog({
    title: LL.lists.messages.editTitle(),
    saveTestId: 'timed-edit-save',
    spec: {
      id: 'timed-edit',
      fields: [
        { name: 'content', label: LL.lists.messages.editContentLabel(), kind: 'textarea', rows: 6, maxLength: 2000,
          schema: z.string().trim().min(1), message: LL.lists.messages.contentRequired() },
      ],
      initial: { content: String(row.decodeContent ?? '') },
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
