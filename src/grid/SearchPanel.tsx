import { forwardRef, useId, useLayoutEffect, useRef, useState, type ComponentType, type RefObject } from 'react'
import { formatShortcut, GRID_SHORTCUTS } from '@/commands'
import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import { checkDates, type DateProblem } from './date-text'
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
  /**
   * Which control had the focus when the panel was last replaced (the index among its controls), so a new view or a
   * reset does not drop the focus to the page; the screen sets 0 to ask for the first field.
   */
  focusMemory: RefObject<number | null>
}

const controls = (form: HTMLFormElement | null) =>
  form ? [...form.querySelectorAll<HTMLElement>('input:not([tabindex="-1"]), select, button')] : []

/**
 * The search panel. A form, so Enter in any field searches. The screen keys it by the view's filters, so a new
 * view (back/forward, reset, a bookmark) starts a fresh draft and the panel always shows what the grid shows.
 * Dates are checked before a search: a bad one is named next to its field and the search says why it did nothing.
 */
export const SearchPanel = forwardRef<HTMLFormElement, Props>(function SearchPanel(
  { fields, filters, onSearch, onReset, focusMemory }, ref,
) {
  const { LL } = useI18nContext()
  const base = useId()
  const [draft, setDraft] = useState<Draft>(filters)
  const [problems, setProblems] = useState<Record<string, DateProblem>>({})
  const form = useRef<HTMLFormElement | null>(null)
  const setForm = (el: HTMLFormElement | null) => {
    form.current = el
    if (typeof ref === 'function') ref(el)
    else if (ref) ref.current = el
  }

  useLayoutEffect(() => {
    const memory = focusMemory
    if (memory.current !== null) {
      controls(form.current)[memory.current]?.focus()
      memory.current = null
    }
    const el = form.current
    return () => {
      const i = controls(el).indexOf(document.activeElement as HTMLElement)
      // A request already standing (Reset asks for the first field) wins over where the focus happened to be.
      if (i >= 0 && memory.current === null) memory.current = i
    }
  }, [focusMemory])

  if (!fields.length) return null
  const words = (p: DateProblem) => (p === 'badMonth' ? LL.nav.badMonth() : p === 'dateOrder' ? LL.nav.dateOrder() : LL.nav.badDate())
  const firstProblem = fields.find((f) => problems[f.name])
  return (
    <form
      ref={setForm}
      aria-label={LL.grid.searchPanel()}
      noValidate
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-[var(--border)] px-3 py-2"
      // Browsers submit on Enter from a text field only; in a select it means "search" here too.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.altKey && !e.ctrlKey && !e.metaKey && (e.target as HTMLElement).tagName === 'SELECT') {
          e.preventDefault()
          form.current?.requestSubmit()
        }
      }}
      onSubmit={(e) => {
        e.preventDefault()
        const checked = checkDates(fields, draft)
        setProblems(checked.problems)
        const bad = fields.find((f) => checked.problems[f.name])
        if (bad) {
          form.current?.querySelector<HTMLElement>(`[data-field="${bad.name}"] input`)?.focus()
          return
        }
        onSearch(checked.draft)
      }}
    >
      {fields.map((f, i) => {
        const Input = INPUTS[f.kind]
        const id = `${base}-${i}`
        const problem = problems[f.name]
        return (
          <span key={f.name} className="inline-flex items-center gap-1.5" data-field={f.name}>
            <label htmlFor={id} className="text-xs whitespace-nowrap text-[var(--muted)]">
              {f.label(LL)}
            </label>
            <Input field={f} draft={draft} id={id} invalid={!!problem} describedBy={problem ? `${id}-problem` : undefined}
              set={(patch) => {
                setDraft((d) => ({ ...d, ...patch }))
                if (problem) setProblems(({ [f.name]: _gone, ...rest }) => rest)
              }} />
            {problem && (
              <span id={`${id}-problem`} role="alert" data-testid="field-problem" className="text-xs text-[var(--danger)]">
                {words(problem)}
              </span>
            )}
          </span>
        )
      })}
      <span className="ml-auto inline-flex items-center gap-2">
        {firstProblem && (
          <span role="status" data-testid="search-blocked" className="text-xs text-[var(--danger)]">
            {LL.nav.searchBlocked({ reason: words(problems[firstProblem.name]) })}
          </span>
        )}
        {/* Never blocked while the list loads: a search made then (Enter as the screen opens) supersedes that load. */}
        <Button type="submit" size="field">
          {LL.grid.search()}
        </Button>
        <Button variant="secondary" size="field" onClick={onReset} title={`${LL.grid.reset()} (${formatShortcut(GRID_SHORTCUTS.reset)})`}>
          {LL.grid.reset()}
        </Button>
      </span>
    </form>
  )
})
