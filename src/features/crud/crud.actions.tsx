import { api } from '@/api/http'
import { toast } from '@/components/ui/toast'
import { openFormDialog, type FormField } from '@/components/ui/DeclaredForm'
import { crudFieldsSchema, type CrudFields } from '@/domain/lists/crud'
import type { ActionHelpers, ListPage, Row } from '@/grid'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/** The sample's list call: GET with its own paging names (page/size), blank filters left out. */
export async function fetchCrudPage(payload: Record<string, unknown>, signal: AbortSignal): Promise<ListPage> {
  const { pageNumber, pageSize, name, status } = payload
  const query: Record<string, unknown> = { page: pageNumber, size: pageSize }
  if (name !== undefined && name !== '') query.name = name
  if (status !== undefined && status !== '') query.status = status
  return api<ListPage>('/crud/list', query, { method: 'GET', signal })
}

type Field = 'name' | 'mobile' | 'amount' | 'status' | 'remark'

/** The sample row's fields, checked with the schema the server parses with; words per field for a refusal. */
function fields(LL: TranslationFunctions): FormField<Field>[] {
  const c = LL.lists.columns
  const m = LL.lists.messages
  const unlessEmpty = (name: Field, label: string, invalid: string) => (_: unknown, v: Record<Field, string>) =>
    v[name].trim() ? invalid : m.required({ field: label })
  return [
    { name: 'name', label: c.name(), message: unlessEmpty('name', c.name(), m.tooLong({ field: c.name() })) },
    { name: 'mobile', label: c.mobile(), inputMode: 'numeric', message: unlessEmpty('mobile', c.mobile(), m.mobileInvalid()) },
    { name: 'amount', label: c.amount(), inputMode: 'decimal', message: unlessEmpty('amount', c.amount(), m.amountInvalid()) },
    { name: 'remark', label: c.remark(), message: m.tooLong({ field: c.remark() }) },
    { name: 'status', label: c.status(), kind: 'select', options: [{ value: '1', label: LL.status.crudEnabled() }, { value: '0', label: LL.status.crudDisabled() }] },
  ]
}

/**
 * Opens the form; resolves when it closes, after a save has been toasted and the list refreshed. A refusal stays in
 * the dialog (the calls are silent), with what was typed.
 */
async function openForm(initial: Partial<CrudFields> | null, save: (fields: CrudFields) => Promise<string>, { LL, refresh }: ActionHelpers) {
  const saved = await openFormDialog({
    title: initial ? LL.lists.messages.editRowTitle() : LL.lists.messages.addRowTitle(),
    saveTestId: 'crud-save',
    spec: {
      id: 'crud',
      fields: fields(LL),
      schema: crudFieldsSchema,
      toInput: (v) => ({ ...v, amount: v.amount.trim() === '' ? undefined : v.amount }),
      initial: initial
        ? {
            name: initial.name ?? '',
            mobile: initial.mobile ?? '',
            amount: initial.amount === undefined ? '' : String(initial.amount),
            status: String(initial.status ?? 1),
            remark: initial.remark ?? '',
          }
        : { status: '1' },
      submit: save,
    },
  })
  if (!saved) return
  toast.success(saved)
  refresh()
}

export function addRow(h: ActionHelpers) {
  return openForm(null, async (fields) => {
    await api('/crud/add', fields, { silent: true })
    return h.LL.lists.messages.addSuccess()
  }, h)
}

export function editRow(row: Row, h: ActionHelpers) {
  return openForm(row as Partial<CrudFields>, async (fields) => {
    await api('/crud/update', { ...fields, id: row.id }, { method: 'PUT', silent: true })
    return h.LL.lists.messages.updateSuccess()
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
