import { apiEnvelope, isApiError } from '@/api/http'
import { toast } from '@/components/ui/toast'
import type { TimedOperation } from '@/domain/lists/timed'
import type { ActionHelpers, LL, Row } from '@/grid'
import { EditContentDialog } from './EditContentDialog'
import { mountDialog } from '@/components/ui/mount-dialog'

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

/** Opens the edit dialog; resolves once it closes, after the list has been told to refresh on a save. */
export function editContent(row: Row, { LL, refresh }: ActionHelpers): Promise<void> {
  return new Promise((resolve) => {
    mountDialog((close) => (
      <EditContentDialog
        initial={String(row.decodeContent ?? '')}
        save={async (content) => {
          const saved = await call('edit', '/pageTimeBatch/edit', { time_batch: row.time_batch, content }, LL)
          if (saved) refresh()
          return saved
        }}
        onClose={() => {
          close()
          resolve()
        }}
      />
    ))
  })
}
