import { useQuery } from '@tanstack/react-query'
import { CalendarDays } from 'lucide-react'
import { useMemo, useRef } from 'react'
import { Combobox } from '@/components/ui/Combobox'
import { accountsQuery } from '@/api/user'
import { useI18nContext } from '@/i18n/i18n-react'
import { normalMonth } from './date-text'
import type { LoadedOption, SearchField } from './define-list'

export type Draft = Record<string, unknown>
export interface InputProps {
  field: SearchField
  draft: Draft
  set: (patch: Draft) => void
  id: string
  /** The panel found the value wrong; `describedBy` names the words saying why. */
  invalid?: boolean
  describedBy?: string
}

export const inputClass = `h-8 rounded border border-[var(--field-border)] bg-[var(--surface)] px-2 text-sm text-[var(--text)]
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

const noQuery = { queryKey: ['grid.no-options'], queryFn: async () => [], enabled: false }

/**
 * Select and dimension: the empty choice means "all" (no filter); a dimension always has a value. A select's choices
 * are the declaration's, or loaded (optionsQuery); a value from the URL shows once they have arrived.
 */
export function SelectInput({ field, draft, set, id }: InputProps) {
  const { LL } = useI18nContext()
  const loaded = useQuery<LoadedOption[]>(field.optionsQuery ?? noQuery).data
  const options: { value: string | number; label: () => string }[] =
    field.kind === 'dimension'
      ? [
          { value: 0, label: () => LL.grid.dimension.day() },
          { value: 1, label: () => LL.grid.dimension.month() },
          { value: 2, label: () => LL.grid.dimension.year() },
        ]
      : field.optionsQuery
        ? (loaded ?? []).map((o) => ({ value: o.value, label: () => o.text }))
        : (field.options ?? []).map((o) => ({ value: o.value, label: () => o.label(LL) }))
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
          {o.label()}
        </option>
      ))}
    </select>
  )
}

interface DateTextProps {
  id?: string
  kind: 'date' | 'month'
  label: string
  value: string
  onChange: (v: string) => void
  invalid?: boolean
  describedBy?: string
}

/**
 * A day (`yyyy-MM-dd`) or month (`yyyy-MM`) typed as text, the grid's own format, with the browser's calendar behind
 * a button (or Alt+↓). Text, because a native date input keeps the focus inside its segments and shows the
 * browser's format instead of the grid's; the calendar input is hidden from Tab and from screen readers.
 */
export function DateText({ id, kind, label, value, onChange, invalid, describedBy }: DateTextProps) {
  const { LL } = useI18nContext()
  const picker = useRef<HTMLInputElement>(null)
  const open = () => {
    const el = picker.current
    if (!el) return
    el.value = kind === 'date' ? (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '') : (normalMonth(value) ?? '')
    try {
      el.showPicker()
    } catch {
      // No picker in this browser (or no user gesture): typing still works.
    }
  }
  return (
    <span className="relative inline-flex items-center">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={kind === 'date' ? LL.nav.dayPattern() : LL.nav.monthPattern()}
        className={`${inputClass} ${kind === 'date' ? 'w-32' : 'w-28'} pr-7 tabular-nums ${invalid ? 'border-[var(--danger)]' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.altKey && e.key === 'ArrowDown') {
            e.preventDefault()
            open()
          }
        }}
      />
      <button type="button" tabIndex={-1} aria-label={LL.nav.openCalendar()} onClick={open}
        className="absolute right-1 rounded p-0.5 text-[var(--muted)] hover:text-[var(--text)]">
        <CalendarDays aria-hidden size={14} />
      </button>
      <input ref={picker} type={kind} tabIndex={-1} aria-hidden className="pointer-events-none absolute bottom-0 left-0 h-0 w-0 opacity-0"
        onChange={(e) => e.target.value && onChange(e.target.value)} />
    </span>
  )
}

/** The month of spec section 6 (`yyyyMM` in the URL and the payload), shown and typed as `yyyy-MM` like the grid. */
export function MonthInput({ field, draft, set, id, invalid, describedBy }: InputProps) {
  const raw = str(draft[field.name])
  const { LL } = useI18nContext()
  return <DateText id={id} kind="month" label={field.label(LL)} value={/^\d{6}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4)}` : raw}
    onChange={(v) => set({ [field.name]: v })} invalid={invalid} describedBy={describedBy} />
}

/** The account selector of spec section 6: accounts of the product type, loaded once per type. */
export function AccountInput({ field, draft, set, id }: InputProps) {
  const { LL } = useI18nContext()
  const prodType = field.prodType ?? -1
  const { data = [] } = useQuery(accountsQuery(prodType))
  const options = useMemo(() => data.map((a) => ({ value: a.cus_id, label: `${a.cus_name} (${a.cus_id})` })), [data])
  return (
    <Combobox id={id} options={options} value={str(draft[field.name])} onChange={(v) => set({ [field.name]: v })}
      emptyLabel={field.placeholder?.(LL) ?? LL.grid.chooseAccount()} className="w-56" />
  )
}
