import { useRef, useState, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Popover } from '@/components/ui/Popover'
import { useI18nContext } from '@/i18n/i18n-react'

export interface PlaceholderOption {
  /** `{p1}`, `{p2}`, … */
  text: string
  /** What it is filled with: the column's name or number. */
  name: string
}

/** Up and Down move between the menu's items (Home, End too); Tab leaves as usual. */
export function moveFocus(e: KeyboardEvent<HTMLElement>) {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')]
  const at = items.indexOf(document.activeElement as HTMLElement)
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key]
  if (next === undefined || !items.length) return
  e.preventDefault()
  items[(next + items.length) % items.length].focus()
}

/** "Insert placeholder": a keyboard-reachable menu of the file's columns; picking one inserts it at the cursor. */
export function PlaceholderMenu({ options, onInsert }: { options: PlaceholderOption[]; onInsert: (text: string) => void }) {
  const { LL } = useI18nContext()
  const t = LL.sendP2p.template
  const [open, setOpen] = useState(false)
  // After an insert the editor takes focus (at the inserted text), not the menu's button.
  const inserted = useRef(false)
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      align="start"
      testId="placeholder-menu"
      onCloseAutoFocus={(e) => {
        if (inserted.current) e.preventDefault()
        inserted.current = false
      }}
      trigger={<Button variant="secondary" data-testid="insert-placeholder" aria-haspopup="menu">{t.insert()}</Button>}
    >
      {options.length === 0 ? (
        <p className="max-w-xs p-1 text-[var(--muted)]">{t.noColumns()}</p>
      ) : (
        <div role="menu" aria-label={t.insert()} onKeyDown={moveFocus} className="flex min-w-48 flex-col">
          <p className="px-2 pb-1 text-xs text-[var(--muted)]">{t.insertHint()}</p>
          {options.map((o, i) => (
            <button
              key={o.text}
              autoFocus={i === 0}
              type="button"
              role="menuitem"
              data-testid="placeholder-item"
              className="rounded px-2 py-1 text-left hover:bg-[var(--surface-2)] focus:bg-[var(--surface-2)] focus:outline-none"
              onClick={() => {
                inserted.current = true
                setOpen(false)
                onInsert(o.text)
              }}
            >
              {t.item({ placeholder: o.text, name: o.name })}
            </button>
          ))}
        </div>
      )}
    </Popover>
  )
}
