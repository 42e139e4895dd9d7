import { useId, useState } from 'react'
import { FormDialog } from '@/components/ui/FormDialog'
import { TextField } from '@/components/ui/TextField'
import { crudFieldsSchema, type CrudFields } from '@/domain/lists/crud'
import { useI18nContext } from '@/i18n/i18n-react'

interface Props {
  /** null adds a row. */
  initial: Partial<CrudFields> | null
  save: (fields: CrudFields) => Promise<boolean>
  onClose: () => void
}

type Values = Record<'name' | 'mobile' | 'amount' | 'status' | 'remark', string>
const FIELDS = ['name', 'mobile', 'amount', 'remark'] as const

/** Add or edit one row of the sample table, checked with the same schema the server uses. */
export function CrudFormDialog({ initial, save, onClose }: Props) {
  const { LL } = useI18nContext()
  const statusId = useId()
  const [values, setValues] = useState<Values>({
    name: initial?.name ?? '',
    mobile: initial?.mobile ?? '',
    amount: initial?.amount === undefined ? '' : String(initial.amount),
    status: String(initial?.status ?? 1),
    remark: initial?.remark ?? '',
  })
  const [errors, setErrors] = useState<Partial<Values>>({})

  const label = (f: keyof Values) =>
    ({
      name: LL.lists.columns.name(),
      mobile: LL.lists.columns.mobile(),
      amount: LL.lists.columns.amount(),
      status: LL.lists.columns.status(),
      remark: LL.lists.columns.remark(),
    })[f]
  const message = (f: keyof Values) => {
    if (f !== 'remark' && !values[f].trim()) return LL.lists.messages.required({ field: label(f) })
    if (f === 'mobile') return LL.lists.messages.mobileInvalid()
    if (f === 'amount') return LL.lists.messages.amountInvalid()
    return LL.lists.messages.tooLong({ field: label(f) })
  }

  const submit = async () => {
    const res = crudFieldsSchema.safeParse({ ...values, amount: values.amount.trim() === '' ? undefined : values.amount })
    if (!res.success) {
      const bad = new Set(res.error.issues.map((i) => String(i.path[0]) as keyof Values))
      setErrors(Object.fromEntries([...bad].map((f) => [f, message(f)])))
      return false
    }
    setErrors({})
    return save(res.data)
  }

  return (
    <FormDialog
      title={initial ? LL.lists.messages.editRowTitle() : LL.lists.messages.addRowTitle()}
      onSubmit={submit}
      onClose={onClose}
      saveTestId="crud-save"
    >
      {FIELDS.map((f, i) => (
        <TextField
          key={f}
          name={f}
          label={label(f)}
          value={values[f]}
          autoFocus={i === 0}
          inputMode={f === 'amount' ? 'decimal' : f === 'mobile' ? 'numeric' : undefined}
          error={errors[f] ?? null}
          onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
        />
      ))}
      <label htmlFor={statusId} className="text-sm text-[var(--muted)]">
        {label('status')}
      </label>
      <select
        id={statusId}
        name="status"
        value={values.status}
        onChange={(e) => setValues((v) => ({ ...v, status: e.target.value }))}
        className="rounded border border-[var(--field-border)] bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)]"
      >
        <option value="1">{LL.status.crudEnabled()}</option>
        <option value="0">{LL.status.crudDisabled()}</option>
      </select>
    </FormDialog>
  )
}
