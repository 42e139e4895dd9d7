import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import type { CSSProperties, ReactNode } from 'react'

export interface MenuItem {
  id: string
  label: string
  danger?: boolean
  disabled?: boolean
  onSelect: () => void
}

interface Props {
  /** The trigger's accessible name (it may show only an icon). */
  label: string
  trigger: ReactNode
  items: readonly MenuItem[]
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** Where focus goes as it closes; preventDefault() keeps the caller's choice instead of the trigger. */
  onCloseAutoFocus?: (e: Event) => void
  testId?: string
  triggerClassName?: string
  /** Places the trigger, e.g. over a grid cell for a menu opened by key (the row-actions menu). */
  triggerStyle?: CSSProperties
  /** Which side of the trigger the menu lines up with (default its end). */
  align?: 'start' | 'end'
}

/** A dropdown menu (Radix): arrows move, Enter picks, Esc closes; features use this, never Radix directly. */
export function Menu({ label, trigger, items, open, onOpenChange, onCloseAutoFocus, testId, triggerClassName = '', triggerStyle, align = 'end' }: Props) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger aria-label={label} title={label} tabIndex={-1} data-testid={testId} className={triggerClassName} style={triggerStyle}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          aria-label={label}
          sideOffset={4}
          onCloseAutoFocus={onCloseAutoFocus}
          className="z-50 min-w-32 rounded-md border border-[var(--border)] bg-[var(--surface)] p-1 text-sm text-[var(--text)] shadow-lg"
        >
          {items.map((i) => (
            <DropdownMenu.Item
              key={i.id}
              disabled={i.disabled}
              data-action={i.id}
              onSelect={i.onSelect}
              className={`cursor-pointer rounded px-3 py-1.5 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40
                data-[highlighted]:bg-[var(--surface-2)] ${i.danger ? 'text-[var(--danger)]' : ''}`}
            >
              {i.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
