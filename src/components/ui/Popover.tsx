import * as RadixPopover from '@radix-ui/react-popover'
import type { ReactNode } from 'react'

export interface PopoverProps {
  /** The button that opens it; rendered as the Radix trigger (asChild), so it keeps its own semantics. */
  trigger: ReactNode
  children: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
  align?: 'start' | 'center' | 'end'
  testId?: string
  /** Called as it closes, before focus returns to the trigger; `preventDefault()` keeps focus where the caller put it. */
  onCloseAutoFocus?: (e: Event) => void
}

/** A floating panel anchored to its trigger; Esc and an outside click close it, focus returns to the trigger. */
export function Popover({ trigger, children, open, onOpenChange, align = 'end', testId, onCloseAutoFocus }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          align={align}
          sideOffset={6}
          data-testid={testId}
          onCloseAutoFocus={onCloseAutoFocus}
          className="z-50 max-h-[60vh] overflow-y-auto rounded-md border border-[var(--border)] bg-[var(--surface)] p-2 text-sm text-[var(--text)] shadow-lg outline-none"
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  )
}
