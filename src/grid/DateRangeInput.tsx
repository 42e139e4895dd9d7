import { useI18nContext } from '@/i18n/i18n-react'
import { activeShortcut, SHORTCUT_SETS, shortcutRange, shortcutSetFor } from './date-shortcuts'
import { normalDay } from './date-text'
import { fieldKeys } from './url-state'
import { DateText, type InputProps } from './search-inputs'

/** What was typed, as typed (rewriting it mid-typing would move the caret); a stored date-time shows its day. */
const text = (v: unknown) => (typeof v === 'string' ? (/^\d{4}-\d{2}-\d{2}[ T]/.test(v) ? v.slice(0, 10) : v) : '')

/**
 * Two dates typed as `yyyy-MM-dd` (each with the browser's calendar one button or Alt+↓ away) and the shortcut set
 * the field names (spec section 9); shortcuts fill both ends at once.
 */
export function DateRangeInput({ field, draft, set, id, invalid, describedBy }: InputProps) {
  const { LL } = useI18nContext()
  const [fromKey, toKey] = fieldKeys(field)
  const set_ = shortcutSetFor(field, draft)
  // Outline the end that is wrong; a range in the wrong order outlines both.
  const fromBad = !!invalid && normalDay(draft[fromKey]) === null
  const toBad = !!invalid && normalDay(draft[toKey]) === null
  const both = !!invalid && !fromBad && !toBad
  const active = activeShortcut(set_, { from: normalDay(draft[fromKey]) ?? '', to: normalDay(draft[toKey]) ?? '' })
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <DateText id={id} kind="date" label={LL.grid.startDate()} value={text(draft[fromKey])} onChange={(v) => set({ [fromKey]: v })}
        invalid={fromBad || both} describedBy={describedBy} />
      <span className="text-xs text-[var(--muted)]">{LL.grid.rangeTo()}</span>
      <DateText kind="date" label={LL.grid.endDate()} value={text(draft[toKey])} onChange={(v) => set({ [toKey]: v })}
        invalid={toBad || both} describedBy={describedBy} />
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
          // Solid when chosen: primary text on a tint of itself falls under 4.5:1 (4.0–4.5 in seven themes).
          className={`h-7 rounded px-2 text-xs
            ${active === s ? 'bg-[var(--primary)] text-[var(--primary-contrast)]' : 'text-[var(--muted)] hover:bg-[var(--surface-2)]'}`}
        >
          {LL.grid.shortcuts[s]()}
        </button>
      ))}
    </span>
  )
}
