import { useI18nContext } from '@/i18n/i18n-react'
import { activeShortcut, SHORTCUT_SETS, shortcutRange, shortcutSetFor } from './date-shortcuts'
import { fieldKeys } from './url-state'
import { inputClass, type InputProps } from './search-inputs'

const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '')

/** Two date inputs and the shortcut set the field names (spec section 9); shortcuts fill both ends at once. */
export function DateRangeInput({ field, draft, set, id }: InputProps) {
  const { LL } = useI18nContext()
  const [fromKey, toKey] = fieldKeys(field)
  const set_ = shortcutSetFor(field, draft)
  const active = activeShortcut(set_, { from: day(draft[fromKey]), to: day(draft[toKey]) })
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <input
        id={id}
        type="date"
        aria-label={LL.grid.startDate()}
        className={inputClass}
        value={day(draft[fromKey])}
        onChange={(e) => set({ [fromKey]: e.target.value })}
      />
      <span className="text-xs text-[var(--muted)]">{LL.grid.rangeTo()}</span>
      <input
        type="date"
        aria-label={LL.grid.endDate()}
        className={inputClass}
        value={day(draft[toKey])}
        onChange={(e) => set({ [toKey]: e.target.value })}
      />
      {SHORTCUT_SETS[set_].map((s) => (
        <button
          key={s}
          type="button"
          data-shortcut={s}
          aria-pressed={active === s}
          onClick={() => {
            const r = shortcutRange(s)
            set({ [fromKey]: r.from, [toKey]: r.to })
          }}
          className={`h-7 rounded px-2 text-xs hover:bg-[var(--surface-2)]
            ${active === s ? 'bg-[var(--primary)]/15 text-[var(--primary)]' : 'text-[var(--muted)]'}`}
        >
          {LL.grid.shortcuts[s]()}
        </button>
      ))}
    </span>
  )
}
