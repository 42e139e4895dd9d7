import { forwardRef, useId, useState, type ComponentType } from 'react'
import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import type { SearchField, SearchKind } from './define-list'
import { DateRangeInput } from './DateRangeInput'
import { AccountInput, MonthInput, SelectInput, TextInput, type Draft, type InputProps } from './search-inputs'

const INPUTS: Record<SearchKind, ComponentType<InputProps>> = {
  text: TextInput,
  number: TextInput,
  select: SelectInput,
  dimension: SelectInput,
  account: AccountInput,
  month: MonthInput,
  dateRange: DateRangeInput,
}

interface Props {
  fields: readonly SearchField[]
  /** The filters of the current view; the panel edits a draft of them until Search. */
  filters: Draft
  onSearch: (draft: Draft) => void
  onReset: () => void
  busy: boolean
}

/**
 * The search panel. A form, so Enter in any field searches. The screen keys it by the view's filters, so a new
 * view (back/forward, reset, a bookmark) starts a fresh draft and the panel always shows what the grid shows.
 */
export const SearchPanel = forwardRef<HTMLFormElement, Props>(function SearchPanel({ fields, filters, onSearch, onReset, busy }, ref) {
  const { LL } = useI18nContext()
  const base = useId()
  const [draft, setDraft] = useState<Draft>(filters)
  if (!fields.length) return null
  return (
    <form
      ref={ref}
      aria-label={LL.grid.searchPanel()}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-[var(--border)] px-3 py-2"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(draft)
      }}
    >
      {fields.map((f, i) => {
        const Input = INPUTS[f.kind]
        const id = `${base}-${i}`
        return (
          <span key={f.name} className="inline-flex items-center gap-1.5" data-field={f.name}>
            <label htmlFor={id} className="text-xs whitespace-nowrap text-[var(--muted)]">
              {f.label(LL)}
            </label>
            <Input field={f} draft={draft} id={id} set={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
          </span>
        )
      })}
      <span className="ml-auto inline-flex gap-2">
        <Button type="submit" busy={busy} className="h-8 py-0">
          {LL.grid.search()}
        </Button>
        <Button variant="secondary" className="h-8 py-0" onClick={onReset} title="Alt+R">
          {LL.grid.reset()}
        </Button>
      </span>
    </form>
  )
})
