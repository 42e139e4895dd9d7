import { useQuery } from '@tanstack/react-query'
import { accountsQuery } from '@/api/user'
import { useI18nContext } from '@/i18n/i18n-react'
import type { SearchField } from './define-list'

export type Draft = Record<string, unknown>
export interface InputProps {
  field: SearchField
  draft: Draft
  set: (patch: Draft) => void
  id: string
}

export const inputClass = `h-8 rounded border border-[var(--border)] bg-[var(--surface)] px-2 text-sm text-[var(--text)]
  outline-none focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30`

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v))

export function TextInput({ field, draft, set, id }: InputProps) {
  const { LL } = useI18nContext()
  return (
    <input
      id={id}
      type={field.kind === 'number' ? 'number' : 'text'}
      className={`${inputClass} w-40`}
      value={str(draft[field.name])}
      placeholder={field.placeholder?.(LL)}
      onChange={(e) => set({ [field.name]: e.target.value })}
    />
  )
}

/** Select and dimension: the empty choice means "all" (no filter); a dimension always has a value. */
export function SelectInput({ field, draft, set, id }: InputProps) {
  const { LL } = useI18nContext()
  const options =
    field.kind === 'dimension'
      ? [
          { value: 0, label: () => LL.grid.dimension.day() },
          { value: 1, label: () => LL.grid.dimension.month() },
          { value: 2, label: () => LL.grid.dimension.year() },
        ]
      : (field.options ?? [])
  const value = str(draft[field.name])
  return (
    <select
      id={id}
      className={`${inputClass} min-w-28`}
      value={value}
      onChange={(e) => {
        const hit = options.find((o) => String(o.value) === e.target.value)
        set({ [field.name]: hit ? hit.value : '' })
      }}
    >
      {field.kind !== 'dimension' && <option value="">{LL.grid.all()}</option>}
      {options.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label(LL)}
        </option>
      ))}
    </select>
  )
}

/** `yyyyMM` (the spec's month field) is shown by the month input as `yyyy-MM`. */
export function MonthInput({ field, draft, set, id }: InputProps) {
  const raw = str(draft[field.name])
  const value = /^\d{6}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4)}` : raw
  return <input id={id} type="month" className={`${inputClass} w-40`} value={value} onChange={(e) => set({ [field.name]: e.target.value })} />
}

/** The account selector of spec section 6: accounts of the product type, loaded once per type. */
export function AccountInput({ field, draft, set, id }: InputProps) {
  const { LL } = useI18nContext()
  const prodType = field.prodType ?? -1
  const { data = [] } = useQuery(accountsQuery(prodType))
  return (
    <select id={id} className={`${inputClass} w-48`} value={str(draft[field.name])} onChange={(e) => set({ [field.name]: e.target.value })}>
      <option value="">{field.placeholder?.(LL) ?? LL.grid.chooseAccount()}</option>
      {data.map((a) => (
        <option key={a.cus_id} value={a.cus_id}>
          {a.cus_name} ({a.cus_id})
        </option>
      ))}
    </select>
  )
}
