import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem<K extends string> {
  key: K
  label: string
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[]
  value: K
  onChange: (key: K) => void
  children: ReactNode
  label?: string
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; only the active tab is
 * in the tab order, so Tab goes straight from the tab list into the panel.
 */
export function Tabs<K extends string>({ items, value, onChange, children, label }: TabsProps<K>) {
  const base = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const index = items.findIndex((t) => t.key === value)

  function onKeyDown(e: KeyboardEvent) {
    const last = items.length - 1
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[e.key]
    if (next === undefined) return
    e.preventDefault()
    const i = next < 0 ? last : next > last ? 0 : next
    onChange(items[i].key)
    refs.current[i]?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex border-b border-[var(--border)]" onKeyDown={onKeyDown}>
        {items.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.key}`}
            aria-selected={t.key === value}
            aria-controls={`${base}-panel`}
            tabIndex={t.key === value ? 0 : -1}
            onClick={() => onChange(t.key)}
            className={`-mb-px flex-1 border-b-2 px-3 py-2 text-sm outline-none focus-visible:bg-[var(--surface-2)] ${
              t.key === value ? 'border-[var(--primary)] text-[var(--primary)]' : 'border-transparent text-[var(--muted)]'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${value}`} className="pt-4">
        {children}
      </div>
    </div>
  )
}
