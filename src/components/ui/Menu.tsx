import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import type { ReactNode } from 'react'

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
}

/** A dropdown menu (Radix): arrows move, Enter picks, Esc closes; features use this, never Radix directly. */
export function Menu({ label, trigger, items, open, onOpenChange, onCloseAutoFocus, testId, triggerClassName = '' }: Props) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger aria-label={label} title={label} tabIndex={-1} data-testid={testId} className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
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
