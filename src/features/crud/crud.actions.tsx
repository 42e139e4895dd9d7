import { api } from '@/api/http'
import { toast } from '@/components/ui/toast'
import type { CrudFields } from '@/domain/lists/crud'
import type { ActionHelpers, ListPage, Row } from '@/grid'
import { CrudFormDialog } from './CrudFormDialog'
import { mountDialog } from '@/components/ui/mount-dialog'

/** The sample's list call: GET with its own paging names (page/size), blank filters left out. */
export async function fetchCrudPage(payload: Record<string, unknown>, signal: AbortSignal): Promise<ListPage> {
  const { pageNumber, pageSize, name, status } = payload
  const query: Record<string, unknown> = { page: pageNumber, size: pageSize }
  if (name !== undefined && name !== '') query.name = name
  if (status !== undefined && status !== '') query.status = status
  return api<ListPage>('/crud/list', query, { method: 'GET', signal })
}

/** Opens the form; resolves when it closes. A failed save keeps it open (the client has toasted the server's msg). */
function openForm(initial: Partial<CrudFields> | null, save: (fields: CrudFields) => Promise<void>, { refresh }: ActionHelpers) {
  return new Promise<void>((resolve) => {
    mountDialog((close) => (
      <CrudFormDialog
        initial={initial}
        save={async (fields) => {
          try {
            await save(fields)
          } catch {
            return false
          }
          refresh()
          return true
        }}
        onClose={() => {
          close()
          resolve()
        }}
      />
    ))
  })
}

export function addRow(h: ActionHelpers) {
  return openForm(null, async (fields) => {
    await api('/crud/add', fields)
    toast.success(h.LL.lists.messages.addSuccess())
  }, h)
}

export function editRow(row: Row, h: ActionHelpers) {
  return openForm(row as Partial<CrudFields>, async (fields) => {
    await api('/crud/update', { ...fields, id: row.id }, { method: 'PUT' })
    toast.success(h.LL.lists.messages.updateSuccess())
  }, h)
}

export async function deleteRow(row: Row, { LL }: ActionHelpers) {
  try {
    await api('/crud/delete', { id: row.id }, { method: 'DELETE' })
  } catch {
    return
  }
  toast.success(LL.lists.messages.deleteSuccess())
}
