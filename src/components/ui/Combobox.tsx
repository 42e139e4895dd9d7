import { ChevronDown } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useI18nContext } from '@/i18n/i18n-react'

export interface ComboOption {
  value: string
  label: string
}

interface Props {
  id?: string
  options: readonly ComboOption[]
  /** '' is the empty choice ("all", "choose an account"), always offered first while nothing is typed. */
  value: string
  onChange: (value: string) => void
  emptyLabel: string
  testId?: string
  className?: string
  invalid?: boolean
  describedBy?: string
}

const POPUP = 'absolute top-full left-0 z-50 mt-1 min-w-full rounded border border-[var(--border)] bg-[var(--surface)] text-sm shadow-lg'

/** Case-insensitive parts of the label, so "acme" and "艾克米" both find "艾克米科技有限公司 (acme)". */
const matches = (o: ComboOption, q: string) => o.label.toLowerCase().includes(q.trim().toLowerCase())

/**
 * A select that can be searched, keyboard first (the ARIA combobox pattern): typing filters, ↑/↓ move, Enter picks,
 * Escape or leaving the field keeps the value it had. Enter while an input method is composing (Chinese pinyin) is
 * the IME's, never a pick. With the list shut, Enter is left to the form around it (a search panel searches).
 */
export function Combobox({ id, options, value, onChange, emptyLabel, testId, className = 'w-48', invalid, describedBy }: Props) {
  const { LL } = useI18nContext()
  const ownId = useId()
  const inputId = id ?? ownId
  const listId = `${inputId}-list`
  const chosen = options.find((o) => o.value === value)
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const composing = useRef(false)
  const shown = useMemo(() => {
    const hits = query ? options.filter((o) => matches(o, query)) : options
    return query ? hits : [{ value: '', label: emptyLabel }, ...hits]
  }, [options, query, emptyLabel])

  const close = () => {
    setOpen(false)
    setQuery(null)
  }
  const pick = (o: ComboOption | undefined) => {
    if (o && o.value !== value) onChange(o.value)
    close()
  }
  const openAt = (i: number) => {
    setOpen(true)
    setActive(Math.max(0, Math.min(i, shown.length - 1)))
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) return
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const at = shown.findIndex((o) => o.value === value)
      if (!open) openAt(at >= 0 ? at : 0)
      else setActive((i) => (e.key === 'ArrowDown' ? Math.min(i + 1, shown.length - 1) : Math.max(i - 1, 0)))
    } else if (e.key === 'Enter' && open) {
      e.preventDefault()
      pick(shown[active])
    } else if (e.key === 'Escape' && open) {
      e.preventDefault()
      e.stopPropagation()
      close()
    }
  }
  const activeId = open && shown[active] ? `${listId}-${active}` : undefined
  // A listbox must hold options: with nothing to offer it stays shut and a live status says so instead.
  const listed = open && shown.length > 0
  const noMatch = open && !shown.length
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' })
  }, [activeId])

  return (
    <span className={`relative inline-flex ${className}`}>
      <input
        id={inputId}
        role="combobox"
        data-testid={testId}
        data-value={value}
        aria-expanded={listed}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={emptyLabel}
        value={query ?? chosen?.label ?? ''}
        onChange={(e) => {
          setQuery(e.target.value)
          setOpen(true)
          setActive(0)
        }}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => (composing.current = false)}
        onKeyDown={onKeyDown}
        onBlur={close}
        onClick={() => (open ? close() : openAt(Math.max(0, shown.findIndex((o) => o.value === value))))}
        className={`h-8 w-full rounded border bg-[var(--surface)] pr-7 pl-2 text-sm text-[var(--text)] outline-none
          focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30 ${invalid ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
      />
      <ChevronDown aria-hidden size={14} className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-[var(--muted)]" />
      <ul
        id={listId}
        role="listbox"
        aria-label={emptyLabel}
        hidden={!listed}
        className={`${POPUP} max-h-64 overflow-auto py-1`}
      >
        {listed && shown.map((o, i) => (
          <li
            key={o.value || '(empty)'}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={o.value === value}
            data-value={o.value}
            data-active={i === active || undefined}
            // The input keeps the focus: a click picks without a blur first.
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(o)}
            className={`cursor-pointer px-2 py-1 whitespace-nowrap ${i === active ? 'bg-[var(--primary)] text-[var(--primary-contrast)]' : 'text-[var(--text)]'}`}
          >
            {o.label}
          </li>
        ))}
      </ul>
      <span role="status" className={noMatch ? `${POPUP} px-2 py-1 text-[var(--muted)]` : 'sr-only'}>{noMatch ? LL.grid.noMatch() : ''}</span>
    </span>
  )
}
